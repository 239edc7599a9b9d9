/**
 * SDK clients for end-to-end tests, against the real back-end only. Every SDK method call made
 * through them is recorded (area.resource.method and its outcome) so `scripts/coverage.mjs` can
 * write tests/e2e/COVERAGE.md from what actually ran against Medusa, not from a hand-kept list.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { workerBackend } from "./worker-backend.js";
import { Medusa, isApiError } from "../../../src/sdk/index.js";
import type { Config } from "../../../src/sdk/index.js";

export const backend = workerBackend();

const root = path.resolve(import.meta.dirname, "../../..");
export const CALLS_DIR = path.join(root, ".tmp", "e2e-calls");
const callsFile = path.join(CALLS_DIR, `${process.pid}.jsonl`);
let dirMade = false;

function record(name: string, outcome: string): void {
  if (!dirMade) {
    mkdirSync(CALLS_DIR, { recursive: true });
    dirMade = true;
  }
  appendFileSync(callsFile, JSON.stringify({ method: name, outcome }) + "\n");
}

function outcomeOf(e: unknown): string {
  if (isApiError(e)) return String(e.status);
  return (e as Error)?.name ?? "error";
}

function wrapMethods<T extends object>(target: T, prefix: string): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const v = Reflect.get(t, prop, receiver);
      if (typeof prop !== "string" || prop === "paginate") return v;
      const name = `${prefix}.${prop}`;
      // auth.mfa and auth.verification are groups of methods.
      if (v !== null && typeof v === "object" && prefix === "auth") return wrapMethods(v as object, name);
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = v.apply(t, args);
        } catch (e) {
          record(name, outcomeOf(e));
          throw e;
        }
        return Promise.resolve(result).then(
          (r) => {
            record(name, "ok");
            return r;
          },
          (e) => {
            record(name, outcomeOf(e));
            throw e;
          },
        );
      };
    },
  });
}

function wrapArea<T extends object>(area: T, prefix: string): T {
  const cache = new Map<string, unknown>();
  return new Proxy(area, {
    get(t, prop, receiver) {
      const v = Reflect.get(t, prop, receiver);
      if (typeof prop !== "string" || v === null || typeof v !== "object") return v;
      if (!cache.has(prop)) cache.set(prop, wrapMethods(v as object, `${prefix}.${prop}`));
      return cache.get(prop);
    },
  });
}

/** Wraps a client so each admin/store/auth method call is recorded for COVERAGE.md. */
export function recorded(sdk: Medusa): Medusa {
  const admin = wrapArea(sdk.admin, "admin");
  const store = wrapArea(sdk.store, "store");
  const auth = wrapMethods(sdk.auth, "auth");
  return new Proxy(sdk, {
    get(t, prop, receiver) {
      if (prop === "admin") return admin;
      if (prop === "store") return store;
      if (prop === "auth") return auth;
      return Reflect.get(t, prop, receiver);
    },
  });
}

/**
 * An admin client of the sandbox admin user (its JWT, see Backend.adminToken); `{ apiKey }` makes
 * it a client of that key instead.
 */
export function adminSdk(config: Partial<Config> = {}): Medusa {
  const token = backend.adminToken;
  const auth: Partial<Config> = config.apiKey ? {} : { auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage: { getItem: () => token, setItem: () => {}, removeItem: () => {} } } };
  return recorded(new Medusa({ baseUrl: backend.url, ...auth, ...config }));
}

/** The environment of a CLI run as the sandbox admin user (the CLI's `MEDUSA_TOKEN`). */
export const adminEnv = (url = backend.url) => ({ MEDUSA_URL: url, MEDUSA_TOKEN: backend.adminToken });

/** An admin client logged in as the sandbox admin user (JWT in memory): for routes a secret key cannot use. */
export async function adminUserSdk(config: Partial<Config> = {}): Promise<Medusa> {
  const sdk = recorded(new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" }, ...config }));
  await sdk.auth.login("user", "emailpass", { email: backend.adminEmail, password: backend.adminPassword });
  return sdk;
}

/** A storefront client with the sandbox's publishable key (customer JWT in memory). */
export function storeSdk(config: Partial<Config> = {}): Medusa {
  return recorded(
    new Medusa({ baseUrl: backend.url, publishableKey: backend.publishableKey, auth: { jwtTokenStorageMethod: "memory" }, ...config }),
  );
}

/** A name no other test (or earlier run against the same back-end) uses. */
export function uniq(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}
