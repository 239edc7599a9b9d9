import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product tags. Ours: the js-sdk has no method for these routes. https://docs.medusajs.com/api/store#product-tags
 * @example const { product_tags } = await sdk.store.productTag.list()
 */
export const productTag = defineResource({
  name: "productTag",
  path: "/store/product-tags",
  one: "product_tag",
  many: "product_tags",
  columns: ["id", "value"],
  docs: "https://docs.medusajs.com/api/store#product-tags",
  methods: {
    /**
     * Ours (no js-sdk method). `GET /store/product-tags`
     * https://docs.medusajs.com/api/store#product-tags
     * @example
     * const { product_tags, count } = await sdk.store.productTag.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.StoreProductTagListParams, headers?: H], HttpTypes.StoreProductTagListResponse>("GET /store/product-tags", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    /**
     * Ours (no js-sdk method). `GET /store/product-tags/{id}`
     * https://docs.medusajs.com/api/store#product-tags
     * @example
     * const { product_tag } = await sdk.store.productTag.retrieve("ptag_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductTagParams, headers?: H], HttpTypes.StoreProductTagResponse>("GET /store/product-tags/{id}", "id query", { summary: "Ours (no js-sdk method)." }),
  },
});
