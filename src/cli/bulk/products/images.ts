/**
 * `--images copy`: each picture of a sheet is downloaded (picture-fetch.ts: public addresses only,
 * at most MAX_IMAGE_BYTES, a timer per picture, a few at a time) or read from the sheet's folder
 * (readLocalPicture), judged by its bytes (picture-type.ts), and uploaded through Medusa's file
 * module, so the shop no longer depends on the old CDN. What was uploaded is remembered per store
 * by the picture's content (SHA-256 of its bytes) in `<data root>/jobs/images-<store>.jsonl`, so a
 * rerun, `--resume` or another sheet holding the same picture never uploads it twice, while a
 * changed picture behind the same URL or path is uploaded anew. A picture that cannot be had stays
 * linked to its source URL and is listed with the reason (`--strict-images`: a problem, nothing
 * written); one bad picture never ends the run.
 */
import { createHash } from "node:crypto";
import { constants as fsConstants, promises as fs } from "node:fs";
import path from "node:path";
import type { Medusa } from "../../../sdk/index.js";
import { createNew, openOwn, writeAll } from "../../../sdk/atomic-write.js";
import { kindOf } from "../../cmdutil/input-file.js";
import { runPool } from "../pool.js";
import { addressRule, fetchPictureBytes, pictureDispatcher, type AddressRule } from "./picture-fetch.js";
import { looksLike, pictureName, pictureType, PICTURE_FORMATS } from "./picture-type.js";

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 30_000;
export const IMAGE_CONCURRENCY = 4;
/** The picture memory of one store is read whole: far above any real one (about 150 bytes a picture). */
export const MAX_MEMORY_BYTES = 64 * 1024 * 1024;

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
  /** The sheet's folder: relative paths are read from it, never from the current folder. */
  baseDir: string;
  dryRun: boolean;
  /** `--images-allow-private`: pictures on loopback or private addresses are fetched too. */
  allowPrivate?: boolean;
  /** Tests only: the address rule (default: {@link addressRule} of `allowPrivate`). */
  rule?: AddressRule;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  concurrency?: number;
}

function memoryFile(dir: string, store: string): string {
  return path.join(dir, `images-${createHash("sha256").update(store).digest("hex").slice(0, 16)}.jsonl`);
}

/** SHA-256 of the picture → the URL it was uploaded to. Lines of another shape (an older format, a torn last line) are skipped. */
async function remembered(file: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let h: fs.FileHandle;
  try {
    // Not through a link planted in its place (ELOOP says so).
    h = await openOwn(file, "read");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return out;
    throw e;
  }
  let text: string;
  try {
    const st = await h.stat();
    if (!st.isFile()) throw new Error(`${file} is ${kindOf(st)}, not the picture memory medusactl writes`);
    if (st.size > MAX_MEMORY_BYTES) throw new Error(`${file} is larger than ${MAX_MEMORY_BYTES / 1048576} MiB; move it away to start the picture memory afresh`);
    text = await h.readFile("utf8");
  } finally {
    await h.close();
  }
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const { sha256, url } = JSON.parse(line) as { sha256: unknown; url: unknown };
      if (typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256) && typeof url === "string") out.set(sha256, url);
    } catch {
      // A line cut short by a crash: that picture is uploaded again.
    }
  }
  return out;
}

