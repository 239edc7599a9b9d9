import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Feature flags enabled on the server (ours: the js-sdk has no method). https://docs.medusajs.com/api/admin
 * @example const { feature_flags } = await sdk.admin.featureFlag.list()
 */
export const featureFlag = defineResource({
  name: "featureFlag",
  path: "/admin/feature-flags",
  many: "feature_flags",
  docs: "https://docs.medusajs.com/api/admin",
  methods: {
    /**
     * Ours (no js-sdk method): the server's feature flags and whether each is on. `GET /admin/feature-flags`
     * https://docs.medusajs.com/api/admin
     * @example
     * const { feature_flags } = await sdk.admin.featureFlag.list()
     */
    list: op<[headers?: H], { feature_flags: Record<string, boolean> }>("GET /admin/feature-flags", "", {
      summary: "Ours (no js-sdk method): the server's feature flags and whether each is on.",
    }),
  },
});
