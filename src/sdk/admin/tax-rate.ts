import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Tax rates of tax regions. https://docs.medusajs.com/api/admin#tax-rates
 * @example await sdk.admin.taxRate.create({ tax_region_id: "txreg_123", name: "VAT", code: "vat", rate: 19 })
 */
export const taxRate = defineResource({
  name: "taxRate",
  path: "/admin/tax-rates",
  one: "tax_rate",
  many: "tax_rates",
  columns: ["id", "name", "code", "rate", "tax_region_id", "is_default"],
  docs: "https://docs.medusajs.com/api/admin#tax-rates",
  methods: {
    create: op<[body: HttpTypes.AdminCreateTaxRate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("POST /admin/tax-rates", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateTaxRate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("POST /admin/tax-rates/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminTaxRateDeleteResponse>("DELETE /admin/tax-rates/{id}", "id"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("GET /admin/tax-rates/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminTaxRateListParams, headers?: H], HttpTypes.AdminTaxRateListResponse>("GET /admin/tax-rates", "query", { list: true }),
    createRule: op<[id: string, body: HttpTypes.AdminCreateTaxRateRule, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>(
      "POST /admin/tax-rates/{id}/rules",
      "id body query",
      { summary: "Ours (no js-sdk method): adds a rule (product, product type…) to a tax rate." },
    ),
    deleteRule: op<[id: string, ruleId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateRuleDeleteResponse>(
      "DELETE /admin/tax-rates/{id}/rules/{ruleId}",
      "id ruleId query",
      { summary: "Ours (no js-sdk method): removes a rule from a tax rate." },
    ),
  },
});
