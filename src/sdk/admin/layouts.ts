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
    retrieveConfiguration: op<[zone: string, headers?: H], HttpTypes.AdminLayoutConfigurationResponse>("GET /admin/layouts/{zone}/configuration", "zone"),
    setConfiguration: op<[zone: string, body: HttpTypes.AdminSetLayoutConfiguration, headers?: H], HttpTypes.AdminLayoutConfigurationResponse>("POST /admin/layouts/{zone}/configuration", "zone body"),
    listConfigurations: op<[query?: HttpTypes.AdminGetLayoutConfigurationsParams, headers?: H], HttpTypes.AdminLayoutConfigurationListResponse>("GET /admin/layouts/configurations", "query"),
    deleteConfiguration: op<[zone: string, headers?: H], { success: boolean; }>("DELETE /admin/layouts/{zone}/configuration", "zone"),
  },
});
