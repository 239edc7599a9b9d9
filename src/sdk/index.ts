/**
 * medusactl's SDK: the js-sdk's surface (`sdk.admin.product.list(…)`) with a keep-alive transport,
 * timeouts, abort signals, retries, pagination, typed errors and redacted logs.
 * @example
 * import { Medusa } from "medusactl/sdk"
 * const sdk = new Medusa({ baseUrl: "http://127.0.0.1:9000", apiKey: process.env.MEDUSA_API_KEY })
 * for await (const p of sdk.admin.product.paginate()) console.log(p.title)
 */
import { adminResources, type AdminResources } from "./admin/index.js";
import { bindArea, type BoundResource } from "./resource.js";
import { MedusaStore, type Store } from "./store-client.js";
import type { Config } from "./types.js";

export type { Store };
export type Admin = { [K in keyof AdminResources]: BoundResource<AdminResources[K]> };

/** A Medusa v2 client: `client` (raw requests), `admin`, `store` and `auth`. */
export class Medusa extends MedusaStore {
  readonly admin: Admin;

  constructor(config: Config) {
    super(config);
    this.admin = bindArea(adminResources, this.resourceContext) as Admin;
  }
}

export default Medusa;
export { Client, InvalidResponseError, PUBLISHABLE_KEY_HEADER, LOCALE_STORAGE_KEY } from "./client.js";
export { Auth, type LoginResult } from "./auth/index.js";
export {
  MedusaError,
  ApiError,
  FetchError,
  NetworkError,
  TimeoutError,
  AbortError,
  ResponseTooLargeError,
  InconsistentResponseError,
  isApiError,
  isNetworkError,
  isTimeoutError,
  isAbortError,
  mayHaveBeenApplied,
} from "./errors.js";
export { redactHeaders, redactUrl, redactBody, redactText } from "./redact.js";
export { stringifyQuery, parseUserQuery, QueryParseError, QUERY_LIMITS } from "./query.js";
export { normalizeRetry, type RetryOptions } from "./retry.js";
export { MemoryTokenStore, DEFAULT_TOKEN_KEY, type TokenStorage, type StorageMethod } from "./token-store.js";
export { fetchTransport } from "./transport/fetch.js";
export type { Transport, TransportRequest, TransportResponse } from "./transport/types.js";
export { adminResources } from "./admin/index.js";
export { storeResources } from "./store/index.js";
export { paginate, op, custom, defineResource, type MethodSpec, type ResourceSpec } from "./resource.js";
export type { Config, CallOptions, FetchInit, ClientHeaders, Hooks, Logger, RequestLogEntry, ServerSentEvent } from "./types.js";
export { SDK_VERSION } from "./version.js";
