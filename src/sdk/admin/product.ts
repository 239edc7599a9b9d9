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
    confirmImport: shaped<[transactionId: string, query?: {}, headers?: H], {}>("POST /admin/products/imports/{transactionId}/confirm", "transactionId query headers", (transactionId, query, headers) => ({
      params: { transactionId },
      body: {},
      query,
      headers,
    })),
    export: op<[body: HttpTypes.AdminExportProductRequest, query?: HttpTypes.AdminProductListParams, headers?: H], HttpTypes.AdminExportProductResponse>("POST /admin/products/export", "body query"),
    batch: op<[body: HttpTypes.AdminBatchProductRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductResponse>("POST /admin/products/batch", "body query"),
    create: op<[body: HttpTypes.AdminCreateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminProductListParams, headers?: H], HttpTypes.AdminProductListResponse>("GET /admin/products", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("GET /admin/products/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductDeleteResponse>("DELETE /admin/products/{id}", "id"),
    batchVariants: op<[productId: string, body: HttpTypes.AdminBatchProductVariantRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductVariantResponse>("POST /admin/products/{productId}/variants/batch", "productId body query"),
    createVariant: op<[productId: string, body: HttpTypes.AdminCreateProductVariant, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/variants", "productId body query"),
    updateVariant: op<[productId: string, id: string, body: HttpTypes.AdminUpdateProductVariant, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/variants/{id}", "productId id body query"),
    listVariants: op<[productId: string, query?: HttpTypes.AdminProductVariantParams, headers?: H], HttpTypes.AdminProductVariantListResponse>("GET /admin/products/{productId}/variants", "productId query"),
    retrieveVariant: op<[productId: string, id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>("GET /admin/products/{productId}/variants/{id}", "productId id query"),
    deleteVariant: op<[productId: string, id: string, headers?: H, query?: HttpTypes.SelectParams], HttpTypes.AdminProductVariantDeleteResponse>("DELETE /admin/products/{productId}/variants/{id}", "productId id headers query"),
    batchVariantInventoryItems: op<[productId: string, body: HttpTypes.AdminBatchProductVariantInventoryItemRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductVariantInventoryItemResponse>("POST /admin/products/{productId}/variants/inventory-items/batch", "productId body query"),
    listOptions: op<[productId: string, query?: HttpTypes.AdminProductOptionParams, headers?: H], HttpTypes.AdminProductOptionListResponse>("GET /admin/products/{productId}/options", "productId query"),
    batchImageVariants: op<[productId: string, imageId: string, body: HttpTypes.AdminBatchImageVariantRequest, headers?: H], HttpTypes.AdminBatchImageVariantResponse>("POST /admin/products/{productId}/images/{imageId}/variants/batch", "productId imageId body"),
    batchVariantImages: op<[productId: string, variantId: string, body: HttpTypes.AdminBatchVariantImagesRequest, headers?: H], HttpTypes.AdminBatchVariantImagesResponse>("POST /admin/products/{productId}/variants/{variantId}/images/batch", "productId variantId body"),
    linkOptions: op<[productId: string, body: HttpTypes.AdminLinkProductOptions, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{productId}/options/batch", "productId body query"),
    import: handWritten<[body: { file: FileInput }, query?: {}, headers?: H], HttpTypes.AdminImportProductResponse>(
      "POST /admin/products/import",
      "body query headers",
      async (ctx, body: { file: FileInput }, query, headers, options) => {
        const file = await toFile(body.file, "products.csv");
        return send(ctx, "POST /admin/products/import", await multipart("file", [file], query, headers), options);
      },
      "Legacy one-step CSV import (multipart field `file`); confirm it with confirmLegacyImport.",
    ),
    confirmLegacyImport: shaped<[transactionId: string, query?: {}, headers?: H], {}>(
      "POST /admin/products/import/{transactionId}/confirm",
      "transactionId query headers",
      (transactionId, query, headers) => ({ params: { transactionId }, body: {}, query, headers }),
      "Ours (no js-sdk method): confirms a legacy one-step import (js-sdk defect 13).",
    ),
    createVariantInventoryItem: op<[productId: string, variantId: string, body: HttpTypes.AdminCreateVariantInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>(
      "POST /admin/products/{productId}/variants/{variantId}/inventory-items",
      "productId variantId body query",
      { summary: "Ours (no js-sdk method): links an inventory item to a variant." },
    ),
    updateVariantInventoryItem: op<[productId: string, variantId: string, inventoryItemId: string, body: HttpTypes.AdminUpdateVariantInventoryItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductVariantResponse>(
      "POST /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}",
      "productId variantId inventoryItemId body query",
      { summary: "Ours (no js-sdk method): changes the required quantity of a variant's inventory item." },
    ),
    deleteVariantInventoryItem: op<[productId: string, variantId: string, inventoryItemId: string, headers?: H], HttpTypes.AdminProductVariantInventoryLinkDeleteResponse>(
      "DELETE /admin/products/{productId}/variants/{variantId}/inventory-items/{inventoryItemId}",
      "productId variantId inventoryItemId",
      { summary: "Ours (no js-sdk method): unlinks an inventory item from a variant." },
    ),
  },
});
