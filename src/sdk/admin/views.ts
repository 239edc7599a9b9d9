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
    /**
     * List entities. `GET /admin/views/entities`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { entities } = await sdk.admin.views.listEntities()
     */
    listEntities: op<[headers?: H], HttpTypes.AdminEntityListResponse>("GET /admin/views/entities", ""),
    /**
     * Columns. `GET /admin/views/{entity}/columns`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { columns } = await sdk.admin.views.columns("order")
     */
    columns: op<[entity: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminViewsEntityColumnsResponse>("GET /admin/views/{entity}/columns", "entity query"),
    /**
     * List configurations. `GET /admin/views/{entity}/configurations`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { view_configurations, count } = await sdk.admin.views.listConfigurations("order", { limit: 20 })
     */
    listConfigurations: op<[entity: string, query?: HttpTypes.AdminGetViewConfigurationsParams, headers?: H], HttpTypes.AdminViewConfigurationListResponse>("GET /admin/views/{entity}/configurations", "entity query"),
    /**
     * Create configuration. `POST /admin/views/{entity}/configurations`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { view_configuration } = await sdk.admin.views.createConfiguration("order", { configuration: { visible_columns: [], column_order: [] } })
     */
    createConfiguration: op<[entity: string, body: HttpTypes.AdminCreateViewConfiguration, headers?: H], HttpTypes.AdminViewConfigurationResponse>("POST /admin/views/{entity}/configurations", "entity body"),
    /**
     * Retrieve configuration. `GET /admin/views/{entity}/configurations/{id}`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { view_configuration } = await sdk.admin.views.retrieveConfiguration("order", "view_123")
     */
    retrieveConfiguration: op<[entity: string, id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminViewConfigurationResponse>("GET /admin/views/{entity}/configurations/{id}", "entity id query"),
    /**
     * Update configuration. `POST /admin/views/{entity}/configurations/{id}`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { view_configuration } = await sdk.admin.views.updateConfiguration("order", "view_123", { name: "Summer" })
     */
    updateConfiguration: op<[entity: string, id: string, body: HttpTypes.AdminUpdateViewConfiguration, headers?: H], HttpTypes.AdminViewConfigurationResponse>("POST /admin/views/{entity}/configurations/{id}", "entity id body"),
    /**
     * Delete configuration. `DELETE /admin/views/{entity}/configurations/{id}`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { id, deleted } = await sdk.admin.views.deleteConfiguration("order", "view_123")
     */
    deleteConfiguration: op<[entity: string, id: string, headers?: H], HttpTypes.AdminViewConfigurationDeleteResponse>("DELETE /admin/views/{entity}/configurations/{id}", "entity id"),
    /**
     * Retrieve active configuration. `GET /admin/views/{entity}/configurations/active`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { view_configuration } = await sdk.admin.views.retrieveActiveConfiguration("order")
     */
    retrieveActiveConfiguration: op<[entity: string, headers?: H], HttpTypes.AdminViewConfigurationResponse & { active_view_configuration_id?: string | null; }>("GET /admin/views/{entity}/configurations/active", "entity"),
    /**
     * Set active configuration. `POST /admin/views/{entity}/configurations/active`
     * https://docs.medusajs.com/api/admin#views
     * @example
     * const { success } = await sdk.admin.views.setActiveConfiguration("order", { view_configuration_id: "view_configuration_123" })
     */
    setActiveConfiguration: op<[entity: string, body: { view_configuration_id: string | null; }, headers?: H], { success: boolean; }>("POST /admin/views/{entity}/configurations/active", "entity body"),
  },
});
