import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Saved admin view configurations (table columns, filters) per entity. https://docs.medusajs.com/api/admin#views
 * @example const { view_configurations } = await sdk.admin.views.listConfigurations("orders")
 */
export const views = defineResource({
  name: "views",
  path: "/admin/views",
  one: "view_configuration",
  many: "view_configurations",
  columns: ["id", "entity", "name", "is_system_default", "updated_at"],
  docs: "https://docs.medusajs.com/api/admin#views",
  methods: {
    listEntities: op<[headers?: H], HttpTypes.AdminEntityListResponse>("GET /admin/views/entities", ""),
    columns: op<[entity: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminViewsEntityColumnsResponse>("GET /admin/views/{entity}/columns", "entity query"),
    listConfigurations: op<[entity: string, query?: HttpTypes.AdminGetViewConfigurationsParams, headers?: H], HttpTypes.AdminViewConfigurationListResponse>("GET /admin/views/{entity}/configurations", "entity query"),
    createConfiguration: op<[entity: string, body: HttpTypes.AdminCreateViewConfiguration, headers?: H], HttpTypes.AdminViewConfigurationResponse>("POST /admin/views/{entity}/configurations", "entity body"),
    retrieveConfiguration: op<[entity: string, id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminViewConfigurationResponse>("GET /admin/views/{entity}/configurations/{id}", "entity id query"),
    updateConfiguration: op<[entity: string, id: string, body: HttpTypes.AdminUpdateViewConfiguration, headers?: H], HttpTypes.AdminViewConfigurationResponse>("POST /admin/views/{entity}/configurations/{id}", "entity id body"),
    deleteConfiguration: op<[entity: string, id: string, headers?: H], HttpTypes.AdminViewConfigurationDeleteResponse>("DELETE /admin/views/{entity}/configurations/{id}", "entity id"),
    retrieveActiveConfiguration: op<[entity: string, headers?: H], HttpTypes.AdminViewConfigurationResponse & { active_view_configuration_id?: string | null; }>("GET /admin/views/{entity}/configurations/active", "entity"),
    setActiveConfiguration: op<[entity: string, body: { view_configuration_id: string | null; }, headers?: H], { success: boolean; }>("POST /admin/views/{entity}/configurations/active", "entity body"),
  },
});
