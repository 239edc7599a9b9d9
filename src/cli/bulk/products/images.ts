/**
 * `--images copy`: each picture of another platform's file is downloaded (image types only, at
 * most MAX_IMAGE_BYTES, a timeout per picture, a few at a time) and uploaded through Medusa's file
 * module, so the shop no longer depends on the old CDN. What was copied is remembered per store
 * in `<data root>/jobs/images-<store>.jsonl` (source → uploaded URL, appended as each upload
 * lands), so a rerun or `--resume` never uploads a picture twice. A picture that cannot be
 * fetched stays linked to its source URL and is listed with the reason (`--strict-images`: a
 * problem, nothing written).
 */
import { createHash } from "node:crypto";
import { appendFile, mkdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import type { Medusa } from "../../../sdk/index.js";
import { runPool } from "../pool.js";

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 30_000;
export const IMAGE_CONCURRENCY = 4;

export interface ImageFailure {
  source: string;
  reason: string;
}

export interface CopyResult {
  /** Source → URL to store (uploaded now or before). */
  urls: Map<string, string>;
  uploaded: number;
  remembered: number;
  failed: ImageFailure[];
}

export interface CopyOptions {
  /** The jobs folder of the data root. */
  dir: string;
  /** The store's URL: copies are remembered per store. */
  store: string;
  /** For relative paths (Medusa's own format): the CSV file's folder. */
  baseDir?: string;
  dryRun: boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
  concurrency?: number;
}

function memoryFile(dir: string, store: string): string {
  return path.join(dir, `images-${createHash("sha256").update(store).digest("hex").slice(0, 16)}.jsonl`);
}

async function remembered(file: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const { source, url } = JSON.parse(line) as { source: string; url: string };
      if (typeof source === "string" && typeof url === "string") out.set(source, url);
    } catch {
      // A line cut short by a crash: that picture is copied again.
    }
  }
  return out;
}

const OUTSIDE = "a picture's path must lead to a file in the CSV file's folder or below it";

function inside(root: string, f: string): boolean {
  const rel = path.relative(root, f);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

/**
 * A sheet names pictures beside it: never a file elsewhere on this machine (`../../`, an absolute
 * path; links leading out are refused when read), which would be published in the shop's storage.
 */
export function leadsOut(baseDir: string, ref: string): boolean {
  return path.isAbsolute(ref) || !inside(path.resolve(baseDir), path.resolve(baseDir, ref));
}

export function isRemote(ref: string): boolean {
  return /^https?:\/\//i.test(ref);
}

const EXT: Record<string, string> = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif", ".svg": "image/svg+xml" };

/** The bytes of one picture, or the reason it cannot be had. */
async function fetchImage(source: string, o: CopyOptions): Promise<{ bytes: Uint8Array; type: string; name: string } | { reason: string }> {
  const max = o.maxBytes ?? MAX_IMAGE_BYTES;
  if (!isRemote(source)) {
    const base = path.resolve(o.baseDir ?? ".");
    const file = path.resolve(base, source);
    const type = EXT[path.extname(file).toLowerCase()];
    if (!type) return { reason: "not an image file name (jpg, png, gif, webp, avif, svg)" };
    if (leadsOut(base, source)) return { reason: OUTSIDE };
    try {
      if (!inside(await realpath(base), await realpath(file))) return { reason: `${OUTSIDE} (it is a link leading out)` };
      const bytes = await readFile(file);
      if (bytes.byteLength > max) return { reason: `larger than ${max / 1048576} MB` };
      return { bytes, type, name: path.basename(file) };
    } catch (e) {
      return { reason: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
    }
  }
  const signal = AbortSignal.any([AbortSignal.timeout(o.timeoutMs ?? IMAGE_TIMEOUT_MS), ...(o.signal ? [o.signal] : [])]);
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(source, { signal, redirect: "follow" });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { reason: err.name === "TimeoutError" ? `no answer within ${(o.timeoutMs ?? IMAGE_TIMEOUT_MS) / 1000} s` : `cannot fetch: ${err.cause?.code ?? err.message}` };
  }
  const drop = () => res.body?.cancel().catch(() => {});
  if (!res.ok) {
    void drop();
    return { reason: `the server answered ${res.status}` };
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!type.startsWith("image/")) {
    void drop();
    return { reason: `not an image (${type || "no content type"})` };
  }
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (declared > max) {
    void drop();
    return { reason: `larger than ${max / 1048576} MB` };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > max) {
        void drop();
        return { reason: `larger than ${max / 1048576} MB` };
      }
      chunks.push(chunk);
    }
  } catch (e) {
    return { reason: (e as Error).name === "TimeoutError" ? `no answer within ${(o.timeoutMs ?? IMAGE_TIMEOUT_MS) / 1000} s` : `download broke off: ${(e as Error).message}` };
  }
  const name = decodeURIComponent(new URL(source).pathname.split("/").pop() || "image") || "image";
  return { bytes: Buffer.concat(chunks), type, name };
}

/** Copies the pictures (or, in a dry run, counts what would be copied). */
export async function copyImages(sdk: Medusa, sources: Iterable<string>, o: CopyOptions): Promise<CopyResult> {
  const file = memoryFile(o.dir, o.store);
  const known = await remembered(file);
  const out: CopyResult = { urls: new Map(), uploaded: 0, remembered: 0, failed: [] };
  const todo: string[] = [];
  for (const s of new Set(sources)) {
    const url = known.get(s);
    if (url) {
      out.urls.set(s, url);
      out.remembered++;
    } else todo.push(s);
  }
  if (o.dryRun || !todo.length) {
    out.uploaded = o.dryRun ? todo.length : 0;
    return out;
  }
  await mkdir(o.dir, { recursive: true, mode: 0o700 });
  await runPool(
    todo,
    o.concurrency ?? IMAGE_CONCURRENCY,
    async (source) => {
      const got = await fetchImage(source, o);
      if ("reason" in got) {
        out.failed.push({ source, reason: got.reason });
        return;
      }
      const { files } = (await sdk.admin.upload.create({ files: [new File([got.bytes as Uint8Array<ArrayBuffer>], got.name, { type: got.type })] } as never, undefined, undefined, { signal: o.signal })) as { files: { url: string }[] };
      const url = files[0]!.url;
      out.urls.set(source, url);
      out.uploaded++;
      await appendFile(file, JSON.stringify({ source, url }) + "\n", { mode: 0o600 });
    },
    o.signal,
  );
  return out;
}
