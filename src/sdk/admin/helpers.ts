/**
 * Building blocks for the few methods a route table cannot express: a body or query assembled
 * from several arguments, and file inputs for multipart uploads. Shared by the admin and store
 * declarations; not a resource (the registries never list it).
 */
import { custom, type MethodSpec, type RequestParts, type ResourceContext } from "../resource.js";
import type { CallOptions, ClientHeaders, FetchInit, ServerSentEvent } from "../types.js";

// Declarations import these from here; they live in resource.ts so tools can read what `shaped` marks.
export { send, shaped, type RequestParts } from "../resource.js";

/**
 * One file for an upload: a `File`, a `Blob`, bytes or text with a name (`{ name, content }`, the
 * js-sdk's own shape, extended to bytes), bare bytes, or (in Node) a filesystem path.
 */
export type FileInput =
  | File
  | Blob
  | Uint8Array
  | ArrayBuffer
  | string
  | { name: string; content: string | Uint8Array | ArrayBuffer | Blob; type?: string };

const MIME: Record<string, string> = {
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
  mp4: "video/mp4",
  zip: "application/zip",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A MIME type guessed from a file name, or `fallback`. */
export function mimeType(name: string, fallback = "application/octet-stream"): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && MIME[name.slice(dot + 1).toLowerCase()]) || fallback;
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/** Turns any {@link FileInput} into a `File` (name, type and size known). */
export async function toFile(input: FileInput, fallbackName = "file"): Promise<File> {
  if (typeof File !== "undefined" && input instanceof File) return input;
  if (typeof input === "string") {
    // A path: read lazily so browser bundles never see node:fs.
    const fsSpec = "node:fs/promises";
    const fs = (await import(/* @vite-ignore */ fsSpec)) as typeof import("node:fs/promises");
    const bytes = await fs.readFile(input);
    const name = baseName(input);
    return new File([bytes], name, { type: mimeType(name) });
  }
  if (typeof Blob !== "undefined" && input instanceof Blob) {
    return new File([input], fallbackName, { type: input.type || mimeType(fallbackName) });
  }
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    return new File([input as BlobPart], fallbackName, { type: mimeType(fallbackName) });
  }
  if (input && typeof input === "object" && "name" in input && "content" in input) {
    const { name, content, type } = input;
    // The js-sdk sends `{ name, content }` text as text/plain; bytes get a type from the name.
    const t = type ?? (typeof content === "string" ? "text/plain" : mimeType(name));
    return new File([content as BlobPart], name, { type: t });
  }
  throw new TypeError("unsupported file input: pass a File, a Blob, bytes, { name, content } or a path");
}

/** Files of an upload body: `{ files: [...] }`, a `FileList`, or one input or an array of them. */
export async function toFiles(body: unknown): Promise<File[]> {
  let list: unknown = body;
  if (list && typeof list === "object" && "files" in list && !(typeof File !== "undefined" && list instanceof File)) {
    list = (list as { files: unknown }).files;
  }
  const items: unknown[] =
    Array.isArray(list) ? list
    : list && typeof list === "object" && typeof (list as { length?: unknown }).length === "number" && typeof (list as { item?: unknown }).item === "function"
      ? Array.from(list as ArrayLike<unknown>)
      : [list];
  return Promise.all(items.map((f, i) => toFile(f as FileInput, items.length > 1 ? `file-${i + 1}` : "file")));
}

/** A multipart body with one part per file under `field`. */
export function formData(field: string, files: File[]): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, f, f.name);
  return form;
}

/**
 * The parts of a multipart request, already encoded: bytes plus a content type with its boundary.
 * Encoding here (instead of handing a FormData to the transport) works with every transport: the
 * undici transport cannot send the runtime's own FormData (see the report on transport/undici.ts).
 */
export async function multipart(field: string, files: File[], query?: Record<string, unknown>, headers?: ClientHeaders): Promise<RequestParts> {
  const encoded = new Response(formData(field, files));
  const contentType = encoded.headers.get("content-type") ?? "multipart/form-data";
  const body = new Uint8Array(await encoded.arrayBuffer());
  return { body, query, headers: { ...headers, "content-type": contentType } };
}

/**
 * A hand-written method (several requests, multipart, streams). Like `custom`, but it also names
 * the positional arguments for help texts; `fn` receives the context, the caller's arguments and
 * then the trailing {@link CallOptions}.
 */
export function handWritten<Args extends unknown[] = any[], Res = any>(
  route: string,
  args: string,
  fn: (ctx: ResourceContext, ...args: any[]) => Promise<unknown>,
  summary?: string,
): MethodSpec<Args, Res> {
  const names = args.split(/\s+/).filter(Boolean);
  return {
    ...custom<Args, Res>(route, (ctx, ...argv) => {
      // Pad so the options always land after the declared arguments, however many were passed.
      const padded = argv.length < names.length ? [...argv, ...new Array(names.length - argv.length).fill(undefined)] : argv;
      return fn(ctx, ...padded);
    }, summary),
    args: names,
  };
}

/** The answer of POST /admin/uploads/presigned-urls. */
export interface PresignedUpload {
  url: string;
  filename: string;
  originalname: string;
  extension: string;
  size: number;
  mime_type: string;
}

/**
 * PUTs a file to a presigned storage URL. Nothing of ours goes along: no auth, no publishable
 * key, no locale, no global headers, no cookies (the js-sdk uses a bare `fetch` here).
 */
export async function putPresigned(ctx: ResourceContext, url: string, file: File, options: CallOptions = {}): Promise<void> {
  const client = ctx.client as { config?: { globalHeaders?: ClientHeaders } } | undefined;
  const headers: ClientHeaders = { authorization: null, cookie: null, "x-publishable-api-key": null, "x-medusa-locale": null };
  for (const key of Object.keys(client?.config?.globalHeaders ?? {})) headers[key.toLowerCase()] = null;
  headers["content-type"] = file.type || null;
  // Storage providers answer XML or nothing: take the raw response instead of parsing JSON.
  headers.accept = "*/*";
  await ctx.fetch(url, { method: "PUT", body: file, headers, credentials: "omit", signal: options.signal, timeout: options.timeout, retry: options.retry });
}

/** A server-sent events stream: iterate `stream`, call `abort()` to stop. */
export interface EventStream {
  stream: AsyncGenerator<ServerSentEvent>;
  abort: () => void;
}

/** Opens a server-sent events stream through the client (ctx.client.fetchStream). */
export async function stream(
  ctx: ResourceContext,
  path: string,
  query?: Record<string, unknown>,
  headers?: ClientHeaders,
  options: CallOptions = {},
): Promise<EventStream> {
  const client = ctx.client as { fetchStream(path: string, init: FetchInit): Promise<EventStream> };
  return client.fetchStream(path, { query, headers, signal: options.signal, timeout: options.timeout });
}

/** Body of the workflow step success/failure routes. */
export interface WorkflowStepResult {
  transaction_id: string;
  step_id: string;
  response?: unknown;
  compensate_input?: unknown;
  action?: "invoke" | "compensate";
}
