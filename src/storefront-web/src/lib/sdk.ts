/** The one store client of the storefront: `medusactl/sdk/store` with the publishable key. */
import { MedusaStore, type Config, type FetchLike, type Transport } from "medusactl/sdk/store";
import { useSdk } from "../../../shared/sdk-context.js";
import type { StoreConfig } from "./config.js";

export interface StoreSdk {
  store: MedusaStore["store"];
  auth: Pick<MedusaStore["auth"], "login" | "register" | "logout" | "resetPassword" | "updateProvider">;
  /** Whether a customer token is stored (saves a request that would answer 401 for guests). */
  hasSession(): Promise<boolean>;
}

/** The customer's JWT lives in localStorage under this key (an XSS trade-off taken knowingly, USERS.md §5). */
export const TOKEN_KEY = "medusa_storefront_token";

type TokenStorage = NonNullable<NonNullable<Config["auth"]>["storage"]>;

/**
 * `fetch` and `tokenStorage` are seams for tests: a stub back-end, and a browser storage per test.
 * `transport` is the server's: keep-alive connections behind its catalogue cache.
 */
export function createStoreSdk(config: StoreConfig, options: { fetch?: FetchLike; tokenStorage?: TokenStorage; transport?: Transport } = {}): StoreSdk {
  const sdk = new MedusaStore({
    baseUrl: config.medusaUrl,
    publishableKey: config.publishableKey,
    auth: options.tokenStorage
      ? { type: "jwt", jwtTokenStorageKey: TOKEN_KEY, jwtTokenStorageMethod: "custom", storage: options.tokenStorage }
      : { type: "jwt", jwtTokenStorageKey: TOKEN_KEY },
    fetch: options.fetch,
    ...(options.transport ? { transport: options.transport } : {}),
  });
  return { store: sdk.store, auth: sdk.auth, hasSession: async () => Boolean(await sdk.client.getToken()) };
}

/** The store client given to the app's SdkProvider. */
export const useStoreSdk = (): StoreSdk => useSdk<StoreSdk>();
