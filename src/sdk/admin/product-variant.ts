import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product variants across all products. https://docs.medusajs.com/api/admin#product-variants
 * @example const { variants } = await sdk.admin.productVariant.list({ q: "SHIRT-" })
 */
export const productVariant = defineResource({
  name: "productVariant",
  path: "/admin/product-variants",
  one: "variant",
  many: "variants",
  columns: ["id", "sku", "title", "product_id", "manage_inventory"],
  docs: "https://docs.medusajs.com/api/admin#product-variants",
  methods: {
    /**
     * List variants. `GET /admin/product-variants`
     * https://docs.medusajs.com/api/admin#product-variants
     * @example
     * const { variants, count } = await sdk.admin.productVariant.list({ limit: 20, fields: "id,sku" })
     */
    list: op<[query?: HttpTypes.AdminProductVariantParams, headers?: H], HttpTypes.AdminProductVariantListResponse>("GET /admin/product-variants", "query", { list: true }),
  },
});
