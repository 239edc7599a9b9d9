import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Customers, their addresses and their groups. https://docs.medusajs.com/api/admin#customers
 * @example const { customers } = await sdk.admin.customer.list({ q: "smith", limit: 20 })
 */
export const customer = defineResource({
  name: "customer",
  path: "/admin/customers",
  one: "customer",
  many: "customers",
  columns: ["id", "email", "first_name", "last_name", "has_account", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#customers",
  methods: {
    create: op<[body: HttpTypes.AdminCreateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminCustomerFilters, headers?: H], HttpTypes.AdminCustomerListResponse>("GET /admin/customers", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("GET /admin/customers/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminCustomerDeleteResponse>("DELETE /admin/customers/{id}", "id"),
    batchCustomerGroups: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/customer-groups", "id body"),
    createAddress: op<[id: string, body: HttpTypes.AdminCreateCustomerAddress, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/addresses", "id body"),
    updateAddress: op<[id: string, addressId: string, body: HttpTypes.AdminUpdateCustomerAddress, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/addresses/{addressId}", "id addressId body"),
    deleteAddress: op<[id: string, addressId: string, headers?: H], HttpTypes.AdminCustomerResponse>("DELETE /admin/customers/{id}/addresses/{addressId}", "id addressId"),
    retrieveAddress: op<[id: string, addressId: string, headers?: H], HttpTypes.AdminCustomerAddressResponse>("GET /admin/customers/{id}/addresses/{addressId}", "id addressId"),
    listAddresses: op<[id: string, headers?: H], HttpTypes.AdminCustomerAddressListResponse>("GET /admin/customers/{id}/addresses", "id"),
  },
});
