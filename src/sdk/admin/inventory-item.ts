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
    create: op<[body: HttpTypes.AdminCreateInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items/{id}", "id body query"),
    export: op<[body: HttpTypes.AdminExportInventoryItemRequest, query?: HttpTypes.AdminInventoryItemsParams, headers?: H], HttpTypes.AdminExportInventoryItemResponse>("POST /admin/inventory-items/export", "body query"),
    list: op<[query?: HttpTypes.AdminInventoryItemsParams, headers?: H], HttpTypes.AdminInventoryItemListResponse>("GET /admin/inventory-items", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("GET /admin/inventory-items/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminInventoryItemDeleteResponse>("DELETE /admin/inventory-items/{id}", "id"),
    listLevels: op<[id: string, query?: HttpTypes.AdminInventoryLevelFilters, headers?: H], HttpTypes.AdminInventoryLevelListResponse>("GET /admin/inventory-items/{id}/location-levels", "id query"),
    updateLevel: op<[id: string, locationId: string, body: HttpTypes.AdminUpdateInventoryLevel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>("POST /admin/inventory-items/{id}/location-levels/{locationId}", "id locationId body query"),
    deleteLevel: op<[id: string, locationId: string, headers?: H], HttpTypes.AdminInventoryLevelDeleteResponse>("DELETE /admin/inventory-items/{id}/location-levels/{locationId}", "id locationId"),
    batchUpdateLevels: op<[id: string, body: HttpTypes.AdminBatchInventoryItemLocationLevels, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchInventoryItemLocationLevelsResponse>("POST /admin/inventory-items/{id}/location-levels/batch", "id body query"),
    batchInventoryItemLocationLevels: op<[id: string, body: HttpTypes.AdminBatchInventoryItemLocationLevels, headers?: H], HttpTypes.AdminBatchInventoryItemLocationLevelsResponse>("POST /admin/inventory-items/{id}/location-levels/batch", "id body"),
    batchInventoryItemsLocationLevels: op<[body: HttpTypes.AdminBatchInventoryItemsLocationLevels, headers?: H], HttpTypes.AdminBatchInventoryItemsLocationLevelsResponse>("POST /admin/inventory-items/location-levels/batch", "body"),
    createLevel: op<[id: string, body: HttpTypes.AdminBatchCreateInventoryItemLocationLevels, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInventoryItemResponse>(
      "POST /admin/inventory-items/{id}/location-levels",
      "id body query",
      { summary: "Ours (no js-sdk method): creates one stock level of an inventory item at a location." },
    ),
  },
});
