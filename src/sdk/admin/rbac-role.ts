import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Roles of role-based access control, their policies and users. https://docs.medusajs.com/api/admin#rbac
 * @example await sdk.admin.rbacRole.addUsers("role_123", { users: ["user_123"] })
 */
export const rbacRole = defineResource({
  name: "rbacRole",
  path: "/admin/rbac/roles",
  one: "role",
  many: "roles",
  columns: ["id", "name", "description", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#rbac",
  methods: {
    /**
     * List roles. `GET /admin/rbac/roles`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { roles, count } = await sdk.admin.rbacRole.list({ limit: 20, fields: "id,name" })
     */
    list: op<[queryParams?: HttpTypes.AdminRbacRoleListParams, headers?: H], HttpTypes.AdminRbacRoleListResponse>("GET /admin/rbac/roles", "query", { list: true }),
    /**
     * Retrieve one role. `GET /admin/rbac/roles/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { role } = await sdk.admin.rbacRole.retrieve("role_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("GET /admin/rbac/roles/{id}", "id query"),
    /**
     * Create a role. `POST /admin/rbac/roles`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { role } = await sdk.admin.rbacRole.create({ name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateRbacRole, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("POST /admin/rbac/roles", "body query"),
    /**
     * Update a role. `POST /admin/rbac/roles/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { role } = await sdk.admin.rbacRole.update("role_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateRbacRole, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("POST /admin/rbac/roles/{id}", "id body query"),
    /**
     * Delete a role. `DELETE /admin/rbac/roles/{id}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { id, deleted } = await sdk.admin.rbacRole.delete("role_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminRbacRoleDeleteResponse>("DELETE /admin/rbac/roles/{id}", "id"),
    /**
     * List policies. `GET /admin/rbac/roles/{roleId}/policies`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const res = await sdk.admin.rbacRole.listPolicies("role_123", { limit: 20 })
     */
    listPolicies: op<[roleId: string, queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("GET /admin/rbac/roles/{roleId}/policies", "roleId query"),
    /**
     * List users. `GET /admin/rbac/roles/{roleId}/users`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const res = await sdk.admin.rbacRole.listUsers("role_123", { limit: 20 })
     */
    listUsers: op<[roleId: string, queryParams?: HttpTypes.AdminRbacRoleUserListParams, headers?: H], HttpTypes.AdminRbacRoleUserListResponse>("GET /admin/rbac/roles/{roleId}/users", "roleId query"),
    /**
     * Add users. `POST /admin/rbac/roles/{roleId}/users`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { users } = await sdk.admin.rbacRole.addUsers("role_123", { users: [] })
     */
    addUsers: op<[roleId: string, body: HttpTypes.AdminAssignRoleUsers, headers?: H], HttpTypes.AdminRbacRoleUsersResponse>("POST /admin/rbac/roles/{roleId}/users", "roleId body"),
    /**
     * Remove users. `DELETE /admin/rbac/roles/{roleId}/users`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { id, deleted } = await sdk.admin.rbacRole.removeUsers("role_123", { users: [] })
     */
    removeUsers: op<[roleId: string, body: HttpTypes.AdminRemoveRoleUsers, headers?: H], HttpTypes.AdminRbacRoleUsersDeleteResponse>("DELETE /admin/rbac/roles/{roleId}/users", "roleId body"),
    /**
     * Add policies. `POST /admin/rbac/roles/{roleId}/policies`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const res = await sdk.admin.rbacRole.addPolicies("role_123", { policies: [] })
     */
    addPolicies: op<[roleId: string, body: HttpTypes.AdminAddRolePolicies, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("POST /admin/rbac/roles/{roleId}/policies", "roleId body"),
    /**
     * Remove policy. `DELETE /admin/rbac/roles/{roleId}/policies/{policyId}`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { id, deleted } = await sdk.admin.rbacRole.removePolicy("role_123", "policy_123")
     */
    removePolicy: op<[roleId: string, policyId: string, headers?: H], HttpTypes.AdminRbacPolicyDeleteResponse>("DELETE /admin/rbac/roles/{roleId}/policies/{policyId}", "roleId policyId"),
    /**
     * Me permissions. `GET /admin/rbac/me/permissions`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { permissions } = await sdk.admin.rbacRole.mePermissions()
     */
    mePermissions: op<[headers?: H], HttpTypes.AdminRbacMePermissionsResponse>("GET /admin/rbac/me/permissions", ""),
    /**
     * List assignable. `GET /admin/rbac/roles/assignable`
     * https://docs.medusajs.com/api/admin#rbac
     * @example
     * const { roles, count } = await sdk.admin.rbacRole.listAssignable({ limit: 20 })
     */
    listAssignable: op<[queryParams?: HttpTypes.AdminRbacRoleListParams, headers?: H], HttpTypes.AdminRbacAssignableRolesListResponse>("GET /admin/rbac/roles/assignable", "query"),
  },
});
