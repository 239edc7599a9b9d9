import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Policies (permissions) of role-based access control. https://docs.medusajs.com/api/admin#rbac
 * @example const { policies } = await sdk.admin.rbacPolicy.list()
 */
export const rbacPolicy = defineResource({
  name: "rbacPolicy",
  path: "/admin/rbac/policies",
  one: "policy",
  many: "policies",
  columns: ["id", "key", "resource", "operation", "name"],
  docs: "https://docs.medusajs.com/api/admin#rbac",
  methods: {
    /**
     * List policies. `GET /admin/rbac/policies`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { policies, count } = await sdk.admin.rbacPolicy.list({ limit: 20, fields: "id,key" })
     */
    list: op<[queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("GET /admin/rbac/policies", "query", { list: true }),
    /**
     * Retrieve one policy. `GET /admin/rbac/policies/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { policy } = await sdk.admin.rbacPolicy.retrieve("policy_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("GET /admin/rbac/policies/{id}", "id query"),
    /**
     * Create a policy. `POST /admin/rbac/policies`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { policy } = await sdk.admin.rbacPolicy.create({ key: "key", resource: "resource", operation: "operation" })
     */
    create: op<[body: HttpTypes.AdminCreateRbacPolicy, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("POST /admin/rbac/policies", "body query"),
    /**
     * Update a policy. `POST /admin/rbac/policies/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { policy } = await sdk.admin.rbacPolicy.update("policy_123", { key: "key" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateRbacPolicy, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("POST /admin/rbac/policies/{id}", "id body query"),
    /**
     * Delete a policy. `DELETE /admin/rbac/policies/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { id, deleted } = await sdk.admin.rbacPolicy.delete("policy_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminRbacPolicyDeleteResponse>("DELETE /admin/rbac/policies/{id}", "id"),
    /**
     * List roles. `GET /admin/rbac/policies/{id}/roles`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const res = await sdk.admin.rbacPolicy.listRoles("policy_123", { limit: 20 })
     */
    listRoles: op<[id: string, queryParams?: HttpTypes.AdminRbacPolicyRoleListParams, headers?: H], HttpTypes.AdminRbacPolicyRolesListResponse>("GET /admin/rbac/policies/{id}/roles", "id query"),
    /**
     * List assignable. `GET /admin/rbac/policies/assignable`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { policies, count } = await sdk.admin.rbacPolicy.listAssignable({ limit: 20 })
     */
    listAssignable: op<[queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacAssignablePoliciesListResponse>("GET /admin/rbac/policies/assignable", "query"),
  },
});
