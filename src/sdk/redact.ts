/**
 * One redactor for headers, URLs and bodies, used by errors and the debug log alike.
 * The publishable key is public by design (CONTRACT.md §4) and is left visible.
 */

export const REDACTED = "[REDACTED]";

const SECRET_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-medusa-api-key",
]);

const SECRET_KEY_RE = /(^|_|-)(password|passwd|secret|token|api_?key|access_?token|refresh_?token|jwt|authorization|cookie|session)$/i;

const SECRET_QUERY = /^(token|access_token|api_key|apikey|key|secret|password|jwt|code|refresh_token)$/i;

/** Secret-looking substrings: Medusa secret keys and JWTs. */
const SECRET_VALUE_RE = /\bsk_[A-Za-z0-9]{6,}\b|\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

export function redactText(text: string): string {
  return text.replace(SECRET_VALUE_RE, REDACTED);
}

export function isSecretHeader(name: string): boolean {
  const n = name.toLowerCase();
  if (n === "x-publishable-api-key") return false;
  return SECRET_HEADERS.has(n) || /(secret|token|password|api-key|apikey)/.test(n);
}

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(", ") : v;
    out[k] = isSecretHeader(k) ? REDACTED : redactText(value);
  }
  return out;
}

/** Removes credential query parameters and userinfo from a URL. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return redactText(url);
  }
  if (u.username || u.password) {
    u.username = u.username ? "REDACTED" : "";
    u.password = "";
  }
  for (const key of [...u.searchParams.keys()]) {
    if (SECRET_QUERY.test(key)) u.searchParams.set(key, REDACTED);
  }
  return redactText(u.toString());
}

/** Deep copy of a JSON-ish value with secret-named fields and secret-looking strings replaced. */
export function redactBody(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactBody(v, depth + 1));
  if (value && typeof value === "object") {
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEY_RE.test(k) && v !== null && v !== undefined ? REDACTED : redactBody(v, depth + 1);
    }
    return out;
  }
  return value;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
