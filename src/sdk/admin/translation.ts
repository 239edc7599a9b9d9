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
    /**
     * List translations. `GET /admin/translations`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const { translations, count } = await sdk.admin.translation.list({ limit: 20, fields: "id,reference" })
     */
    list: op<[query?: HttpTypes.AdminTranslationsListParams, headers?: H], HttpTypes.AdminTranslationsListResponse>("GET /admin/translations", "query", { list: true }),
    /**
     * Batch. `POST /admin/translations/batch`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const res = await sdk.admin.translation.batch({ create: [{ reference_id: "reference_123", reference: "reference", locale_code: "locale-code" }] })
     */
    batch: op<[body: HttpTypes.AdminBatchTranslations, headers?: H], HttpTypes.AdminTranslationsBatchResponse>("POST /admin/translations/batch", "body"),
    /**
     * Settings. `GET /admin/translations/settings`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const { translation_settings } = await sdk.admin.translation.settings()
     */
    settings: op<[query?: HttpTypes.AdminTranslationSettingsParams, headers?: H], HttpTypes.AdminTranslationSettingsResponse>("GET /admin/translations/settings", "query"),
    /**
     * Batch settings. `POST /admin/translations/settings/batch`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const res = await sdk.admin.translation.batchSettings({ create: [{ entity_type: "entity-type", fields: [] }] })
     */
    batchSettings: op<[body: HttpTypes.AdminBatchTranslationSettings, headers?: H], HttpTypes.AdminBatchTranslationSettingsResponse>("POST /admin/translations/settings/batch", "body"),
    /**
     * Entities. `GET /admin/translations/entities`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const res = await sdk.admin.translation.entities()
     */
    entities: op<[query: HttpTypes.AdminTranslationEntitiesParams, headers?: H], HttpTypes.AdminTranslationEntitiesResponse>("GET /admin/translations/entities", "query"),
    /**
     * Statistics. `GET /admin/translations/statistics`
     * https://docs.medusajs.com/api/admin#translations
     * @example
     * const { statistics } = await sdk.admin.translation.statistics()
     */
    statistics: op<[query?: HttpTypes.AdminTranslationStatisticsParams, headers?: H], HttpTypes.AdminTranslationStatisticsResponse>("GET /admin/translations/statistics", "query"),
  },
});
