import { stringify } from "./qs-lite.js";

type QsParse = (text: string, options: Record<string, unknown>) => Record<string, unknown>;
let qsParse: QsParse | null | undefined;

/**
 * qs's parser, loaded on first use. The SDK writes queries with qs-lite (byte for byte qs's
 * output), so a CLI process that never parses one does not load qs and the 60 files it brings:
 * about 50 ms of CPU at every start (bench/RESULTS.md, "CPU of a one-shot CLI request"). Node loads it synchronously; a browser has
 * no parser (null).
 */
function parser(): QsParse | null {
  if (qsParse === undefined) {
    const nodeModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.("node:module") as typeof import("node:module") | undefined;
    qsParse = nodeModule ? (nodeModule.createRequire(import.meta.url)("qs") as { parse: QsParse }).parse : null;
  }
  return qsParse;
}

/** Limits for query strings typed by people (CLI `--query`), as the Medusa server parses them. */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

/** Serialises like the js-sdk: qs defaults, indexed brackets, nulls and empty arrays dropped. */
export function stringifyQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  return flatQuery(query) ?? stringify(query, { skipNulls: true });
}

/** What qs's RFC 3986 encoder escapes and encodeURIComponent does not. */
const QS_EXTRA = /[!'()*]/g;
/** Characters neither encoder touches: such a key or value is written as it is. */
const UNRESERVED = /^[\w.~-]*$/;
const qsEscape = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/**
 * The common case (every value a string, number or boolean) without qs, byte for byte what qs
 * writes; anything else (arrays, objects, dates, lone surrogates) returns undefined for qs.
 */
function flatQuery(query: Record<string, unknown>): string | undefined {
  let out = "";
  try {
    for (const key in query) {
      if (!Object.prototype.hasOwnProperty.call(query, key)) continue;
      const v = query[key];
      if (v === undefined || v === null) continue;
      const t = typeof v;
      if (t !== "string" && t !== "number" && t !== "boolean") return undefined;
      const text = t === "string" ? (v as string) : String(v);
      const k = UNRESERVED.test(key) ? key : encodeURIComponent(key).replace(QS_EXTRA, qsEscape);
      const val = UNRESERVED.test(text) ? text : encodeURIComponent(text).replace(QS_EXTRA, qsEscape);
      out += out ? `&${k}=${val}` : `${k}=${val}`;
    }
  } catch {
    return undefined;
  }
  return out;
}

export class QueryParseError extends Error {
  override name = "QueryParseError";
}

/**
 * Parses a query string a person typed. Instead of letting qs silently reshape it (a list over
 * 20 items becomes an object, nesting past 5 levels is flattened), refuses it.
 */
export function parseUserQuery(input: string): Record<string, unknown> {
  const text = input.startsWith("?") ? input.slice(1) : input;
  if (!text) return {};
  const pairs = text.split("&").filter(Boolean);
  if (pairs.length > QUERY_LIMITS.parameterLimit) {
    throw new QueryParseError(`query has ${pairs.length} parameters; the limit is ${QUERY_LIMITS.parameterLimit}`);
  }
  const counts = new Map<string, number>();
  for (const pair of pairs) {
    const rawKey = decodeURIComponentSafe(pair.split("=")[0] ?? "");
    const depth = (rawKey.match(/\[/g) ?? []).length;
    if (depth > QUERY_LIMITS.depth) {
      throw new QueryParseError(`"${rawKey}" nests ${depth} levels; the limit is ${QUERY_LIMITS.depth}`);
    }
    const idx = /^(.*)\[(\d*)\]$/.exec(rawKey);
    if (idx) {
      const base = idx[1]!;
      const n = idx[2] === "" ? (counts.get(base) ?? 0) + 1 : Math.max(counts.get(base) ?? 0, Number(idx[2]) + 1);
      counts.set(base, n);
      if (n > QUERY_LIMITS.arrayLimit) {
        throw new QueryParseError(`"${base}" lists more than ${QUERY_LIMITS.arrayLimit} items; split the request`);
      }
    }
  }
  const parse = parser();
  if (!parse) throw new QueryParseError("a query string can only be parsed in Node");
  return parse(text, { ...QUERY_LIMITS, strictDepth: true, allowDots: false });
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/**
 * Joins a base URL and a request path as the js-sdk does: the base's path prefix is kept,
 * one trailing slash of the base and one leading slash of the path are dropped.
 */
export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(joinUrlString(baseUrl, path));
}

/** Path characters a URL parser keeps as they are: no dots (segments), no query, no backslash. */
const PLAIN_PATH = /^[/]*[A-Za-z0-9_~%!$&'()*+,;=:@-]+(?:\/[A-Za-z0-9_~%!$&'()*+,;=:@-]+)*$/;

/** A base URL split once per client, so a request's URL is a concatenation. */
export interface ParsedBase {
  origin: string;
  prefix: string;
}

export function parseBase(baseUrl: string): ParsedBase | undefined {
  if (baseUrl === "" || baseUrl === "/") return undefined;
  try {
    const b = new URL(baseUrl);
    return { origin: b.origin, prefix: b.pathname.endsWith("/") ? b.pathname.slice(0, -1) : b.pathname };
  } catch {
    return undefined;
  }
}

/**
 * {@link joinUrl} as a string. A plain path (the SDK's own routes) on a parsed base is joined
 * without a URL parser; its result is what the parser would give.
 */
export function joinUrlString(baseUrl: string, path: string, base?: ParsedBase): string {
  if (base && PLAIN_PATH.test(path)) {
    let i = 0;
    while (path.charCodeAt(i) === 47) i++;
    return `${base.origin}${base.prefix}/${i ? path.slice(i) : path}`;
  }
  return joinUrlSlow(baseUrl, path).toString();
}

function joinUrlSlow(baseUrl: string, path: string): URL {
  if (/^https?:\/\//i.test(path)) return new URL(path);
  let base = baseUrl;
  if ((base === "" || base === "/") && typeof window !== "undefined" && window.location) {
    base = window.location.origin;
  }
  const b = new URL(base);
  const prefix = b.pathname.endsWith("/") ? b.pathname.slice(0, -1) : b.pathname;
  // "//host/x" and "/\\host/x" are protocol-relative to a URL parser: a path must never leave the back-end's origin.
  const p = path.replace(/^[/\\]+/, "");
  const url = new URL(`${prefix}/${p}`, b.origin);
  // A tab or line break after the slash is dropped by the parser, which then sees "//host".
  if (url.origin !== b.origin) throw new TypeError(`the path ${JSON.stringify(path)} resolves outside ${b.origin}`);
  return url;
}

/**
 * Applies `query` to a URL. Without `query` the path's own query string is kept verbatim; with
 * one, both are merged and `query` wins (repeated keys already in the path are kept, unlike the js-sdk).
 */
export function applyQuery(url: URL | string, query: Record<string, unknown> | undefined): string {
  if (!query || isEmpty(query)) return url.toString();
  if (typeof url === "string") {
    // A joined plain path has no query or fragment of its own: append ours.
    if (!url.includes("?") && !url.includes("#")) {
      const search = stringifyQuery(query);
      return search ? `${url}?${search}` : url;
    }
    url = new URL(url);
  }
  const parse = url.search ? parser() : undefined;
  if (parse === null) {
    // No qs (a browser): the path's own pairs stay as written, less those whose key `query` sets.
    const own = url.search.slice(1).split("&").filter((pair) => pair && !Object.prototype.hasOwnProperty.call(query, topKey(pair)));
    const search = [...own, stringifyQuery(query)].filter(Boolean).join("&");
    url.search = search ? `?${search}` : "";
    return url.toString();
  }
  const existing = parse ? parse(url.search.slice(1), { depth: 10, arrayLimit: 1000 }) : {};
  const merged = { ...existing, ...query };
  const search = stringifyQuery(merged);
  url.search = search ? `?${search}` : "";
  return url.toString();
}

/** The name a query pair sets: "a" for `a=1`, `a[0]=1` and `a[b]=1`. */
function topKey(pair: string): string {
  const raw = decodeURIComponentSafe(pair.split("=")[0] ?? "");
  const bracket = raw.indexOf("[");
  return bracket > 0 ? raw.slice(0, bracket) : raw;
}

function isEmpty(o: Record<string, unknown>): boolean {
  for (const _ in o) return false;
  return true;
}
