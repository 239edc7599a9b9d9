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
    retrieve: op<[id: string, query?: HttpTypes.AdminReservationParams, headers?: H], HttpTypes.AdminReservationResponse>("GET /admin/reservations/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationListResponse>("GET /admin/reservations", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreateReservation, query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationResponse>("POST /admin/reservations", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateReservation, query?: HttpTypes.AdminGetReservationsParams, headers?: H], HttpTypes.AdminReservationResponse>("POST /admin/reservations/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminReservationDeleteResponse>("DELETE /admin/reservations/{id}", "id"),
  },
});
