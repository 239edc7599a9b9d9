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
    list: op<[queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacPolicyListResponse>("GET /admin/rbac/policies", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("GET /admin/rbac/policies/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateRbacPolicy, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("POST /admin/rbac/policies", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateRbacPolicy, query?: HttpTypes.AdminRbacPolicyParams, headers?: H], HttpTypes.AdminRbacPolicyResponse>("POST /admin/rbac/policies/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminRbacPolicyDeleteResponse>("DELETE /admin/rbac/policies/{id}", "id"),
    listRoles: op<[id: string, queryParams?: HttpTypes.AdminRbacPolicyRoleListParams, headers?: H], HttpTypes.AdminRbacPolicyRolesListResponse>("GET /admin/rbac/policies/{id}/roles", "id query"),
    listAssignable: op<[queryParams?: HttpTypes.AdminRbacPolicyListParams, headers?: H], HttpTypes.AdminRbacAssignablePoliciesListResponse>("GET /admin/rbac/policies/assignable", "query"),
  },
});