/** Appends records to the memory: created without following a link, one whole line per write. */
async function openMemory(file: string): Promise<fs.FileHandle> {
  for (;;) {
    try {
      return await openOwn(file, "append");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
    try {
      return await createNew(file);
    } catch (e) {
      // Another worker or run created it meanwhile: append to theirs.
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
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

/** Local pictures must be named as one (the bytes decide what it is; the name keeps other files out of reach). */
const LOCAL_NAME = /\.(jpe?g|png|gif|webp|avif)$/i;

const { O_RDONLY, O_NONBLOCK } = fsConstants;
const O_NOFOLLOW = fsConstants.O_NOFOLLOW ?? 0;

/** Where an open descriptor's file really is (Linux), or undefined where the system cannot tell. */
async function pathOfDescriptor(h: fs.FileHandle): Promise<string | undefined> {
  try {
    return await fs.readlink(`/proc/self/fd/${h.fd}`);
  } catch {
    return undefined;
  }
}

/**
 * The bytes of a picture beside the sheet, read safely (docs/SECURITY.md §11): the path must stay in
 * the sheet's folder; the file is opened once, without following a link in its last step and without
 * waiting for a FIFO's writer, and everything is then checked on that open descriptor — a regular
 * file, inside the folder, at most `max` bytes before a byte is read — so swapping the path for a
 * link after the check reads nothing else. The read stops at `max` whatever the file does meanwhile.
 */
export async function readLocalPicture(baseDir: string, ref: string, max: number, signal?: AbortSignal): Promise<{ bytes: Uint8Array; name: string } | { reason: string }> {
  if (!LOCAL_NAME.test(ref)) return { reason: "not a picture file name (jpg, jpeg, png, gif, webp, avif)" };
  if (leadsOut(baseDir, ref)) return { reason: OUTSIDE };
  const file = path.resolve(baseDir, ref);
  let h: fs.FileHandle;
  try {
    h = await fs.open(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { reason: `${OUTSIDE} (it is a symbolic link, which is not followed)` };
    return { reason: `cannot read ${ref}: ${code ?? (e as Error).message}` };
  }
  try {
    const st = await h.stat();
    if (!st.isFile()) return { reason: `${ref} is ${kindOf(st)}, not a regular file` };
    const real = (await pathOfDescriptor(h)) ?? (await fs.realpath(file));
    if (!inside(await fs.realpath(baseDir), real)) return { reason: `${OUTSIDE} (a folder on its way is a link leading out)` };
    if (st.size > max) return { reason: `larger than ${max / 1048576} MB` };
    const buf = Buffer.alloc(st.size + 1);
    let n = 0;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { bytesRead } = await h.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      // It grew while being read: judged as a file larger than it said.
      if (n > st.size) return { reason: `${ref} changed while being read` };
    }
    return { bytes: buf.subarray(0, n), name: path.basename(file) };
  } catch (e) {
    if (signal?.aborted) throw e;
    return { reason: `cannot read ${ref}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  } finally {
    await h.close();
  }
}

/** The last segment of a URL's path, decoded where it can be ("a%E0%A4%A.png" stays as written). */
function urlName(url: URL): string {
  const last = url.pathname.split("/").pop() || "image";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

type Picture = { bytes: Uint8Array; name: string; type: string; sha256: string } | { reason: string };

/** One picture, fetched or read, judged by its bytes. Never throws for what the sheet or a server did. */
async function getPicture(source: string, o: CopyOptions, dispatcher: Awaited<ReturnType<typeof pictureDispatcher>> | undefined): Promise<Picture> {
  const max = o.maxBytes ?? MAX_IMAGE_BYTES;
  let got: { bytes: Uint8Array; name: string } | { reason: string };
  if (isRemote(source)) {
    const r = await fetchPictureBytes(source, dispatcher!, { maxBytes: max, timeoutMs: o.timeoutMs ?? IMAGE_TIMEOUT_MS, rule: o.rule ?? addressRule(Boolean(o.allowPrivate)), signal: o.signal });
    got = "reason" in r ? r : { bytes: r.bytes, name: urlName(r.url) };
  } else got = await readLocalPicture(o.baseDir, source, max, o.signal);
  if ("reason" in got) return got;
  const kind = pictureType(got.bytes);
  if (!kind) return { reason: `not a picture: its bytes are ${looksLike(got.bytes)}, not ${PICTURE_FORMATS}` };
  return { bytes: got.bytes, name: pictureName(got.name, kind), type: kind.type, sha256: createHash("sha256").update(got.bytes).digest("hex") };
}

/** Copies the pictures (or, in a dry run, counts what would be fetched: nothing is read then). */
export async function copyImages(sdk: Medusa, sources: Iterable<string>, o: CopyOptions): Promise<CopyResult> {
  const file = memoryFile(o.dir, o.store);
  const out: CopyResult = { urls: new Map(), uploaded: 0, remembered: 0, failed: [] };
  const todo = [...new Set(sources)];
  if (o.dryRun || !todo.length) {
    out.uploaded = o.dryRun ? todo.length : 0;
    return out;
  }
  const known = await remembered(file);
  await fs.mkdir(o.dir, { recursive: true, mode: 0o700 });
  // The same bytes under two names are uploaded once, also when both are in flight together.
  const uploading = new Map<string, Promise<string>>();
  const dispatcher = todo.some(isRemote) ? await pictureDispatcher(o.rule ?? addressRule(Boolean(o.allowPrivate))) : undefined;
  let memory: Promise<fs.FileHandle> | undefined;
  const upload = async (p: Exclude<Picture, { reason: string }>): Promise<string> => {
    const { files } = (await sdk.admin.upload.create({ files: [new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type })] } as never, undefined, undefined, { signal: o.signal })) as { files: { url: string }[] };
    const url = files[0]!.url;
    out.uploaded++;
    known.set(p.sha256, url);
    memory ??= openMemory(file);
    await writeAll(await memory, JSON.stringify({ sha256: p.sha256, url }) + "\n");
    return url;
  };
  try {
    await runPool(
      todo,
      o.concurrency ?? IMAGE_CONCURRENCY,
      async (source) => {
        const got = await getPicture(source, o, dispatcher);
        if ("reason" in got) {
          out.failed.push({ source, reason: got.reason });
          return;
        }
        const before = known.get(got.sha256);
        if (before) {
          out.remembered++;
          out.urls.set(source, before);
          return;
        }
        let pending = uploading.get(got.sha256);
        if (!pending) uploading.set(got.sha256, (pending = upload(got)));
        else out.remembered++;
        out.urls.set(source, await pending);
      },
      o.signal,
    );
  } finally {
    await (await memory?.catch(() => undefined))?.close();
    await dispatcher?.close();
  }
  return out;
}
