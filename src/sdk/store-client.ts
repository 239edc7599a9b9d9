/**
 * `medusactl/sdk/store`: a client with the store and auth areas only, for shoppers' browsers. The
 * admin declarations (about 8 KB gzipped) stay out of the bundle; everything else is the same
 * client as `new Medusa()`.
 * @example
 * import { MedusaStore } from "medusactl/sdk/store"
 * const sdk = new MedusaStore({ baseUrl: "https://shop.example", publishableKey: "pk_…" })
 * const { products } = await sdk.store.product.list({ limit: 12 })
 */
import { Auth } from "./auth/index.js";
import { Client } from "./client.js";
import { bindArea, type BoundResource, type ResourceContext } from "./resource.js";
import { storeResources, type StoreResources } from "./store/index.js";
import type { Config } from "./types.js";

export type Store = { [K in keyof StoreResources]: BoundResource<StoreResources[K]> };

/** A Medusa v2 client for a storefront: `client` (raw requests), `store` and `auth`. */
export class MedusaStore {
  readonly client: Client;
  readonly store: Store;
  readonly auth: Auth;
  /** How resources reach the client; `Medusa` binds its admin area with it too. */
  protected readonly resourceContext: ResourceContext;

  constructor(config: Config) {
    this.client = new Client(config);
    this.resourceContext = { fetch: (path, init) => this.client.fetch(path, init), client: this.client };
    this.store = bindArea(storeResources, this.resourceContext) as Store;
    this.auth = new Auth(this.client, config);
  }

  /** Sets the `x-medusa-locale` sent with every request (kept in localStorage in a browser). */
  setLocale(locale: string | undefined): void {
    this.client.setLocale(locale);
  }

  getLocale(): string | undefined {
    return this.client.getLocale();
  }
}

export { ApiError, NetworkError, TimeoutError, AbortError, MedusaError, isApiError, isNetworkError, isTimeoutError, isAbortError, mayHaveBeenApplied } from "./errors.js";
export type { Config, FetchLike } from "./types.js";
export type { Transport, TransportRequest, TransportResponse } from "./transport/types.js";
