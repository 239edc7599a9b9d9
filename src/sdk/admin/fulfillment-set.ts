import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Fulfillment sets and their service zones. https://docs.medusajs.com/api/admin#fulfillment-sets
 * @example await sdk.admin.fulfillmentSet.createServiceZone("fuset_123", { name: "Europe", geo_zones: [{ type: "country", country_code: "de" }] })
 */
export const fulfillmentSet = defineResource({
  name: "fulfillmentSet",
  path: "/admin/fulfillment-sets",
  one: "fulfillment_set",
  columns: ["id", "name", "type"],
  docs: "https://docs.medusajs.com/api/admin#fulfillment-sets",
  methods: {
    /**
     * Delete a fulfillment set. `DELETE /admin/fulfillment-sets/{id}`
     * https://docs.medusajs.com/api/admin#fulfillment-sets
     * @example
     * const { id, deleted } = await sdk.admin.fulfillmentSet.delete("fuset_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminFulfillmentSetDeleteResponse>("DELETE /admin/fulfillment-sets/{id}", "id"),
    /**
     * Create service zone. `POST /admin/fulfillment-sets/{id}/service-zones`
     * https://docs.medusajs.com/api/admin#fulfillment-sets
     * @example
     * const { fulfillment_set } = await sdk.admin.fulfillmentSet.createServiceZone("fuset_123", { name: "Summer", geo_zones: [{ type: "type", country_code: "de" }] })
     */
    createServiceZone: op<[id: string, body: HttpTypes.AdminCreateFulfillmentSetServiceZone, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentSetResponse>("POST /admin/fulfillment-sets/{id}/service-zones", "id body query"),
    /**
     * Retrieve service zone. `GET /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}`
     * https://docs.medusajs.com/api/admin#fulfillment-sets
     * @example
     * const { service_zone } = await sdk.admin.fulfillmentSet.retrieveServiceZone("fuset_123", "serzo_123")
     */
    retrieveServiceZone: op<[fulfillmentSetId: string, serviceZoneId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminServiceZoneResponse>("GET /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}", "fulfillmentSetId serviceZoneId query"),
    /**
     * Update service zone. `POST /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}`
     * https://docs.medusajs.com/api/admin#fulfillment-sets
     * @example
     * const { fulfillment_set } = await sdk.admin.fulfillmentSet.updateServiceZone("fuset_123", "serzo_123", { name: "Summer" })
     */
    updateServiceZone: op<[fulfillmentSetId: string, serviceZoneId: string, body: HttpTypes.AdminUpdateFulfillmentSetServiceZone, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFulfillmentSetResponse>("POST /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}", "fulfillmentSetId serviceZoneId body query"),
    /**
     * Delete service zone. `DELETE /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}`
     * https://docs.medusajs.com/api/admin#fulfillment-sets
     * @example
     * const { id, deleted } = await sdk.admin.fulfillmentSet.deleteServiceZone("fuset_123", "serzo_123")
     */
    deleteServiceZone: op<[fulfillmentSetId: string, serviceZoneId: string, headers?: H], HttpTypes.AdminServiceZoneDeleteResponse>("DELETE /admin/fulfillment-sets/{fulfillmentSetId}/service-zones/{serviceZoneId}", "fulfillmentSetId serviceZoneId"),
  },
});
