import path from "node:path";
import type { Hooks, Medusa } from "../../sdk/index.js";
import type { FileTokenStore } from "../../sdk/token-store-file.js";
import { resolveTarget, type GlobalFlags, type Target } from "../config/credentials.js";
import { configDir, dataDir } from "../config/paths.js";
import { ProfileStore, secretKey } from "../config/profiles.js";
import { AuthRequiredError, UsageError } from "../../term/errors.js";
import type { IOStreams } from "../../term/io.js";
import { ttyPrompter, type Prompter } from "./prompter.js";
import { sanitize } from "../../term/sanitize.js";

/** Everything a command needs, built lazily so a command pays only for what it uses. */
export interface Factory {
  io: IOStreams;
  flags: GlobalFlags;
  /** Aborted by a first Ctrl-C or SIGTERM: stop taking work. */
  signal: AbortSignal;
  /** Aborted by a second one: stop at once (bulk jobs let writes in flight finish until then). */
  stopNow?: AbortSignal;
  /** The command line's arguments, for messages that repeat it (the resume command). */
  argv?: readonly string[];
  now(): number;
  configDir(): string;
  dataDir(): string;
  profiles(): ProfileStore;
  tokens(): Promise<FileTokenStore>;
  target(opts?: { needCredential?: boolean }): Promise<Target>;
  /**
   * The SDK client for the target, built once. Requests go through node:http, which starts in a
   * fraction of the time undici or fetch need; `pool: true` (bulk jobs) asks for the undici
   * keep-alive pool instead (less CPU per request) and resends writes answered 429. With HTTP(S)_PROXY set, undici is used either
   * way. `hooks` (e.g. the TUI's request log) apply from the first call.
   */
  sdk(opts?: { needCredential?: boolean; pool?: boolean; hooks?: Hooks }): Promise<Medusa>;
  prompter(): Prompter;
}

export function createFactory(io: IOStreams, flags: GlobalFlags, signal: AbortSignal, overrides: Partial<Factory> = {}): Factory {
  let tokens: Promise<FileTokenStore> | undefined;
  let sdk: Promise<Medusa> | undefined;
  // What the config files' guards did (a file made private, a corrupt file moved aside): always said, even in scripts.
  const notice = (message: string) => io.err.write(`Warning: ${sanitize(message)}\n`);
  const f: Factory = {
    io,
    flags,
    signal,
    now: () => Date.now(),
    configDir: () => configDir(io.env),
    dataDir: () => dataDir(io.env),
    profiles: () => new ProfileStore(f.configDir(), notice),
    tokens: () =>
      (tokens ??= import("../../sdk/token-store-file.js").then((m) => new m.FileTokenStore(path.join(f.configDir(), "tokens.json"), { onNotice: notice }))),
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

/**
 * Settings every SDK the CLI builds shares: timeout, user agent, the --debug request log on
 * stderr, and the transport (node:http unless a proxy is configured or `pool` is asked for).
 */
export async function sdkDefaults(f: Factory, baseUrl: string, opts: { pool?: boolean } = {}) {
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
    userAgent: `medusactl/${(await import("../../sdk/version.js")).SDK_VERSION}`,
    maxListRows: listCeiling(f.io.env),
    transport: opts.pool || proxyConfigured(f.io.env) ? undefined : (await import("../../sdk/transport/node-http.js")).nodeHttpTransport(),
    // Bulk jobs send many writes: a 429 says none of it was done, so waiting and sending again is safe.
    ...(opts.pool ? { retry: { refused: true } } : {}),
  };
}

/** `MEDUSACTL_MAX_LIST_ROWS`: the most rows one walk of a list reads (default 1 000 000; docs/SECURITY.md §2). */
function listCeiling(env: NodeJS.ProcessEnv): number | undefined {
  const v = env.MEDUSACTL_MAX_LIST_ROWS;
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`MEDUSACTL_MAX_LIST_ROWS=${v.slice(0, 40)}: expected a whole number of rows, at least 1`);
  return n;
}

