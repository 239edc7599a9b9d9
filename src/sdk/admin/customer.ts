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
    /**
     * Create a customer. `POST /admin/customers`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.create({ email: "jane@example.com" })
     */
    create: op<[body: HttpTypes.AdminCreateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers", "body query"),
    /**
     * Update a customer. `POST /admin/customers/{id}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.update("cus_123", { email: "jane@example.com" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateCustomer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}", "id body query"),
    /**
     * List customers. `GET /admin/customers`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customers, count } = await sdk.admin.customer.list({ limit: 20, fields: "id,email" })
     */
    list: op<[queryParams?: HttpTypes.AdminCustomerFilters, headers?: H], HttpTypes.AdminCustomerListResponse>("GET /admin/customers", "query", { list: true }),
    /**
     * Retrieve one customer. `GET /admin/customers/{id}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.retrieve("cus_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminCustomerResponse>("GET /admin/customers/{id}", "id query"),
    /**
     * Delete a customer. `DELETE /admin/customers/{id}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { id, deleted } = await sdk.admin.customer.delete("cus_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminCustomerDeleteResponse>("DELETE /admin/customers/{id}", "id"),
    /**
     * Batch customer groups. `POST /admin/customers/{id}/customer-groups`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.batchCustomerGroups("cus_123", { add: [] })
     */
    batchCustomerGroups: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/customer-groups", "id body"),
    /**
     * Create address. `POST /admin/customers/{id}/addresses`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.createAddress("cus_123", { first_name: "Jane" })
     */
    createAddress: op<[id: string, body: HttpTypes.AdminCreateCustomerAddress, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/addresses", "id body"),
    /**
     * Update address. `POST /admin/customers/{id}/addresses/{addressId}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.updateAddress("cus_123", "cuaddr_123", { first_name: "Jane" })
     */
    updateAddress: op<[id: string, addressId: string, body: HttpTypes.AdminUpdateCustomerAddress, headers?: H], HttpTypes.AdminCustomerResponse>("POST /admin/customers/{id}/addresses/{addressId}", "id addressId body"),
    /**
     * Delete address. `DELETE /admin/customers/{id}/addresses/{addressId}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { customer } = await sdk.admin.customer.deleteAddress("cus_123", "cuaddr_123")
     */
    deleteAddress: op<[id: string, addressId: string, headers?: H], HttpTypes.AdminCustomerResponse>("DELETE /admin/customers/{id}/addresses/{addressId}", "id addressId"),
    /**
     * Retrieve address. `GET /admin/customers/{id}/addresses/{addressId}`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const { address } = await sdk.admin.customer.retrieveAddress("cus_123", "cuaddr_123")
     */
    retrieveAddress: op<[id: string, addressId: string, headers?: H], HttpTypes.AdminCustomerAddressResponse>("GET /admin/customers/{id}/addresses/{addressId}", "id addressId"),
    /**
     * List addresses. `GET /admin/customers/{id}/addresses`
     * https://docs.medusajs.com/api/admin#customers
     * @example
     * const res = await sdk.admin.customer.listAddresses("cus_123")
     */
    listAddresses: op<[id: string, headers?: H], HttpTypes.AdminCustomerAddressListResponse>("GET /admin/customers/{id}/addresses", "id"),
  },
});
