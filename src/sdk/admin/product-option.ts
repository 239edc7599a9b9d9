import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product options shared between products, and their values. https://docs.medusajs.com/api/admin#product-options
 * @example const { product_options } = await sdk.admin.productOption.list()
 */
export const productOption = defineResource({
  name: "productOption",
  path: "/admin/product-options",
  one: "product_option",
  many: "product_options",
  columns: ["id", "title", "values", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#product-options",
  methods: {
    create: op<[body: HttpTypes.AdminCreateProductOption, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionResponse>("POST /admin/product-options", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProductOption, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionResponse>("POST /admin/product-options/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminProductOptionListParams, headers?: H], HttpTypes.AdminProductOptionListResponse>("GET /admin/product-options", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionResponse>("GET /admin/product-options/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductOptionDeleteResponse>("DELETE /admin/product-options/{id}", "id"),
    listValues: op<[optionId: string, query?: HttpTypes.AdminProductOptionValueListParams, headers?: H], HttpTypes.AdminProductOptionValueListResponse>("GET /admin/product-options/{optionId}/values", "optionId query"),
    retrieveValue: op<[optionId: string, valueId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionValueResponse>("GET /admin/product-options/{optionId}/values/{valueId}", "optionId valueId query"),
    updateValue: op<[optionId: string, valueId: string, body: HttpTypes.AdminUpdateProductOptionValue, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionValueResponse>("POST /admin/product-options/{optionId}/values/{valueId}", "optionId valueId body query"),
    deleteValue: op<[optionId: string, valueId: string, headers?: H], HttpTypes.AdminProductOptionValueDeleteResponse>("DELETE /admin/product-options/{optionId}/values/{valueId}", "optionId valueId"),
  },
});
