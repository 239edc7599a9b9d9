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
    /**
     * Create a customer. `POST /store/customers`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { customer } = await sdk.store.customer.create({ email: "jane@example.com" })
     */
    create: op<[body: HttpTypes.StoreCreateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers", "body query"),
    /**
     * Update a customer. `POST /store/customers/me`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { customer } = await sdk.store.customer.update({ metadata: {} })
     */
    update: op<[body: HttpTypes.StoreUpdateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me", "body query"),
    /**
     * Retrieve one customer. `GET /store/customers/me`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { customer } = await sdk.store.customer.retrieve()
     */
    retrieve: op<[query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("GET /store/customers/me", "query"),
    /**
     * Create address. `POST /store/customers/me/addresses`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { customer } = await sdk.store.customer.createAddress({ first_name: "Jane" })
     */
    createAddress: op<[body: HttpTypes.StoreCreateCustomerAddress, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me/addresses", "body query"),
    /**
     * Update address. `POST /store/customers/me/addresses/{addressId}`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { customer } = await sdk.store.customer.updateAddress("cuaddr_123", { first_name: "Jane" })
     */
    updateAddress: op<[addressId: string, body: HttpTypes.StoreUpdateCustomerAddress, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerResponse>("POST /store/customers/me/addresses/{addressId}", "addressId body query"),
    /**
     * List address. `GET /store/customers/me/addresses`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const res = await sdk.store.customer.listAddress({ limit: 20 })
     */
    listAddress: op<[query?: HttpTypes.FindParams & HttpTypes.StoreCustomerAddressFilters, headers?: H], HttpTypes.StoreCustomerAddressListResponse>("GET /store/customers/me/addresses", "query"),
    /**
     * Retrieve address. `GET /store/customers/me/addresses/{addressId}`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { address } = await sdk.store.customer.retrieveAddress("cuaddr_123")
     */
    retrieveAddress: op<[addressId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCustomerAddressResponse>("GET /store/customers/me/addresses/{addressId}", "addressId query"),
    /**
     * Delete address. `DELETE /store/customers/me/addresses/{addressId}`
     * https://docs.medusajs.com/api/store#customers
     * @example
     * const { id, deleted } = await sdk.store.customer.deleteAddress("cuaddr_123")
     */
    deleteAddress: op<[addressId: string, headers?: H], HttpTypes.StoreCustomerAddressDeleteResponse>("DELETE /store/customers/me/addresses/{addressId}", "addressId"),
  },
});
