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
    /**
     * Update a user. `POST /admin/users/{id}`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { user } = await sdk.admin.user.update("user_123", { first_name: "Jane" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateUser, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("POST /admin/users/{id}", "id body query"),
    /**
     * List users. `GET /admin/users`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { users, count } = await sdk.admin.user.list({ limit: 20, fields: "id,email" })
     */
    list: op<[queryParams?: HttpTypes.AdminUserListParams, headers?: H], HttpTypes.AdminUserListResponse>("GET /admin/users", "query", { list: true }),
    /**
     * Retrieve one user. `GET /admin/users/{id}`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { user } = await sdk.admin.user.retrieve("user_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/{id}", "id query"),
    /**
     * List auth providers. `GET /admin/users/{id}/auth-providers`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { providers } = await sdk.admin.user.listAuthProviders("user_123")
     */
    listAuthProviders: op<[id: string, headers?: H], HttpTypes.AdminUserAuthProvidersResponse>("GET /admin/users/{id}/auth-providers", "id"),
    /**
     * Generate reset password token. `POST /admin/users/{id}/reset-password`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { token } = await sdk.admin.user.generateResetPasswordToken("user_123")
     */
    generateResetPasswordToken: op<[id: string, headers?: H], HttpTypes.AdminUserResetPasswordTokenResponse>("POST /admin/users/{id}/reset-password", "id"),
    /**
     * List roles. `GET /admin/users/{id}/roles`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const res = await sdk.admin.user.listRoles("user_123", { limit: 20 })
     */
    listRoles: op<[id: string, queryParams?: HttpTypes.AdminRbacRoleUserListParams, headers?: H], HttpTypes.AdminGetUserRolesParams>("GET /admin/users/{id}/roles", "id query"),
    /**
     * Add roles. `POST /admin/users/{id}/roles`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { roles } = await sdk.admin.user.addRoles("user_123", { roles: [] })
     */
    addRoles: op<[id: string, body: HttpTypes.AdminAssignUserRoles, headers?: H], HttpTypes.AdminUserRolesResponse>("POST /admin/users/{id}/roles", "id body"),
    /**
     * Remove role. `DELETE /admin/users/{id}/roles/{roleId}`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { id, deleted } = await sdk.admin.user.removeRole("user_123", "role_123")
     */
    removeRole: op<[id: string, roleId: string, headers?: H], HttpTypes.AdminUserRoleDeleteResponse>("DELETE /admin/users/{id}/roles/{roleId}", "id roleId"),
    /**
     * Remove roles. `DELETE /admin/users/{id}/roles`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { id, deleted } = await sdk.admin.user.removeRoles("user_123", { roles: [] })
     */
    removeRoles: op<[id: string, body: HttpTypes.AdminRemoveUserRoles, headers?: H], HttpTypes.AdminUserRolesDeleteResponse>("DELETE /admin/users/{id}/roles", "id body"),
    /**
     * Delete a user. `DELETE /admin/users/{id}`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { id, deleted } = await sdk.admin.user.delete("user_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminUserDeleteResponse>("DELETE /admin/users/{id}", "id"),
    /**
     * Me. `GET /admin/users/me`
     * https://docs.medusajs.com/api/admin#users
     * @example
     * const { user } = await sdk.admin.user.me()
     */
    me: op<[query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/me", "query"),
  },
});
