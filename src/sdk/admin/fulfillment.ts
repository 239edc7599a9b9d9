import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { shaped } from "./helpers.js";

/**
 * Fulfillments: creation, shipment and cancellation. https://docs.medusajs.com/api/admin#fulfillments
 * @example await sdk.admin.fulfillment.createShipment("ful_123", { labels: [] })
 */
export const fulfillment = defineResource({
  name: "fulfillment",
  path: "/admin/fulfillments",
  one: "fulfillment",
  columns: ["id", "location_id", "shipped_at", "delivered_at", "canceled_at"],
  docs: "https://docs.medusajs.com/api/admin#fulfillments",
  methods: {
    create: op<[body: HttpTypes.AdminCreateFulfillment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments", "body query"),
    cancel: shaped<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments/{id}/cancel", "id query headers", (id, query, headers) => ({ params: { id }, body: {}, query, headers })),
    createShipment: op<[id: string, body: HttpTypes.AdminCreateFulfillmentShipment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments/{id}/shipment", "id body query"),
  },
});
