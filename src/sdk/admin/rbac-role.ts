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
    list: op<[queryParams?: HttpTypes.AdminRbacRoleListParams, headers?: H], HttpTypes.AdminRbacRoleListResponse>("GET /admin/rbac/roles", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("GET /admin/rbac/roles/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateRbacRole, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("POST /admin/rbac/roles", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateRbacRole, query?: HttpTypes.AdminRbacRoleParams, headers?: H], HttpTypes.AdminRbacRoleResponse>("POST /admin/rbac/roles/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminRbacRoleDeleteResponse>("DELETE /admin/rbac/roles/{id}", "id"),
    listPolicies: op<[roleId: string, queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("GET /admin/rbac/roles/{roleId}/policies", "roleId query"),
    listUsers: op<[roleId: string, queryParams?: HttpTypes.AdminRbacRoleUserListParams, headers?: H], HttpTypes.AdminRbacRoleUserListResponse>("GET /admin/rbac/roles/{roleId}/users", "roleId query"),
    addUsers: op<[roleId: string, body: HttpTypes.AdminAssignRoleUsers, headers?: H], HttpTypes.AdminRbacRoleUsersResponse>("POST /admin/rbac/roles/{roleId}/users", "roleId body"),
    removeUsers: op<[roleId: string, body: HttpTypes.AdminRemoveRoleUsers, headers?: H], HttpTypes.AdminRbacRoleUsersDeleteResponse>("DELETE /admin/rbac/roles/{roleId}/users", "roleId body"),
    addPolicies: op<[roleId: string, body: HttpTypes.AdminAddRolePolicies, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("POST /admin/rbac/roles/{roleId}/policies", "roleId body"),
    removePolicy: op<[roleId: string, policyId: string, headers?: H], HttpTypes.AdminRbacPolicyDeleteResponse>("DELETE /admin/rbac/roles/{roleId}/policies/{policyId}", "roleId policyId"),
    mePermissions: op<[headers?: H], HttpTypes.AdminRbacMePermissionsResponse>("GET /admin/rbac/me/permissions", ""),
    listAssignable: op<[queryParams?: HttpTypes.AdminRbacRoleListParams, headers?: H], HttpTypes.AdminRbacAssignableRolesListResponse>("GET /admin/rbac/roles/assignable", "query"),
  },
});
