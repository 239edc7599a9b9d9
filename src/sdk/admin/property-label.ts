import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Custom labels of entity properties in the admin. https://docs.medusajs.com/api/admin#property-labels
 * @example const { property_labels } = await sdk.admin.propertyLabel.list({ entity: "product" })
 */
export const propertyLabel = defineResource({
  name: "propertyLabel",
  path: "/admin/property-labels",
  one: "property_label",
  many: "property_labels",
  columns: ["id", "entity", "property", "label"],
  docs: "https://docs.medusajs.com/api/admin#property-labels",
  methods: {
    /**
     * List property labels. `GET /admin/property-labels`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const { property_labels, count } = await sdk.admin.propertyLabel.list({ limit: 20, fields: "id,entity" })
     */
    list: op<[query?: HttpTypes.AdminGetPropertyLabelsParams, headers?: H], HttpTypes.AdminPropertyLabelListResponse>("GET /admin/property-labels", "query"),
    /**
     * Create a property label. `POST /admin/property-labels`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const { property_label } = await sdk.admin.propertyLabel.create({ entity: "entity", property: "property", label: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreatePropertyLabel, headers?: H], HttpTypes.AdminPropertyLabelResponse>("POST /admin/property-labels", "body"),
    /**
     * Retrieve one property label. `GET /admin/property-labels/{id}`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const { property_label } = await sdk.admin.propertyLabel.retrieve("plabel_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPropertyLabelParams, headers?: H], HttpTypes.AdminPropertyLabelResponse>("GET /admin/property-labels/{id}", "id query"),
    /**
     * Update a property label. `POST /admin/property-labels/{id}`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const { property_label } = await sdk.admin.propertyLabel.update("plabel_123", { description: "Light cotton" })
     */
    update: op<[id: string, body: Omit<HttpTypes.AdminUpdatePropertyLabel, "id">, headers?: H], HttpTypes.AdminPropertyLabelResponse>("POST /admin/property-labels/{id}", "id body"),
    /**
     * Delete a property label. `DELETE /admin/property-labels/{id}`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const { id, deleted } = await sdk.admin.propertyLabel.delete("plabel_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminPropertyLabelDeleteResponse>("DELETE /admin/property-labels/{id}", "id"),
    /**
     * Batch. `POST /admin/property-labels/batch`
     * https://docs.medusajs.com/api/admin#property-labels
     * @example
     * const res = await sdk.admin.propertyLabel.batch({ create: [{ entity: "entity", property: "property", label: "Summer" }] })
     */
    batch: op<[body: HttpTypes.AdminBatchPropertyLabels, headers?: H], HttpTypes.AdminBatchPropertyLabelResponse>("POST /admin/property-labels/batch", "body"),
  },
});
