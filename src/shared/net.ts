/** Loopback host names: a back-end there runs on this machine (plain http is safe; it shares our CPU). */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** Whether the URL's host is loopback; false for a URL that does not parse. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The path and query of a URL (what logs and error lines show); the text itself if it does not parse. */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/**
 * Why `path` cannot be a raw request path on the back-end, or undefined when it can
 * (docs/SECURITY.md, "a URL path is printable ASCII"). A URL parser drops tabs and line breaks
 * and reads `//host` and `/\\host` as another host, so `/\t/evil/x` would leave the back-end:
 * only printable ASCII without spaces passes, before any parser sees it.
 */
export function rawPathProblem(path: string): string | undefined {
  if (!path.startsWith("/")) return "it must start with /";
  const bad = /[^\x21-\x7e]/.exec(path);
  if (bad) {
    const c = bad[0].codePointAt(0)!;
    const shown = c === 0x20 ? "a space" : c < 0x20 || c === 0x7f ? `the control character U+${c.toString(16).toUpperCase().padStart(4, "0")}` : `the non-ASCII character U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
    return `it holds ${shown} at position ${bad.index + 1}; a path is printable ASCII (percent-encode other characters, or pass values with --query)`;
  }
  if (/^\/[/\\]/.test(path)) return "it must be a path on the back-end, not another host (// or /\\ at the start)";
  return undefined;
}

/** True when `url` resolves on `baseUrl`'s own origin. */
export function sameOrigin(url: string, baseUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
