import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Storefront search through the configured search provider. Ours: the js-sdk has no method for
 * this route. https://docs.medusajs.com/api/store#search
 * @example const { results } = await sdk.store.search.query({ q: "shirt" })
 */
export const search = defineResource({
  name: "search",
  path: "/store/search",
  docs: "https://docs.medusajs.com/api/store#search",
  methods: {
    /**
     * Ours (no js-sdk method): one search query, or several as { queries: [...] }. `POST /store/search`
     * https://docs.medusajs.com/api/store#search
     * @example
     * const { results } = await sdk.store.search.query({ queries: [] })
     */
    query: op<[body: HttpTypes.StoreSearch, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreSearchResponse>("POST /store/search", "body query", {
      summary: "Ours (no js-sdk method): one search query, or several as { queries: [...] }.",
    }),
  },
});
