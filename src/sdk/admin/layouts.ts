import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Admin layout configurations per zone. https://docs.medusajs.com/api/admin#layouts
 * @example await sdk.admin.layouts.retrieveConfiguration("product.details")
 */
export const layouts = defineResource({
  name: "layouts",
  path: "/admin/layouts",
  one: "layout_configuration",
  many: "layout_configurations",
  columns: ["id", "zone", "updated_at"],
  docs: "https://docs.medusajs.com/api/admin#layouts",
  methods: {
    /**
     * Retrieve configuration. `GET /admin/layouts/{zone}/configuration`
     * https://docs.medusajs.com/api/admin#layouts
     * @example
     * const res = await sdk.admin.layouts.retrieveConfiguration("order.details")
     */
    retrieveConfiguration: op<[zone: string, headers?: H], HttpTypes.AdminLayoutConfigurationResponse>("GET /admin/layouts/{zone}/configuration", "zone"),
    /**
     * Set configuration. `POST /admin/layouts/{zone}/configuration`
     * https://docs.medusajs.com/api/admin#layouts
     * @example
     * const res = await sdk.admin.layouts.setConfiguration("order.details", { configuration: { widgets: {} } })
     */
    setConfiguration: op<[zone: string, body: HttpTypes.AdminSetLayoutConfiguration, headers?: H], HttpTypes.AdminLayoutConfigurationResponse>("POST /admin/layouts/{zone}/configuration", "zone body"),
    /**
     * List configurations. `GET /admin/layouts/configurations`
     * https://docs.medusajs.com/api/admin#layouts
     * @example
     * const { layout_configurations, count } = await sdk.admin.layouts.listConfigurations({ limit: 20 })
     */
    listConfigurations: op<[query?: HttpTypes.AdminGetLayoutConfigurationsParams, headers?: H], HttpTypes.AdminLayoutConfigurationListResponse>("GET /admin/layouts/configurations", "query"),
    /**
     * Delete configuration. `DELETE /admin/layouts/{zone}/configuration`
     * https://docs.medusajs.com/api/admin#layouts
     * @example
     * const { success } = await sdk.admin.layouts.deleteConfiguration("order.details")
     */
    deleteConfiguration: op<[zone: string, headers?: H], { success: boolean; }>("DELETE /admin/layouts/{zone}/configuration", "zone"),
  },
});
