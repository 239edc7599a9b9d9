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
    retrieve: op<[id: string, query?: HttpTypes.AdminGetCampaignParams, headers?: H], HttpTypes.AdminCampaignResponse>("GET /admin/campaigns/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminGetCampaignsParams, headers?: H], HttpTypes.AdminCampaignListResponse>("GET /admin/campaigns", "query", { list: true }),
    create: op<[payload: HttpTypes.AdminCreateCampaign, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns", "body"),
    update: op<[id: string, payload: HttpTypes.AdminUpdateCampaign, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns/{id}", "id body"),
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"campaign">>("DELETE /admin/campaigns/{id}", "id"),
    batchPromotions: op<[id: string, payload: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminCampaignResponse>("POST /admin/campaigns/{id}/promotions", "id body"),
  },
});
