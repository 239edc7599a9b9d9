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
    /**
     * Create a tax rate. `POST /admin/tax-rates`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { tax_rate } = await sdk.admin.taxRate.create({ name: "Summer", tax_region_id: "txreg_123", code: "SUMMER10" })
     */
    create: op<[body: HttpTypes.AdminCreateTaxRate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("POST /admin/tax-rates", "body query"),
    /**
     * Update a tax rate. `POST /admin/tax-rates/{id}`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { tax_rate } = await sdk.admin.taxRate.update("txr_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateTaxRate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("POST /admin/tax-rates/{id}", "id body query"),
    /**
     * Delete a tax rate. `DELETE /admin/tax-rates/{id}`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { id, deleted } = await sdk.admin.taxRate.delete("txr_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminTaxRateDeleteResponse>("DELETE /admin/tax-rates/{id}", "id"),
    /**
     * Retrieve one tax rate. `GET /admin/tax-rates/{id}`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { tax_rate } = await sdk.admin.taxRate.retrieve("txr_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>("GET /admin/tax-rates/{id}", "id query"),
    /**
     * List tax rates. `GET /admin/tax-rates`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { tax_rates, count } = await sdk.admin.taxRate.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminTaxRateListParams, headers?: H], HttpTypes.AdminTaxRateListResponse>("GET /admin/tax-rates", "query", { list: true }),
    /**
     * Ours (no js-sdk method): adds a rule (product, product type…) to a tax rate. `POST /admin/tax-rates/{id}/rules`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { tax_rate } = await sdk.admin.taxRate.createRule("txr_123", { reference: "reference", reference_id: "reference_123" })
     */
    createRule: op<[id: string, body: HttpTypes.AdminCreateTaxRateRule, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateResponse>(
      "POST /admin/tax-rates/{id}/rules",
      "id body query",
      { summary: "Ours (no js-sdk method): adds a rule (product, product type…) to a tax rate." },
    ),
    /**
     * Ours (no js-sdk method): removes a rule from a tax rate. `DELETE /admin/tax-rates/{id}/rules/{ruleId}`
     * https://docs.medusajs.com/api/admin#tax-rates
     * @example
     * const { id, deleted } = await sdk.admin.taxRate.deleteRule("txr_123", "rule_123")
     */
    deleteRule: op<[id: string, ruleId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRateRuleDeleteResponse>(
      "DELETE /admin/tax-rates/{id}/rules/{ruleId}",
      "id ruleId query",
      { summary: "Ours (no js-sdk method): removes a rule from a tax rate." },
    ),
  },
});
