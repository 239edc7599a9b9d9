import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Inventory reservations. https://docs.medusajs.com/api/admin#reservations
 * @example const { reservations } = await sdk.admin.reservation.list({ location_id: ["sloc_123"] })
 */
export const reservation = defineResource({
  name: "reservation",
  path: "/admin/reservations",
  one: "reservation",
  many: "reservations",
  columns: ["id", "inventory_item_id", "location_id", "quantity", "line_item_id", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#reservations",
  methods: {
    /**
     * Retrieve one reservation. `GET /admin/reservations/{id}`
     * https://docs.medusajs.com/api/admin#reservations
     * @example
     * const { reservation } = await sdk.admin.reservation.retrieve("resitem_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminReservationParams, headers?: H], HttpTypes.AdminReservationResponse>("GET /admin/reservations/{id}", "id query"),
    /**
     * List reservations. `GET /admin/reservations`
     * https://docs.medusajs.com/api/admin#reservations
     * @example
     * const { reservations, count } = await sdk.admin.reservation.list({ limit: 20, fields: "id,inventory_item_id" })
     */
    list: op<[query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationListResponse>("GET /admin/reservations", "query", { list: true }),
    /**
     * Create a reservation. `POST /admin/reservations`
     * https://docs.medusajs.com/api/admin#reservations
     * @example
     * const { reservation } = await sdk.admin.reservation.create({ location_id: "sloc_123", inventory_item_id: "iitem_123", quantity: 1 })
     */
    create: op<[body: HttpTypes.AdminCreateReservation, query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationResponse>("POST /admin/reservations", "body query"),
    /**
     * Update a reservation. `POST /admin/reservations/{id}`
     * https://docs.medusajs.com/api/admin#reservations
     * @example
     * const { reservation } = await sdk.admin.reservation.update("resitem_123", { location_id: "sloc_123" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateReservation, query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationResponse>("POST /admin/reservations/{id}", "id body query"),
    /**
     * Delete a reservation. `DELETE /admin/reservations/{id}`
     * https://docs.medusajs.com/api/admin#reservations
     * @example
     * const { id, deleted } = await sdk.admin.reservation.delete("resitem_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminReservationDeleteResponse>("DELETE /admin/reservations/{id}", "id"),
  },
});
