import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Customer groups and their members. https://docs.medusajs.com/api/admin#customer-groups
 * @example await sdk.admin.customerGroup.batchCustomers("cusgroup_123", { add: ["cus_123"] })
 */
export const customerGroup = defineResource({
  name: "customerGroup",
  path: "/admin/customer-groups",
  one: "customer_group",
  many: "customer_groups",
  columns: ["id", "name", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#customer-groups",
  methods: {
    /**
     * Retrieve one customer group. `GET /admin/customer-groups/{id}`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { customer_group } = await sdk.admin.customerGroup.retrieve("cusgroup_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("GET /admin/customer-groups/{id}", "id query"),
    /**
     * List customer groups. `GET /admin/customer-groups`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { customer_groups, count } = await sdk.admin.customerGroup.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminGetCustomerGroupsParams, headers?: H], HttpTypes.AdminCustomerGroupListResponse>("GET /admin/customer-groups", "query", { list: true }),
    /**
     * Create a customer group. `POST /admin/customer-groups`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { customer_group } = await sdk.admin.customerGroup.create({ name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateCustomerGroup, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups", "body query"),
    /**
     * Update a customer group. `POST /admin/customer-groups/{id}`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { customer_group } = await sdk.admin.customerGroup.update("cusgroup_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateCustomerGroup, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups/{id}", "id body query"),
    /**
     * Delete a customer group. `DELETE /admin/customer-groups/{id}`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { id, deleted } = await sdk.admin.customerGroup.delete("cusgroup_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminCustomerGroupDeleteResponse>("DELETE /admin/customer-groups/{id}", "id"),
    /**
     * Batch customers. `POST /admin/customer-groups/{id}/customers`
     * https://docs.medusajs.com/api/admin#customer-groups
     * @example
     * const { customer_group } = await sdk.admin.customerGroup.batchCustomers("cusgroup_123", { add: [] })
     */
    batchCustomers: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups/{id}/customers", "id body"),
  },
});
