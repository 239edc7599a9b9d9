import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { handWritten, send, toFiles, multipart, type FileInput } from "./helpers.js";

/**
 * Uploaded files (images, import sheets). https://docs.medusajs.com/api/admin#uploads
 * @example const { files } = await sdk.admin.upload.create({ files: ["./cover.png"] })
 */
export const upload = defineResource({
  name: "upload",
  path: "/admin/uploads",
  one: "file",
  many: "files",
  columns: ["id", "url"],
  docs: "https://docs.medusajs.com/api/admin#uploads",
  methods: {
    /**
     * Multipart upload, one `files` part per file; accepts Files, Blobs, bytes with a name or (in Node) paths. `POST /admin/uploads`
     * https://docs.medusajs.com/api/admin#uploads
     * @example
     * const { files } = await sdk.admin.upload.create({ files: [{ lastModified: 10, name: "Summer", webkitRelativePath: "webkitRelativePath" }] })
     */
    create: handWritten<[body: HttpTypes.AdminUploadFile | { files: FileInput[] } | FileInput[], query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFileListResponse>(
      "POST /admin/uploads",
      "body query headers",
      async (ctx, body, query, headers, options) =>
        send(ctx, "POST /admin/uploads", await multipart("files", await toFiles(body), query, headers), options),
      "Multipart upload, one `files` part per file; accepts Files, Blobs, bytes with a name or (in Node) paths.",
    ),
    /**
     * Retrieve one file. `GET /admin/uploads/{id}`
     * https://docs.medusajs.com/api/admin#uploads
     * @example
     * const { file } = await sdk.admin.upload.retrieve("file_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFileResponse>("GET /admin/uploads/{id}", "id query"),
    /**
     * Delete a file. `DELETE /admin/uploads/{id}`
     * https://docs.medusajs.com/api/admin#uploads
     * @example
     * const { id, deleted } = await sdk.admin.upload.delete("file_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminFileDeleteResponse>("DELETE /admin/uploads/{id}", "id"),
    /**
     * Presigned url. `POST /admin/uploads/presigned-urls`
     * https://docs.medusajs.com/api/admin#uploads
     * @example
     * const res = await sdk.admin.upload.presignedUrl({ originalname: "products.csv", mime_type: "text/csv", size: 1024 })
     */
    presignedUrl: op<[body: HttpTypes.AdminUploadPreSignedUrlRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminUploadPreSignedUrlResponse>("POST /admin/uploads/presigned-urls", "body query"),
  },
});
