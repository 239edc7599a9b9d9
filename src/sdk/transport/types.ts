/**
 * The seam between the client and the network: undici `request()` in Node, `fetch` in a browser
 * or a test. Most per-request CPU of the official client goes to the WHATWG fetch layer, which is
 * why Node gets its own transport.
 */

export type BodyInit = string | Uint8Array | ArrayBuffer | Blob | FormData | ReadableStream<Uint8Array> | null;

export interface TransportRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal: AbortSignal;
  /** Browser cookie mode; ignored in Node. */
  credentials?: "include" | "omit" | "same-origin";
}

export interface TransportResponse {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  /** Reads the whole body as text. */
  text(): Promise<string>;
  /** Reads the body as chunks (for server-sent events and downloads). */
  stream(): AsyncIterable<Uint8Array>;
  /** Discards the body so the connection can be reused. */
  dump(): Promise<void>;
}

export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>;
  close?(): Promise<void>;
}

/** Connect-stage error codes: the request never left, so even a POST may be retried. */
export const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CONNECT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
