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
    /**
     * Create a product option. `POST /admin/product-options`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_option } = await sdk.admin.productOption.create({ title: "Summer", values: [] })
     */
    create: op<[body: HttpTypes.AdminCreateProductOption, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionResponse>("POST /admin/product-options", "body query"),
    /**
     * Update a product option. `POST /admin/product-options/{id}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_option } = await sdk.admin.productOption.update("opt_123", { id: "id_123" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateProductOption, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionResponse>("POST /admin/product-options/{id}", "id body query"),
    /**
     * List product options. `GET /admin/product-options`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_options, count } = await sdk.admin.productOption.list({ limit: 20, fields: "id,title" })
     */
    list: op<[queryParams?: HttpTypes.AdminProductOptionListParams, headers?: H], HttpTypes.AdminProductOptionListResponse>("GET /admin/product-options", "query", { list: true }),
    /**
     * Retrieve one product option. `GET /admin/product-options/{id}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_option } = await sdk.admin.productOption.retrieve("opt_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionResponse>("GET /admin/product-options/{id}", "id query"),
    /**
     * Delete a product option. `DELETE /admin/product-options/{id}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { id, deleted } = await sdk.admin.productOption.delete("opt_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductOptionDeleteResponse>("DELETE /admin/product-options/{id}", "id"),
    /**
     * List values. `GET /admin/product-options/{optionId}/values`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const res = await sdk.admin.productOption.listValues("opt_123", { limit: 20 })
     */
    listValues: op<[optionId: string, query?: HttpTypes.AdminProductOptionValueListParams, headers?: H], HttpTypes.AdminProductOptionValueListResponse>("GET /admin/product-options/{optionId}/values", "optionId query"),
    /**
     * Retrieve value. `GET /admin/product-options/{optionId}/values/{valueId}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_option_value } = await sdk.admin.productOption.retrieveValue("opt_123", "value_123")
     */
    retrieveValue: op<[optionId: string, valueId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionValueResponse>("GET /admin/product-options/{optionId}/values/{valueId}", "optionId valueId query"),
    /**
     * Update value. `POST /admin/product-options/{optionId}/values/{valueId}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { product_option_value } = await sdk.admin.productOption.updateValue("opt_123", "value_123", { value: "Summer" })
     */
    updateValue: op<[optionId: string, valueId: string, body: HttpTypes.AdminUpdateProductOptionValue, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductOptionValueResponse>("POST /admin/product-options/{optionId}/values/{valueId}", "optionId valueId body query"),
    /**
     * Delete value. `DELETE /admin/product-options/{optionId}/values/{valueId}`
     * https://docs.medusajs.com/api/admin#product-options
     * @example
     * const { id, deleted } = await sdk.admin.productOption.deleteValue("opt_123", "value_123")
     */
    deleteValue: op<[optionId: string, valueId: string, headers?: H], HttpTypes.AdminProductOptionValueDeleteResponse>("DELETE /admin/product-options/{optionId}/values/{valueId}", "optionId valueId"),
  },
});
