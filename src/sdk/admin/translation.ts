import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Translations of entities and their settings. https://docs.medusajs.com/api/admin#translations
 * @example const { translations } = await sdk.admin.translation.list({ locale_code: "fr-FR" })
 */
export const translation = defineResource({
  name: "translation",
  path: "/admin/translations",
  one: "translation",
  many: "translations",
  columns: ["id", "reference", "reference_id", "locale_code", "updated_at"],
  docs: "https://docs.medusajs.com/api/admin#translations",
  methods: {
    list: op<[query?: HttpTypes.AdminTranslationsListParams, headers?: H], HttpTypes.AdminTranslationsListResponse>("GET /admin/translations", "query", { list: true }),
    batch: op<[body: HttpTypes.AdminBatchTranslations, headers?: H], HttpTypes.AdminTranslationsBatchResponse>("POST /admin/translations/batch", "body"),
    settings: op<[query?: HttpTypes.AdminTranslationSettingsParams, headers?: H], HttpTypes.AdminTranslationSettingsResponse>("GET /admin/translations/settings", "query"),
    batchSettings: op<[body: HttpTypes.AdminBatchTranslationSettings, headers?: H], HttpTypes.AdminBatchTranslationSettingsResponse>("POST /admin/translations/settings/batch", "body"),
    entities: op<[query: HttpTypes.AdminTranslationEntitiesParams, headers?: H], HttpTypes.AdminTranslationEntitiesResponse>("GET /admin/translations/entities", "query"),
    statistics: op<[query?: HttpTypes.AdminTranslationStatisticsParams, headers?: H], HttpTypes.AdminTranslationStatisticsResponse>("GET /admin/translations/statistics", "query"),
  },
});
