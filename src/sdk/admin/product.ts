import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { shaped, handWritten, send, toFile, multipart, putPresigned, type FileInput, type PresignedUpload } from "./helpers.js";

/**
 * Products and their variants, options and imports. https://docs.medusajs.com/api/admin#products
 * @example for await (const p of sdk.admin.product.paginate({ status: ["published"] })) console.log(p.handle)
 */
/** A CSV already uploaded (presigned or through Medusa), named by its file key. */
export interface UploadedImport {
  file_key: string;
  originalname: string;
  extension: string;
  size: number;
  mime_type: string;
}

export const product = defineResource({
  name: "product",
  path: "/admin/products",
  one: "product",
  many: "products",
  columns: ["id", "handle", "title", "status", "variants", "updated_at"],
  docs: "https://docs.medusajs.com/api/admin#products",
  methods: {
    /**
     * Chunked CSV import: presigned URL, upload, then POST /admin/products/imports; confirm with confirmImport. `POST /admin/products/imports`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.createImport({ file: "./products.csv" })
     */
    createImport: handWritten<[body: { file: FileInput } | UploadedImport, query?: {}, headers?: H], HttpTypes.AdminImportProductsResponse>(
      "POST /admin/products/imports",
      "body query headers",
      async (ctx, body: { file: FileInput } | UploadedImport, query, headers, options) => {
        // A file already uploaded by the caller (who then knows its key, to delete it afterwards) is imported as is.
        if ("file_key" in body) return send(ctx, "POST /admin/products/imports", { body, query, headers }, options);
        const file = await toFile(body.file, "products.csv");
        const presigned = await send<PresignedUpload>(
          ctx,
          "POST /admin/uploads/presigned-urls",
          { body: { originalname: file.name, mime_type: file.type, size: file.size }, query, headers },
          options,
        );
        let fileKey = presigned.filename;
        if (presigned.url.startsWith("http://") || presigned.url.startsWith("https://")) {
          await putPresigned(ctx, presigned.url, file, options);
        } else {
          // The local file provider answers a relative URL: upload through Medusa instead.
          const uploaded = await send<HttpTypes.AdminFileListResponse>(ctx, "POST /admin/uploads", await multipart("files", [file], query, headers), options);
          fileKey = uploaded.files[0]!.id;
        }
        return send(
          ctx,
          "POST /admin/products/imports",
          {
            body: { file_key: fileKey, originalname: presigned.originalname, extension: presigned.extension, size: presigned.size, mime_type: presigned.mime_type },
            query,
            headers,
          },
          options,
        );
      },
      "Chunked CSV import: presigned URL, upload, then POST /admin/products/imports; confirm with confirmImport.",
    ),
    /**
     * Confirm import. `POST /admin/products/imports/{transactionId}/confirm`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * await sdk.admin.product.confirmImport("txn_123")
     */
    confirmImport: shaped<[transactionId: string, query?: {}, headers?: H], {}>("POST /admin/products/imports/{transactionId}/confirm", "transactionId query headers", (transactionId, query, headers) => ({
      params: { transactionId },
      body: {},
      query,
      headers,
    })),
    /**
     * Export. `POST /admin/products/export`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { transaction_id } = await sdk.admin.product.export({})
     */
    export: op<[body: HttpTypes.AdminExportProductRequest, query?: HttpTypes.AdminProductListParams, headers?: H], HttpTypes.AdminExportProductResponse>("POST /admin/products/export", "body query"),
    /**
     * Batch. `POST /admin/products/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.batch({ create: [{ title: "Summer" }] })
     */
    batch: op<[body: HttpTypes.AdminBatchProductRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductResponse>("POST /admin/products/batch", "body query"),
    /**
     * Create a product. `POST /admin/products`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.create({ title: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products", "body query"),
    /**
     * Update a product. `POST /admin/products/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.update("prod_123", { title: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{id}", "id body query"),
    /**
     * List products. `GET /admin/products`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { products, count } = await sdk.admin.product.list({ limit: 20, fields: "id,handle" })
     */
    list: op<[queryParams?: HttpTypes.AdminProductListParams, headers?: H], HttpTypes.AdminProductListResponse>("GET /admin/products", "query", { list: true }),
    /**
     * Retrieve one product. `GET /admin/products/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.retrieve("prod_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("GET /admin/products/{id}", "id query"),
    /**
     * Delete a product. `DELETE /admin/products/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { id, deleted } = await sdk.admin.product.delete("prod_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductDeleteResponse>("DELETE /admin/products/{id}", "id"),
    /**
     * Batch variants. `POST /admin/products/{productId}/variants/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.batchVariants("prod_123", { create: [{ title: "Summer", prices: [{ currency_code: "eur", amount: 10 }] }] })
     */
    batchVariants: op<[productId: string, body: HttpTypes.AdminBatchProductVariantRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductVariantResponse>("POST /admin/products/{productId}/variants/batch", "productId body query"),
    /**
     * Create variant. `POST /admin/products/{productId}/variants`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.createVariant("prod_123", { title: "Summer", prices: [{ currency_code: "eur", amount: 10 }] })
     */
    createVariant: op<[productId: string, body: HttpTypes.AdminCreateProductVariant, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/variants", "productId body query"),
    /**
     * Update variant. `POST /admin/products/{productId}/variants/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.updateVariant("prod_123", "variant_123", { id: "id_123" })
     */
    updateVariant: op<[productId: string, id: string, body: HttpTypes.AdminUpdateProductVariant, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/variants/{id}", "productId id body query"),
    /**
     * List variants. `GET /admin/products/{productId}/variants`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.listVariants("prod_123", { limit: 20 })
     */
    listVariants: op<[productId: string, query?: HttpTypes.AdminProductVariantParams, headers?: H], HttpTypes.AdminProductVariantListResponse>("GET /admin/products/{productId}/variants", "productId query"),
    /**
     * Retrieve variant. `GET /admin/products/{productId}/variants/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { variant } = await sdk.admin.product.retrieveVariant("prod_123", "variant_123")
     */
    retrieveVariant: op<[productId: string, id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>("GET /admin/products/{productId}/variants/{id}", "productId id query"),
    /**
     * Delete variant. `DELETE /admin/products/{productId}/variants/{id}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { id, deleted } = await sdk.admin.product.deleteVariant("prod_123", "variant_123")
     */
    deleteVariant: op<[productId: string, id: string, headers?: H, query?: HttpTypes.SelectParams], HttpTypes.AdminProductVariantDeleteResponse>("DELETE /admin/products/{productId}/variants/{id}", "productId id headers query"),
    /**
     * Batch variant inventory items. `POST /admin/products/{productId}/variants/inventory-items/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.batchVariantInventoryItems("prod_123", { create: [{ required_quantity: 1, inventory_item_id: "iitem_123", variant_id: "variant_123" }] })
     */
    batchVariantInventoryItems: op<[productId: string, body: HttpTypes.AdminBatchProductVariantInventoryItemRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductVariantInventoryItemResponse>("POST /admin/products/{productId}/variants/inventory-items/batch", "productId body query"),
    /**
     * List options. `GET /admin/products/{productId}/options`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.listOptions("prod_123", { limit: 20 })
     */
    listOptions: op<[productId: string, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionListResponse>("GET /admin/products/{productId}/options", "productId query"),
    /**
     * Batch image variants. `POST /admin/products/{productId}/images/{imageId}/variants/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.batchImageVariants("prod_123", "image_123", { add: [] })
     */
    batchImageVariants: op<[productId: string, imageId: string, body: HttpTypes.AdminBatchImageVariantRequest, headers?: H], HttpTypes.AdminBatchImageVariantResponse>("POST /admin/products/{productId}/images/{imageId}/variants/batch", "productId imageId body"),
    /**
     * Batch variant images. `POST /admin/products/{productId}/variants/{variantId}/images/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.batchVariantImages("prod_123", "variant_123", { add: [] })
     */
    batchVariantImages: op<[productId: string, variantId: string, body: HttpTypes.AdminBatchVariantImagesRequest, headers?: H], HttpTypes.AdminBatchVariantImagesResponse>("POST /admin/products/{productId}/variants/{variantId}/images/batch", "productId variantId body"),
    /**
     * Link options. `POST /admin/products/{productId}/options/batch`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { product } = await sdk.admin.product.linkOptions("prod_123", { add: [{ title: "Summer", values: [] }] })
     */
    linkOptions: op<[productId: string, body: HttpTypes.AdminLinkProductOptions, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/options/batch", "productId body query"),
    /**
     * Legacy one-step CSV import (multipart field `file`); confirm it with confirmLegacyImport. `POST /admin/products/import`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const res = await sdk.admin.product.import({ file: "./products.csv" })
     */
    import: handWritten<[body: { file: FileInput }, query?: {}, headers?: H], HttpTypes.AdminImportProductResponse>(
      "POST /admin/products/import",
      "body query headers",
      async (ctx, body: { file: FileInput }, query, headers, options) => {
        const file = await toFile(body.file, "products.csv");
        return send(ctx, "POST /admin/products/import", await multipart("file", [file], query, headers), options);
      },
      "Legacy one-step CSV import (multipart field `file`); confirm it with confirmLegacyImport.",
    ),
    /**
     * Ours (no js-sdk method): confirms a legacy one-step import (js-sdk defect 13). `POST /admin/products/import/{transactionId}/confirm`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * await sdk.admin.product.confirmLegacyImport("txn_123")
     */
    confirmLegacyImport: shaped<[transactionId: string, query?: {}, headers?: H], {}>(
      "POST /admin/products/import/{transactionId}/confirm",
      "transactionId query headers",
      (transactionId, query, headers) => ({ params: { transactionId }, body: {}, query, headers }),
      "Ours (no js-sdk method): confirms a legacy one-step import (js-sdk defect 13).",
    ),
    /**
     * Ours (no js-sdk method): links an inventory item to a variant. `POST /admin/products/{productId}/variants/{variantId}/inventory-items`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { variant } = await sdk.admin.product.createVariantInventoryItem("prod_123", "variant_123", { inventory_item_id: "iitem_123", required_quantity: 1 })
     */
    createVariantInventoryItem: op<[productId: string, variantId: string, body: HttpTypes.AdminCreateVariantInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>(
      "POST /admin/products/{productId}/variants/{variantId}/inventory-items",
      "productId variantId body query",
      { summary: "Ours (no js-sdk method): links an inventory item to a variant." },
    ),
    /**
     * Ours (no js-sdk method): changes the required quantity of a variant's inventory item. `POST /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { variant } = await sdk.admin.product.updateVariantInventoryItem("prod_123", "variant_123", "iitem_123", { required_quantity: 1 })
     */
    updateVariantInventoryItem: op<[productId: string, variantId: string, inventoryItemId: string, body: HttpTypes.AdminUpdateVariantInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>(
      "POST /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}",
      "productId variantId inventoryItemId body query",
      { summary: "Ours (no js-sdk method): changes the required quantity of a variant's inventory item." },
    ),
    /**
     * Ours (no js-sdk method): unlinks an inventory item from a variant. `DELETE /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}`
     * https://docs.medusajs.com/api/admin#products
     * @example
     * const { id, deleted } = await sdk.admin.product.deleteVariantInventoryItem("prod_123", "variant_123", "iitem_123")
     */
    deleteVariantInventoryItem: op<[productId: string, variantId: string, inventoryItemId: string, headers?: H], HttpTypes.AdminProductVariantInventoryLinkDeleteResponse>(
      "DELETE /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}",
      "productId variantId inventoryItemId",
      { summary: "Ours (no js-sdk method): unlinks an inventory item from a variant." },
    ),
  },
});
