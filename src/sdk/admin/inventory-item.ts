import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Inventory items and their stock levels per location. https://docs.medusajs.com/api/admin#inventory-items
 * @example await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels({ update: [{ inventory_item_id: "iitem_1", location_id: "sloc_1", stocked_quantity: 10 }] })
 */
export const inventoryItem = defineResource({
  name: "inventoryItem",
  path: "/admin/inventory-items",
  one: "inventory_item",
  many: "inventory_items",
  columns: ["id", "sku", "title", "stocked_quantity", "reserved_quantity", "requires_shipping"],
  docs: "https://docs.medusajs.com/api/admin#inventory-items",
  methods: {
    /**
     * Create a inventory item. `POST /admin/inventory-items`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_item } = await sdk.admin.inventoryItem.create({ sku: "sku" })
     */
    create: op<[body: HttpTypes.AdminCreateInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items", "body query"),
    /**
     * Update a inventory item. `POST /admin/inventory-items/{id}`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_item } = await sdk.admin.inventoryItem.update("iitem_123", { description: "Light cotton" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items/{id}", "id body query"),
    /**
     * Export. `POST /admin/inventory-items/export`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { transaction_id } = await sdk.admin.inventoryItem.export({})
     */
    export: op<[body: HttpTypes.AdminExportInventoryItemRequest, query?: HttpTypes.AdminInventoryItemsParams, headers?: H], HttpTypes.AdminExportInventoryItemResponse>("POST /admin/inventory-items/export", "body query"),
    /**
     * List inventory items. `GET /admin/inventory-items`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_items, count } = await sdk.admin.inventoryItem.list({ limit: 20, fields: "id,sku" })
     */
    list: op<[query?: HttpTypes.AdminInventoryItemsParams, headers?: H], HttpTypes.AdminInventoryItemListResponse>("GET /admin/inventory-items", "query", { list: true }),
    /**
     * Retrieve one inventory item. `GET /admin/inventory-items/{id}`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_item } = await sdk.admin.inventoryItem.retrieve("iitem_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("GET /admin/inventory-items/{id}", "id query"),
    /**
     * Delete a inventory item. `DELETE /admin/inventory-items/{id}`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { id, deleted } = await sdk.admin.inventoryItem.delete("iitem_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminInventoryItemDeleteResponse>("DELETE /admin/inventory-items/{id}", "id"),
    /**
     * List levels. `GET /admin/inventory-items/{id}/location-levels`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const res = await sdk.admin.inventoryItem.listLevels("iitem_123", { limit: 20 })
     */
    listLevels: op<[id: string, query?: HttpTypes.AdminInventoryLevelFilters, headers?: H], HttpTypes.AdminInventoryLevelListResponse>("GET /admin/inventory-items/{id}/location-levels", "id query"),
    /**
     * Update level. `POST /admin/inventory-items/{id}/location-levels/{locationId}`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_item } = await sdk.admin.inventoryItem.updateLevel("iitem_123", "sloc_123", { stocked_quantity: 1 })
     */
    updateLevel: op<[id: string, locationId: string, body: HttpTypes.AdminUpdateInventoryLevel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items/{id}/location-levels/{locationId}", "id locationId body query"),
    /**
     * Delete level. `DELETE /admin/inventory-items/{id}/location-levels/{locationId}`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { id, deleted } = await sdk.admin.inventoryItem.deleteLevel("iitem_123", "sloc_123")
     */
    deleteLevel: op<[id: string, locationId: string, headers?: H], HttpTypes.AdminInventoryLevelDeleteResponse>("DELETE /admin/inventory-items/{id}/location-levels/{locationId}", "id locationId"),
    /**
     * Batch update levels. `POST /admin/inventory-items/{id}/location-levels/batch`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const res = await sdk.admin.inventoryItem.batchUpdateLevels("iitem_123", { update: [{ location_id: "sloc_123" }] })
     */
    batchUpdateLevels: op<[id: string, body: HttpTypes.AdminBatchInventoryItemLocationLevels, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchInventoryItemLocationLevelsResponse>("POST /admin/inventory-items/{id}/location-levels/batch", "id body query"),
    /**
     * Batch inventory item location levels. `POST /admin/inventory-items/{id}/location-levels/batch`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const res = await sdk.admin.inventoryItem.batchInventoryItemLocationLevels("iitem_123", { update: [{ location_id: "sloc_123" }] })
     */
    batchInventoryItemLocationLevels: op<[id: string, body: HttpTypes.AdminBatchInventoryItemLocationLevels, headers?: H], HttpTypes.AdminBatchInventoryItemLocationLevelsResponse>("POST /admin/inventory-items/{id}/location-levels/batch", "id body"),
    /**
     * Batch inventory items location levels. `POST /admin/inventory-items/location-levels/batch`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const res = await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels({ create: [{ location_id: "sloc_123", inventory_item_id: "iitem_123" }] })
     */
    batchInventoryItemsLocationLevels: op<[body: HttpTypes.AdminBatchInventoryItemsLocationLevels, headers?: H], HttpTypes.AdminBatchInventoryItemsLocationLevelsResponse>("POST /admin/inventory-items/location-levels/batch", "body"),
    /**
     * Ours (no js-sdk method): creates one stock level of an inventory item at a location. `POST /admin/inventory-items/{id}/location-levels`
     * https://docs.medusajs.com/api/admin#inventory-items
     * @example
     * const { inventory_item } = await sdk.admin.inventoryItem.createLevel("iitem_123", { location_id: "sloc_123" })
     */
    createLevel: op<[id: string, body: HttpTypes.AdminBatchCreateInventoryItemLocationLevels, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>(
      "POST /admin/inventory-items/{id}/location-levels",
      "id body query",
      { summary: "Ours (no js-sdk method): creates one stock level of an inventory item at a location." },
    ),
  },
});
