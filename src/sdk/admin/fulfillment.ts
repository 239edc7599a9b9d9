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
    /**
     * Create a fulfillment. `POST /admin/fulfillments`
     * https://docs.medusajs.com/api/admin#fulfillments
     * @example
     * const { fulfillment } = await sdk.admin.fulfillment.create({ location_id: "sloc_123", provider_id: "pp_system_default", delivery_address: { first_name: "Jane" } })
     */
    create: op<[body: HttpTypes.AdminCreateFulfillment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments", "body query"),
    /**
     * Cancel. `POST /admin/fulfillments/{id}/cancel`
     * https://docs.medusajs.com/api/admin#fulfillments
     * @example
     * const { fulfillment } = await sdk.admin.fulfillment.cancel("ful_123")
     */
    cancel: shaped<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments/{id}/cancel", "id query headers", (id, query, headers) => ({ params: { id }, body: {}, query, headers })),
    /**
     * Create shipment. `POST /admin/fulfillments/{id}/shipment`
     * https://docs.medusajs.com/api/admin#fulfillments
     * @example
     * const { fulfillment } = await sdk.admin.fulfillment.createShipment("ful_123", { labels: [{ tracking_number: "tracking-number", tracking_url: "tracking-url", label_url: "label-url" }] })
     */
    createShipment: op<[id: string, body: HttpTypes.AdminCreateFulfillmentShipment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentResponse>("POST /admin/fulfillments/{id}/shipment", "id body query"),
  },
});
