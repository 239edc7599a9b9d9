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
    retrieve: op<[id: string, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("GET /admin/customer-groups/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminGetCustomerGroupsParams, headers?: H], HttpTypes.AdminCustomerGroupListResponse>("GET /admin/customer-groups", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreateCustomerGroup, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateCustomerGroup, query?: HttpTypes.AdminGetCustomerGroupParams, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminCustomerGroupDeleteResponse>("DELETE /admin/customer-groups/{id}", "id"),
    batchCustomers: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCustomerGroupResponse>("POST /admin/customer-groups/{id}/customers", "id body"),
  },
});
