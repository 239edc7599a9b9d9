import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";

type H = Record<string, string>;

/**
 * Admin users. https://docs.medusajs.com/api/admin#users
 * @example const { user } = await sdk.admin.user.me()
 */
export const user = defineResource({
  name: "user",
  path: "/admin/users",
  one: "user",
  many: "users",
  columns: ["id", "email", "first_name", "last_name", "created_at"],
  methods: {
    update: op<[id: string, body: HttpTypes.AdminUpdateUser, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("POST /admin/users/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminUserListParams, headers?: H], HttpTypes.AdminUserListResponse>("GET /admin/users", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminUserDeleteResponse>("DELETE /admin/users/{id}", "id"),
    me: op<[query?: HttpTypes.AdminUserParams, headers?: H], HttpTypes.AdminUserResponse>("GET /admin/users/me", "query"),
  },
});
