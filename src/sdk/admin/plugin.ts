import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Installed plugins. https://docs.medusajs.com/api/admin#plugins
 * @example const { plugins } = await sdk.admin.plugin.list()
 */
export const plugin = defineResource({
  name: "plugin",
  path: "/admin/plugins",
  one: "plugin",
  many: "plugins",
  columns: ["name"],
  docs: "https://docs.medusajs.com/api/admin#plugins",
  methods: {
    /**
     * List plugins. `GET /admin/plugins`
     * https://docs.medusajs.com/api/admin#plugins
     * @example
     * const { plugins } = await sdk.admin.plugin.list()
     */
    list: op<[headers?: H], HttpTypes.AdminPluginsListResponse>("GET /admin/plugins", ""),
  },
});