async function buildSdk(f: Factory, opts: { needCredential?: boolean; pool?: boolean; hooks?: Hooks }): Promise<Medusa> {
  const target = await f.target(opts);
  const { Medusa } = await import("../../sdk/index.js");
  // checkShapes: a non-Medusa answer is a clear error in the CLI and TUI, not a TypeError deep in a command.
  const common = { ...(await sdkDefaults(f, target.url, opts)), publishableKey: target.publishableKey, hooks: opts.hooks, checkShapes: true };
  if (target.apiKey) return new Medusa({ ...common, apiKey: target.apiKey });
  // JWTs: the hook keeps the token fresh for as long as the command runs (long bulk jobs too).
  let client: Medusa | undefined;
  const refresh = refreshHook(() => client!, () => f.now());
  const hooks: Hooks = {
    ...opts.hooks,
    beforeRequest: async (state) => {
      await refresh(state);
      await opts.hooks?.beforeRequest?.(state);
    },
  };
  if (target.token) {
    const { MemoryTokenStore } = await import("../../sdk/token-store.js");
    const storage = new MemoryTokenStore();
    storage.setItem("env", target.token);
    ensureNotExpired(target.token, f.now(), "MEDUSA_TOKEN has expired", "set a fresh MEDUSA_TOKEN or MEDUSA_API_KEY, or unset it and run `medusactl login`");
    return (client = new Medusa({ ...common, hooks, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage, jwtTokenStorageKey: "env" } }));
  }
  if (target.source === "profile" && target.profileName && target.profile) {
    const tokens = await f.tokens();
    const key = secretKey(target.profileName);
    const secret = await tokens.getItem(key);
    const login = `run \`medusactl login --profile ${target.profileName}\``;
    if (!secret) throw new AuthRequiredError(`profile "${target.profileName}" has no stored credential`, login);
    if (target.profile.auth === "api-key") return new Medusa({ ...common, apiKey: secret });
    ensureNotExpired(secret, f.now(), `the login of profile "${target.profileName}" has expired`, login);
    return (client = new Medusa({ ...common, hooks, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage: tokens, jwtTokenStorageKey: key } }));
  }
  return new Medusa(common);
}

/** Proxies are undici's job (EnvHttpProxyAgent); node:http knows none. */
function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
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

/** An expired JWT means logging in again (CONTRACT.md §4: exit 4). */
function ensureNotExpired(token: string, nowMs: number, message: string, hint: string): void {
  const { exp } = jwtTimes(token);
  if (exp !== undefined && exp <= nowMs / 1000) throw new AuthRequiredError(message, hint);
}

/** True when a JWT has under 10% of its lifetime left but has not expired (lifetime 24 h when `iat` is missing). */
export function refreshDue(token: string, nowMs: number): boolean {
  const { iat, exp } = jwtTimes(token);
  if (exp === undefined) return false;
  const now = nowMs / 1000;
  if (exp <= now) return false;
  const lifetime = iat !== undefined && exp > iat ? exp - iat : 86_400;
  return exp - now < lifetime * 0.1;
}

/**
 * A `beforeRequest` hook that refreshes the bearer token (`POST /auth/token/refresh`) when under
 * 10% of its lifetime is left, timed from the token's own `exp`. It runs before every request, so
 * a job that outlives its token keeps going; concurrent requests share one refresh. The SDK stores
 * the new token where the old one was (the profile's entry in the token file).
 */
export function refreshHook(sdk: () => Medusa, now: () => number): NonNullable<Hooks["beforeRequest"]> {
  let pending: Promise<string> | undefined;
  return async (state) => {
    const auth = state.headers.authorization;
    if (!auth?.startsWith("Bearer ") || /\/auth\/token\/refresh(\?|$)/.test(state.url)) return;
    if (!refreshDue(auth.slice(7), now())) return;
    pending ??= sdk()
      .auth.refresh()
      .then((r) => r.token)
      .finally(() => (pending = undefined));
    state.headers.authorization = `Bearer ${await pending}`;
  };
}
