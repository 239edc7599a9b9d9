/**
 * The part of `qs` the SDK writes with: `stringify(query, { skipNulls: true })` with qs's defaults
 * (indexed brackets, RFC 3986 encoding of keys and values). The real package drags
 * object-inspect, get-intrinsic and side-channel along: about 15 KB gzipped of the storefront's
 * 100 KB budget, and 60 files (about 50 ms of CPU) at every start of the CLI. query.ts loads qs itself only to
 * parse. tests/sdk/qs-lite.test.ts checks the output against the real qs.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function encode(text: string): string {
  let out: string;
  try {
    out = encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: qs writes U+FFFD for it, as URLSearchParams does.
    out = encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"));
  }
  return out.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function walk(prefix: string, value: unknown, skipNulls: boolean, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    // qs writes "key=" for null unless skipNulls.
    if (!skipNulls) out.push(`${encode(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(`${prefix}[${i}]`, v, skipNulls, out));
    return;
  }
  if (typeof value === "object" && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(`${prefix}[${k}]`, v, skipNulls, out);
    return;
  }
  out.push(`${encode(prefix)}=${encode(scalar(value))}`);
}

export function stringify(query: Record<string, unknown> | undefined | null, options: { skipNulls?: boolean } = {}): string {
  if (!query || typeof query !== "object") return "";
  const out: string[] = [];
  for (const [k, v] of Object.entries(query)) walk(k, v, options.skipNulls ?? false, out);
  return out.join("&");
}
