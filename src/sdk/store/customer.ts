import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * The logged-in customer and their addresses. https://docs.medusajs.com/api/store#customers
 * @example const { customer } = await sdk.store.customer.retrieve()
 */
export const customer = defineResource({
  name: "customer",
  path: "/store/customers",
  one: "customer",
  columns: ["id", "email", "first_name", "last_name"],
  docs: "https://docs.medusajs.com/api/store#customers",
  methods: {
    create: op<[body: HttpTypes.StoreCreateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers", "body query"),
    update: op<[body: HttpTypes.StoreUpdateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me", "body query"),
    retrieve: op<[query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("GET /store/customers/me", "query"),
    createAddress: op<[body: HttpTypes.StoreCreateCustomerAddress, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me/addresses", "body query"),
    updateAddress: op<[addressId: string, body: HttpTypes.StoreUpdateCustomerAddress, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me/addresses/{addressId}", "addressId body query"),
    listAddress: op<[query?: HttpTypes.FindParams & HttpTypes.StoreCustomerAddressFilters, headers?: H], HttpTypes.StoreCustomerAddressListResponse>("GET /store/customers/me/addresses", "query"),
    retrieveAddress: op<[addressId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerAddressResponse>("GET /store/customers/me/addresses/{addressId}", "addressId query"),
    deleteAddress: op<[addressId: string, headers?: H], HttpTypes.StoreCustomerAddressDeleteResponse>("DELETE /store/customers/me/addresses/{addressId}", "addressId"),
  },
});
