import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { shaped } from "./helpers.js";

/**
 * Promotions and their rules. https://docs.medusajs.com/api/admin#promotions
 * @example await sdk.admin.promotion.addRules("promo_123", "rules", { rules: [{ attribute: "currency_code", operator: "eq", values: ["eur"] }] })
 */
export const promotion = defineResource({
  name: "promotion",
  path: "/admin/promotions",
  one: "promotion",
  many: "promotions",
  columns: ["id", "code", "type", "status", "is_automatic", "campaign_id"],
  docs: "https://docs.medusajs.com/api/admin#promotions",
  methods: {
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPromotionParams, headers?: H], HttpTypes.AdminPromotionResponse>("GET /admin/promotions/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminGetPromotionsParams, headers?: H], HttpTypes.AdminPromotionListResponse>("GET /admin/promotions", "query", { list: true }),
    create: op<[payload: HttpTypes.AdminCreatePromotion, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions", "body"),
    update: op<[id: string, payload: HttpTypes.AdminUpdatePromotion, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}", "id body"),
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"promotion">>("DELETE /admin/promotions/{id}", "id"),
    addRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchAddPromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { create: payload.rules },
      headers,
    })),
    updateRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchUpdatePromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { update: payload.rules },
      headers,
    })),
    removeRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchRemovePromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { delete: payload.rule_ids },
      headers,
    })),
    // Our addition: one request that adds and removes rules together, so a rule list is never left half replaced.
    batchRules: op<[id: string, ruleType: string, body: { create?: unknown[]; update?: unknown[]; delete?: string[] }, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body"),
    listRules: shaped<[id: string | null, ruleType: string, query?: HttpTypes.AdminGetPromotionRuleParams, headers?: H], HttpTypes.AdminPromotionRuleListResponse>("GET /admin/promotions/{id}/{ruleType}", "id ruleType query headers", (id, ruleType, query, headers) => ({
      // A null id (rules of a promotion being created) goes out as "null", as in the js-sdk.
      params: { id: id === null ? "null" : id, ruleType },
      query,
      headers,
    })),
    listRuleAttributes: shaped<[ruleType: string, promotionType?: string, applicationMethodTargetType?: string, headers?: H], HttpTypes.AdminRuleAttributeOptionsListResponse>(
      "GET /admin/promotions/rule-attribute-options/{ruleType}",
      "ruleType promotionType? applicationMethodTargetType? headers",
      (ruleType, promotionType, applicationMethodTargetType, headers) => ({
        params: { ruleType },
        query: { promotion_type: promotionType, application_method_target_type: applicationMethodTargetType },
        headers,
      }),
    ),
    listRuleValues: op<[ruleType: string, ruleValue: string, query?: HttpTypes.AdminGetPromotionsRuleValueParams, headers?: H], HttpTypes.AdminRuleValueOptionsListResponse>("GET /admin/promotions/rule-value-options/{ruleType}/{ruleValue}", "ruleType ruleValue query"),
  },
});
