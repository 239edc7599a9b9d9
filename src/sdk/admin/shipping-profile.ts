import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Shipping profiles. https://docs.medusajs.com/api/admin#shipping-profiles
 * @example await sdk.admin.shippingProfile.create({ name: "Bulky", type: "default" })
 */
export const shippingProfile = defineResource({
  name: "shippingProfile",
  path: "/admin/shipping-profiles",
  one: "shipping_profile",
  many: "shipping_profiles",
  columns: ["id", "name", "type", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#shipping-profiles",
  methods: {
    create: op<[body: HttpTypes.AdminCreateShippingProfile, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("POST /admin/shipping-profiles", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingProfile, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("POST /admin/shipping-profiles/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingProfileDeleteResponse>("DELETE /admin/shipping-profiles/{id}", "id"),
    list: op<[query?: HttpTypes.AdminShippingProfileListParams, headers?: H], HttpTypes.AdminShippingProfileListResponse>("GET /admin/shipping-profiles", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("GET /admin/shipping-profiles/{id}", "id query"),
  },
});
