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
    list: op<[query?: HttpTypes.AdminGetPropertyLabelsParams, headers?: H], HttpTypes.AdminPropertyLabelListResponse>("GET /admin/property-labels", "query"),
    create: op<[body: HttpTypes.AdminCreatePropertyLabel, headers?: H], HttpTypes.AdminPropertyLabelResponse>("POST /admin/property-labels", "body"),
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPropertyLabelParams, headers?: H], HttpTypes.AdminPropertyLabelResponse>("GET /admin/property-labels/{id}", "id query"),
    update: op<[id: string, body: Omit<HttpTypes.AdminUpdatePropertyLabel, "id">, headers?: H], HttpTypes.AdminPropertyLabelResponse>("POST /admin/property-labels/{id}", "id body"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminPropertyLabelDeleteResponse>("DELETE /admin/property-labels/{id}", "id"),
    batch: op<[body: HttpTypes.AdminBatchPropertyLabels, headers?: H], HttpTypes.AdminBatchPropertyLabelResponse>("POST /admin/property-labels/batch", "body"),
  },
});
