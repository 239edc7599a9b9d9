import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Campaigns and their promotions. https://docs.medusajs.com/api/admin#campaigns
 * @example await sdk.admin.campaign.batchPromotions("procamp_123", { add: ["promo_123"] })
 */
export const campaign = defineResource({
  name: "campaign",
  path: "/admin/campaigns",
  one: "campaign",
  many: "campaigns",
  columns: ["id", "name", "campaign_identifier", "starts_at", "ends_at"],
  docs: "https://docs.medusajs.com/api/admin#campaigns",
  methods: {
    /**
     * Retrieve one campaign. `GET /admin/campaigns/{id}`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { campaign } = await sdk.admin.campaign.retrieve("procamp_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminGetCampaignParams, headers?: H], HttpTypes.AdminCampaignResponse>("GET /admin/campaigns/{id}", "id query"),
    /**
     * List campaigns. `GET /admin/campaigns`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { campaigns, count } = await sdk.admin.campaign.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminGetCampaignsParams, headers?: H], HttpTypes.AdminCampaignListResponse>("GET /admin/campaigns", "query", { list: true }),
    /**
     * Create a campaign. `POST /admin/campaigns`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { campaign } = await sdk.admin.campaign.create({ name: "Summer", campaign_identifier: "campaign-identifier" })
     */
    create: op<[payload: HttpTypes.AdminCreateCampaign, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns", "body"),
    /**
     * Update a campaign. `POST /admin/campaigns/{id}`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { campaign } = await sdk.admin.campaign.update("procamp_123", { name: "Summer" })
     */
    update: op<[id: string, payload: HttpTypes.AdminUpdateCampaign, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns/{id}", "id body"),
    /**
     * Delete a campaign. `DELETE /admin/campaigns/{id}`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { id, deleted } = await sdk.admin.campaign.delete("procamp_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"campaign">>("DELETE /admin/campaigns/{id}", "id"),
    /**
     * Batch promotions. `POST /admin/campaigns/{id}/promotions`
     * https://docs.medusajs.com/api/admin#campaigns
     * @example
     * const { campaign } = await sdk.admin.campaign.batchPromotions("procamp_123", { add: [] })
     */
    batchPromotions: op<[id: string, payload: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns/{id}/promotions", "id body"),
  },
});
