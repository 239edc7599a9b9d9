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
    create: handWritten<[body: HttpTypes.AdminUploadFile | { files: FileInput[] } | FileInput[], query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFileListResponse>(
      "POST /admin/uploads",
      "body query headers",
      async (ctx, body, query, headers, options) =>
        send(ctx, "POST /admin/uploads", await multipart("files", await toFiles(body), query, headers), options),
      "Multipart upload, one `files` part per file; accepts Files, Blobs, bytes with a name or (in Node) paths.",
    ),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminFileResponse>("GET /admin/uploads/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminFileDeleteResponse>("DELETE /admin/uploads/{id}", "id"),
    presignedUrl: op<[body: HttpTypes.AdminUploadPreSignedUrlRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminUploadPreSignedUrlResponse>("POST /admin/uploads/presigned-urls", "body query"),
  },
});
