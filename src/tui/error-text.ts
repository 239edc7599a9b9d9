/** Errors told the same way on every TUI screen: below hooks and components, which both word errors. */

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  type?: string;
  code?: string;
  hint?: string;
  request?: { method: string; url: string };
  cause?: unknown;
}

/**
 * What went wrong: the message, plus the server's status, type and code (`kind`) and the request
 * (`where`) when Medusa answered, also when an order operation wrapped its error.
 */
export function describeError(e: unknown): { message: string; detail?: string; kind?: string; hint?: string } {
  const err = (e ?? {}) as ErrorLike;
  const message = err.message || String(e);
  const api = err.name === "ApiError" ? err : (err.cause as ErrorLike | undefined)?.name === "ApiError" ? (err.cause as ErrorLike) : undefined;
  if (api) {
    const kind = [api.status, api.type, api.code].filter((x) => x !== undefined && x !== "").join(" ");
    let where = "";
    if (api.request) {
      try {
        where = `${api.request.method} ${new URL(api.request.url).pathname}`;
      } catch {
        where = `${api.request.method} ${api.request.url}`;
      }
    }
    return { message, kind, detail: [kind, where].filter(Boolean).join(", "), hint: err.hint };
  }
  const cause = (err.cause as ErrorLike | undefined)?.name ?? err.name;
  if (cause === "NetworkError" || cause === "TimeoutError") return { message, kind: cause === "TimeoutError" ? "timed out" : "network", detail: cause === "TimeoutError" ? "timed out" : "network", hint: err.hint };
  return { message, hint: err.hint };
}

/** An error shown where the data would be, with the retry key (never a blank screen). */

/** A 401 cannot be fixed from inside the TUI: hand it to main() (exit 4 with a login hint). */
export function isFatal(e: unknown): boolean {
  const err = e as { name?: string; status?: number };
  return err?.name === "ApiError" && err.status === 401;
}
