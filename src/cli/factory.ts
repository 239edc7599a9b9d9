import path from "node:path";
import type { Medusa } from "../sdk/index.js";
import type { FileTokenStore } from "../sdk/token-store-file.js";
import { resolveTarget, type GlobalFlags, type Target } from "./config/credentials.js";
import { configDir, dataDir } from "./config/paths.js";
import { ProfileStore, secretKey } from "./config/profiles.js";
import { AuthRequiredError } from "./errors.js";
import type { IOStreams } from "./io.js";
import { ttyPrompter, type Prompter } from "./prompter.js";

/** Everything a command needs, built lazily so a command pays only for what it uses. */
export interface Factory {
  io: IOStreams;
  flags: GlobalFlags;
  signal: AbortSignal;
  now(): number;
  configDir(): string;
  dataDir(): string;
  profiles(): ProfileStore;
  tokens(): Promise<FileTokenStore>;
  target(opts?: { needCredential?: boolean }): Promise<Target>;
  sdk(opts?: { needCredential?: boolean }): Promise<Medusa>;
  prompter(): Prompter;
}

export function createFactory(io: IOStreams, flags: GlobalFlags, signal: AbortSignal, overrides: Partial<Factory> = {}): Factory {
  let tokens: Promise<FileTokenStore> | undefined;
  let sdk: Promise<Medusa> | undefined;
  const f: Factory = {
    io,
    flags,
    signal,
    now: () => Date.now(),
    configDir: () => configDir(io.env),
    dataDir: () => dataDir(io.env),
    profiles: () => new ProfileStore(f.configDir()),
    tokens: () =>
      (tokens ??= import("../sdk/token-store-file.js").then((m) => new m.FileTokenStore(path.join(f.configDir(), "tokens.json")))),
    async target(opts = {}) {
      const file = await f.profiles().read();
      return resolveTarget(flags, io.env, file, { needCredential: opts.needCredential ?? true });
    },
    sdk: (opts = {}) => (sdk ??= buildSdk(f, opts)),
    prompter: () => ttyPrompter(io),
    ...overrides,
  };
  return f;
}

/** Settings every SDK the CLI builds shares: timeout, user agent and the --debug request log on stderr. */
export async function sdkDefaults(f: Factory, baseUrl: string) {
  const debug = Boolean(f.flags.debug);
  const logger = {
    error: (...a: unknown[]) => debug && f.io.err.write(`debug: ${a.map(String).join(" ")}\n`),
    warn: (...a: unknown[]) => debug && f.io.err.write(`debug: ${a.map(String).join(" ")}\n`),
    info: () => {},
    debug: (msg: unknown) => f.io.err.write(`debug: ${String(msg)}\n`),
  };
  return {
    baseUrl,
    debug,
    logger,
    timeout: f.flags.timeout !== undefined ? f.flags.timeout * 1000 : undefined,
    userAgent: `medusactl/${(await import("../sdk/version.js")).SDK_VERSION}`,
  };
}

async function buildSdk(f: Factory, opts: { needCredential?: boolean }): Promise<Medusa> {
  const target = await f.target(opts);
  const { Medusa } = await import("../sdk/index.js");
  const common = { ...(await sdkDefaults(f, target.url)), publishableKey: target.publishableKey };
  if (target.apiKey) return new Medusa({ ...common, apiKey: target.apiKey });
  if (target.token) {
    const { MemoryTokenStore } = await import("../sdk/token-store.js");
    const storage = new MemoryTokenStore();
    storage.setItem("env", target.token);
    return new Medusa({ ...common, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage, jwtTokenStorageKey: "env" } });
  }
  if (target.source === "profile" && target.profileName && target.profile) {
    const tokens = await f.tokens();
    const key = secretKey(target.profileName);
    const secret = await tokens.getItem(key);
    if (!secret) {
      throw new AuthRequiredError(`profile "${target.profileName}" has no stored credential`, `run \`medusactl login --profile ${target.profileName}\``);
    }
    if (target.profile.auth === "api-key") return new Medusa({ ...common, apiKey: secret });
    const sdk = new Medusa({ ...common, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage: tokens, jwtTokenStorageKey: key } });
    await refreshIfDue(sdk, secret, target.profileName, f.now());
    return sdk;
  }
  return new Medusa(common);
}

/** Decodes a JWT payload (no signature check: only to read `exp`). */
export function jwtTimes(token: string): { iat?: number; exp?: number } {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = Buffer.from(payload.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    const { iat, exp } = JSON.parse(json) as { iat?: number; exp?: number };
    return { iat, exp };
  } catch {
    return {};
  }
}

/** Refreshes when under 10% of the token's lifetime is left; an expired token means logging in again. */
async function refreshIfDue(sdk: Medusa, token: string, profile: string, nowMs: number): Promise<void> {
  const { iat, exp } = jwtTimes(token);
  if (!exp) return;
  const now = nowMs / 1000;
  if (exp <= now) throw new AuthRequiredError(`the login of profile "${profile}" has expired`, `run \`medusactl login --profile ${profile}\``);
  const lifetime = iat ? exp - iat : 86_400;
  if (exp - now < lifetime * 0.1) await sdk.auth.refresh();
}
