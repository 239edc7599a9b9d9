import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Admin users and their roles. https://docs.medusajs.com/api/admin#users
 * @example const { user } = await sdk.admin.user.me()
 */
export const user = defineResource({
  name: "user",
  path: "/admin/users",
  one: "user",
  many: "users",
  columns: ["id", "email", "first_name", "last_name", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#users",
  methods: {
    update: op<[id: string, body: HttpTypes.AdminUpdateUser, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("POST /admin/users/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminUserListParams, headers?: H], HttpTypes.AdminUserListResponse>("GET /admin/users", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/{id}", "id query"),
    listAuthProviders: op<[id: string, headers?: H], HttpTypes.AdminUserAuthProvidersResponse>("GET /admin/users/{id}/auth-providers", "id"),
    generateResetPasswordToken: op<[id: string, headers?: H], HttpTypes.AdminUserResetPasswordTokenResponse>("POST /admin/users/{id}/reset-password", "id"),
    listRoles: op<[id: string, queryParams?: HttpTypes.AdminRbacRoleUserListParams, headers?: H], HttpTypes.AdminGetUserRolesParams>("GET /admin/users/{id}/roles", "id query"),
    addRoles: op<[id: string, body: HttpTypes.AdminAssignUserRoles, headers?: H], HttpTypes.AdminUserRolesResponse>("POST /admin/users/{id}/roles", "id body"),
    removeRole: op<[id: string, roleId: string, headers?: H], HttpTypes.AdminUserRoleDeleteResponse>("DELETE /admin/users/{id}/roles/{roleId}", "id roleId"),
    removeRoles: op<[id: string, body: HttpTypes.AdminRemoveUserRoles, headers?: H], HttpTypes.AdminUserRolesDeleteResponse>("DELETE /admin/users/{id}/roles", "id body"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminUserDeleteResponse>("DELETE /admin/users/{id}", "id"),
    me: op<[query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/me", "query"),
  },
});
