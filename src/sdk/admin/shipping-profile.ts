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
    /**
     * Create a shipping profile. `POST /admin/shipping-profiles`
     * https://docs.medusajs.com/api/admin#shipping-profiles
     * @example
     * const { shipping_profile } = await sdk.admin.shippingProfile.create({ name: "Summer", type: "type" })
     */
    create: op<[body: HttpTypes.AdminCreateShippingProfile, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("POST /admin/shipping-profiles", "body query"),
    /**
     * Update a shipping profile. `POST /admin/shipping-profiles/{id}`
     * https://docs.medusajs.com/api/admin#shipping-profiles
     * @example
     * const { shipping_profile } = await sdk.admin.shippingProfile.update("sp_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingProfile, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("POST /admin/shipping-profiles/{id}", "id body query"),
    /**
     * Delete a shipping profile. `DELETE /admin/shipping-profiles/{id}`
     * https://docs.medusajs.com/api/admin#shipping-profiles
     * @example
     * const { id, deleted } = await sdk.admin.shippingProfile.delete("sp_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingProfileDeleteResponse>("DELETE /admin/shipping-profiles/{id}", "id"),
    /**
     * List shipping profiles. `GET /admin/shipping-profiles`
     * https://docs.medusajs.com/api/admin#shipping-profiles
     * @example
     * const { shipping_profiles, count } = await sdk.admin.shippingProfile.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminShippingProfileListParams, headers?: H], HttpTypes.AdminShippingProfileListResponse>("GET /admin/shipping-profiles", "query", { list: true }),
    /**
     * Retrieve one shipping profile. `GET /admin/shipping-profiles/{id}`
     * https://docs.medusajs.com/api/admin#shipping-profiles
     * @example
     * const { shipping_profile } = await sdk.admin.shippingProfile.retrieve("sp_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingProfileResponse>("GET /admin/shipping-profiles/{id}", "id query"),
  },
});
