import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * The index engine: status of indexed entities and re-synchronisation (ours: the js-sdk has no
 * method). Registered as `sdk.admin.index`; the file is not index.ts, which is the registry.
 * https://docs.medusajs.com/api/admin
 * @example await sdk.admin.index.sync({ strategy: "full" })
 */
export const indexEngine = defineResource({
  name: "index",
  path: "/admin/index",
  docs: "https://docs.medusajs.com/api/admin",
  methods: {
    /**
     * Ours (no js-sdk method): per indexed entity, its sync status and last sync. `GET /admin/index/details`
     * https://docs.medusajs.com/api/admin
     * @example
     * const { metadata } = await sdk.admin.index.details()
     */
    details: op<[headers?: H], HttpTypes.AdminIndexDetailsResponse>("GET /admin/index/details", "", {
      summary: "Ours (no js-sdk method): per indexed entity, its sync status and last sync.",
    }),
    /**
     * Ours (no js-sdk method): starts an index sync (strategy full or reset). `POST /admin/index/sync`
     * https://docs.medusajs.com/api/admin
     * @example
     * await sdk.admin.index.sync()
     */
    sync: op<[body?: HttpTypes.AdminIndexSyncPayload, headers?: H], unknown>("POST /admin/index/sync", "body", {
      summary: "Ours (no js-sdk method): starts an index sync (strategy full or reset).",
    }),
  },
});
