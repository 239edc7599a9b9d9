import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Regions a shopper can choose. https://docs.medusajs.com/api/store#regions
 * @example const { regions } = await sdk.store.region.list()
 */
export const region = defineResource({
  name: "region",
  path: "/store/regions",
  one: "region",
  many: "regions",
  columns: ["id", "name", "currency_code"],
  docs: "https://docs.medusajs.com/api/store#regions",
  methods: {
    /**
     * List regions. `GET /store/regions`
     * https://docs.medusajs.com/api/store#regions
     * @example
     * const { regions, count } = await sdk.store.region.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.FindParams & HttpTypes.StoreRegionFilters, headers?: H], HttpTypes.StoreRegionListResponse>("GET /store/regions", "query", { list: true }),
    /**
     * Retrieve one region. `GET /store/regions/{id}`
     * https://docs.medusajs.com/api/store#regions
     * @example
     * const { region } = await sdk.store.region.retrieve("reg_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreRegionResponse>("GET /store/regions/{id}", "id query"),
  },
});
