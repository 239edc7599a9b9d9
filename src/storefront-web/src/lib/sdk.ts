/**
 * The one store client of the storefront: our SDK's store and auth areas with the publishable key.
 * Built from the SDK's parts rather than `new Medusa()` so the admin declarations (about 8 KB
 * gzipped, measured with `vite build`) stay out of a shopper's download.
 */
import { useSdk } from "../../../shared/sdk-context.js";
import { Auth } from "../../../sdk/auth/index.js";
import { Client } from "../../../sdk/client.js";
import type { Store } from "../../../sdk/index.js";
import { bindResource } from "../../../sdk/resource.js";
import { storeResources } from "../../../sdk/store/index.js";
import type { FetchLike } from "../../../sdk/types.js";
import type { StoreConfig } from "./config.js";

export interface StoreSdk {
  store: Store;
  auth: Pick<Auth, "login" | "register" | "logout" | "resetPassword" | "updateProvider">;
  /** Whether a customer token is stored (saves a request that would answer 401 for guests). */
  hasSession(): Promise<boolean>;
}

/** The customer's JWT lives in localStorage under this key (an XSS trade-off taken knowingly, USERS.md §5). */
export const TOKEN_KEY = "medusa_storefront_token";

export function createStoreSdk(config: StoreConfig, options: { fetch?: FetchLike } = {}): StoreSdk {
  const sdkConfig = {
    baseUrl: config.medusaUrl,
    publishableKey: config.publishableKey,
    auth: { type: "jwt" as const, jwtTokenStorageKey: TOKEN_KEY },
    fetch: options.fetch,
  };
  const client = new Client(sdkConfig);
  const ctx = { fetch: (path: string, init?: object) => client.fetch(path, init), client };
  const store = {} as Store;
  for (const key of Object.keys(storeResources) as (keyof Store)[]) {
    let bound: unknown;
    Object.defineProperty(store, key, { enumerable: true, get: () => (bound ??= bindResource(storeResources[key], ctx)) });
  }
  return { store, auth: new Auth(client, sdkConfig), hasSession: async () => Boolean(await client.getToken()) };
}

/** The store client given to the app's SdkProvider. */
export const useStoreSdk = (): StoreSdk => useSdk<StoreSdk>();
