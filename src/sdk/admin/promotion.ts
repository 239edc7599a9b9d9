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
    /**
     * Retrieve one promotion. `GET /admin/promotions/{id}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.retrieve("promo_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPromotionParams, headers?: H], HttpTypes.AdminPromotionResponse>("GET /admin/promotions/{id}", "id query"),
    /**
     * List promotions. `GET /admin/promotions`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotions, count } = await sdk.admin.promotion.list({ limit: 20, fields: "id,code" })
     */
    list: op<[query?: HttpTypes.AdminGetPromotionsParams, headers?: H], HttpTypes.AdminPromotionListResponse>("GET /admin/promotions", "query", { list: true }),
    /**
     * Create a promotion. `POST /admin/promotions`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.create({ code: "SUMMER10", type: "standard", application_method: { value: 10, type: "fixed", target_type: "order" } })
     */
    create: op<[payload: HttpTypes.AdminCreatePromotion, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions", "body"),
    /**
     * Update a promotion. `POST /admin/promotions/{id}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.update("promo_123", { code: "SUMMER10" })
     */
    update: op<[id: string, payload: HttpTypes.AdminUpdatePromotion, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}", "id body"),
    /**
     * Delete a promotion. `DELETE /admin/promotions/{id}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { id, deleted } = await sdk.admin.promotion.delete("promo_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"promotion">>("DELETE /admin/promotions/{id}", "id"),
    /**
     * Add rules. `POST /admin/promotions/{id}/{ruleType}/batch`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.addRules("promo_123", "rules", { rules: [{ operator: "gt", attribute: "attribute", values: {} }] })
     */
    addRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchAddPromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { create: payload.rules },
      headers,
    })),
    /**
     * Update rules. `POST /admin/promotions/{id}/{ruleType}/batch`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.updateRules("promo_123", "rules", { rules: [{ id: "id_123", values: {} }] })
     */
    updateRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchUpdatePromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { update: payload.rules },
      headers,
    })),
    /**
     * Remove rules. `POST /admin/promotions/{id}/{ruleType}/batch`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.removeRules("promo_123", "rules", { rule_ids: ["rule_123"] })
     */
    removeRules: shaped<[id: string, ruleType: string, payload: HttpTypes.BatchRemovePromotionRulesReq, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body headers", (id, ruleType, payload, headers) => ({
      params: { id, ruleType },
      body: { delete: payload.rule_ids },
      headers,
    })),
    // Our addition: one request that adds and removes rules together, so a rule list is never left half replaced.
    /**
     * Batch rules. `POST /admin/promotions/{id}/{ruleType}/batch`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { promotion } = await sdk.admin.promotion.batchRules("promo_123", "rules", { create: [] })
     */
    batchRules: op<[id: string, ruleType: string, body: { create?: unknown[]; update?: unknown[]; delete?: string[] }, headers?: H], HttpTypes.AdminPromotionResponse>("POST /admin/promotions/{id}/{ruleType}/batch", "id ruleType body"),
    /**
     * List rules. `GET /admin/promotions/{id}/{ruleType}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { rules } = await sdk.admin.promotion.listRules("promo_123", "rules", { limit: 20 })
     */
    listRules: shaped<[id: string | null, ruleType: string, query?: HttpTypes.AdminGetPromotionRuleParams, headers?: H], HttpTypes.AdminPromotionRuleListResponse>("GET /admin/promotions/{id}/{ruleType}", "id ruleType query headers", (id, ruleType, query, headers) => ({
      // A null id (rules of a promotion being created) goes out as "null", as in the js-sdk.
      params: { id: id === null ? "null" : id, ruleType },
      query,
      headers,
    })),
    /**
     * List rule attributes. `GET /admin/promotions/rule-attribute-options/{ruleType}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const { attributes } = await sdk.admin.promotion.listRuleAttributes("rules")
     */
    listRuleAttributes: shaped<[ruleType: string, promotionType?: string, applicationMethodTargetType?: string, headers?: H], HttpTypes.AdminRuleAttributeOptionsListResponse>(
      "GET /admin/promotions/rule-attribute-options/{ruleType}",
      "ruleType promotionType? applicationMethodTargetType? headers",
      (ruleType, promotionType, applicationMethodTargetType, headers) => ({
        params: { ruleType },
        query: { promotion_type: promotionType, application_method_target_type: applicationMethodTargetType },
        headers,
      }),
    ),
    /**
     * List rule values. `GET /admin/promotions/rule-value-options/{ruleType}/{ruleValue}`
     * https://docs.medusajs.com/api/admin#promotions
     * @example
     * const res = await sdk.admin.promotion.listRuleValues("rules", "rule_value_123", { limit: 20 })
     */
    listRuleValues: op<[ruleType: string, ruleValue: string, query?: HttpTypes.AdminGetPromotionsRuleValueParams, headers?: H], HttpTypes.AdminRuleValueOptionsListResponse>("GET /admin/promotions/rule-value-options/{ruleType}/{ruleValue}", "ruleType ruleValue query"),
  },
});
