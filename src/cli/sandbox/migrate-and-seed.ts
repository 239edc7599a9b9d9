/**
 * Preparing the database through the Medusa CLI: `medusa db:migrate`, then the seed script
 * (`medusa exec ./src/scripts/seed.ts`), whose API keys and ids are recorded in the state file.
 * Each runs again only when its stamp (database, lock file, sources) changed (cache-rules.ts).
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";

import { sandboxUrl, type ResolvedOptions } from "./paths.js";
import type { DbTarget } from "./postgres.js";
import { medusaCli, medusaEnv } from "./medusa-process.js";
import { failWithLog, runLogged } from "./processes.js";
import { migrateStamp, seedStamp } from "./cache-rules.js";
import { saveState, type SandboxState } from "./state.js";
import { DEFAULT_TOPOLOGY } from "./topology.js";

/** Runs Medusa's migrations unless this database had them already; resolves to whether they ran. */
export async function migrate(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): Promise<boolean> {
  // The Redis workflow engine has migrations of its own.
  const stamp = migrateStamp(db.key, readFileSync(join(r.paths.app, "package-lock.json")), state.topology ?? DEFAULT_TOPOLOGY);
  if (state.stamps?.migrated === stamp) return false;
  r.log("running database migrations (medusa db:migrate, ~10 s)…");
  const started = Date.now();
  // --skip-scripts: Medusa's migration scripts run at the start of the seed, which follows every
  // migration (see sandbox/src/scripts/seed/migration-scripts.ts); db:migrate would boot the whole
  // application once more in a child process for them. --skip-search likewise, while nothing
  // declares a search index (see searchIndexesDeclared).
  const args = ["db:migrate", "--skip-scripts", ...(searchIndexesDeclared(r.paths.app) ? [] : ["--skip-search"])];
  const res = await runLogged(process.execPath, [medusaCli(r.paths), ...args], {
    cwd: r.paths.app,
    env: medusaEnv(r, state, db, port),
    logFile: r.paths.migrateLog,
    signal: r.signal,
  });
  if (res.code !== 0) throw failWithLog(`medusa db:migrate failed (exit ${res.code ?? res.signal})`, r.paths.migrateLog);
  state.stamps = { ...state.stamps, migrated: stamp, seeded: undefined };
  await saveState(r.paths, state);
  r.log(`migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * Whether the app or one of Medusa's packages declares search indexes (a `search/` folder, which
 * Medusa's SearchIndexLoader reads). Without any, `db:migrate`'s search step boots the whole
 * application in a child process only to print "Search indexes already up-to-date": 7 of the 19
 * seconds of the sandbox's migrations (Medusa 2.21.2).
 */
export function searchIndexesDeclared(app: string): boolean {
  if (existsSync(join(app, "src", "search"))) return true;
  const scope = join(app, "node_modules", "@medusajs");
  let packages: string[] = [];
  try {
    packages = readdirSync(scope);
  } catch {
    return true; // no install to look into: leave Medusa's default alone
  }
  return packages.some((p) => existsSync(join(scope, p, ".medusa", "server", "src", "search")));
}

interface SeedOutput {
  publishableKey: string;
  secretKey: string;
  secretKeyId?: string;
  regionIds?: Record<string, string>;
  salesChannelId?: string;
  stockLocationId?: string;
  shippingProfileId?: string;
}

/** The seed stamp the database should carry now (database, sources, extra orders, port, topology). */
function wantedSeedStamp(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number, sourceHash: string): string {
  // Port and topology too: product pictures live on the topology's file provider under URLs that
  // carry the port, so the seed re-uploads them when either changes.
  return seedStamp(db.key, sourceHash, r.env.MEDUSACTL_SEED_ORDERS ?? "", port, state.topology ?? DEFAULT_TOPOLOGY);
}

/** Whether `seed` would run. */
export function seedNeeded(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number, sourceHash: string): boolean {
  return !(state.stamps?.seeded === wantedSeedStamp(r, state, db, port, sourceHash) && state.publishableKey && state.secretKey);
}

/** What the seed script reads from its environment, in `medusa exec` or in the server. */
export function seedEnv(r: ResolvedOptions): NodeJS.ProcessEnv {
  return { MEDUSACTL_SANDBOX_STATE: r.paths.state, MEDUSACTL_SEED_OUT: r.paths.seedOut, MEDUSACTL_PICTURE_CACHE: r.paths.pictureCache };
}

/** A Medusa server of this sandbox that this run started with a seed token (see sandbox/src/api/sandbox/seed). */
export interface SeedServer {
  port: number;
  token: string;
}

/**
 * Runs the seed unless its stamp is unchanged; says whether it ran. Through `server` when given:
 * the server this run started seeds itself, which spares the boot of `medusa exec` (about 6 s of
 * a cold start). When that cannot be used (no answer, the route missing), `medusa exec` runs the
 * seed instead: every step finds what is there before it creates anything.
 */
export async function seed(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number, sourceHash: string, server?: SeedServer): Promise<boolean> {
  if (!seedNeeded(r, state, db, port, sourceHash)) return false;
  const stamp = wantedSeedStamp(r, state, db, port, sourceHash);
  const started = Date.now();
  rmSync(r.paths.seedOut, { force: true });
  let failure: string | undefined;
  const viaServer = server ? await seedThroughServer(r, server) : undefined;
  if (viaServer?.ran) failure = viaServer.failure;
  else {
    if (viaServer) r.log(`the server did not take the seed (${viaServer.why}); running it with medusa exec instead…`);
    else r.log("seeding the store (medusa exec ./src/scripts/seed.ts)…");
    const res = await runLogged(process.execPath, [medusaCli(r.paths), "exec", "./src/scripts/seed.ts"], {
      cwd: r.paths.app,
      env: { ...medusaEnv(r, state, db, port), ...seedEnv(r) },
      logFile: r.paths.seedLog,
      signal: r.signal,
      onLine: (line) => relaySeedLine(r, line),
    });
    if (res.code !== 0) failure = `seeding the sandbox failed (exit ${res.code ?? res.signal})`;
  }
  let out: SeedOutput | undefined;
  try {
    out = JSON.parse(readFileSync(r.paths.seedOut, "utf8")) as SeedOutput;
  } catch {
    out = undefined;
  } finally {
    rmSync(r.paths.seedOut, { force: true });
  }
  if (failure) {
    // Keep the keys a partial run created (a secret key's token cannot be read again).
    if (out?.publishableKey && out.secretKey) {
      Object.assign(state, { publishableKey: out.publishableKey, secretKey: out.secretKey, secretKeyId: out.secretKeyId });
      await saveState(r.paths, state);
    }
    throw failWithLog(failure, r.paths.seedLog);
  }
  if (!out?.publishableKey || !out.secretKey) {
    throw failWithLog("the seed script did not report the API keys", r.paths.seedLog);
  }
  Object.assign(state, {
    publishableKey: out.publishableKey,
    secretKey: out.secretKey,
    secretKeyId: out.secretKeyId,
    regionIds: out.regionIds,
    salesChannelId: out.salesChannelId,
    stockLocationId: out.stockLocationId,
    shippingProfileId: out.shippingProfileId,
  });
  state.stamps = { ...state.stamps, seeded: stamp };
  await saveState(r.paths, state);
  r.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** A progress line of the seed (tagged `[seed]`, from `medusa exec` or the server's answer) to the user. */
function relaySeedLine(r: ResolvedOptions, line: string): void {
  const m = /\[seed\]\s?(.*)$/.exec(line);
  if (m) r.log(`seed: ${m[1]}`);
}

/** Longest line, and most lines, of the seed's answer kept (a broken server cannot grow memory without bound). */
const MAX_LINE = 64 * 1024;
const MAX_LOG_LINES = 5_000;

/**
 * POSTs the seed to the server and relays its progress lines. `ran: false` when the server did not
 * start it (no answer, not 200): the caller seeds another way. Once it started, its outcome is
 * final: `failure` says why it failed, and the answer goes to the seed log either way.
 */
async function seedThroughServer(r: ResolvedOptions, server: SeedServer): Promise<{ ran: true; failure?: string } | { ran: false; why: string }> {
  r.log("seeding the store (in the Medusa server just started)…");
  const log: string[] = [`--- ${new Date().toISOString()} POST ${sandboxUrl(server.port)}/sandbox/seed`];
  const done = (x: { ran: true; failure?: string } | { ran: false; why: string }) => {
    appendFileSync(r.paths.seedLog, `${log.join("\n")}\n`, { mode: 0o600 });
    return x;
  };
  return new Promise((resolve) => {
    // Once the server has taken the seed, its outcome is the answer's, whatever breaks: a second
    // seed by `medusa exec` beside one still running in the server would race it.
    let taken = false;
    let settled = false;
    const end = (x: { ran: true; failure?: string } | { ran: false; why: string }) => {
      if (settled) return;
      settled = true;
      resolve(done(x));
    };
    const req = httpRequest(`${sandboxUrl(server.port)}/sandbox/seed`, { method: "POST", headers: { "x-medusactl-seed-token": server.token, "content-length": "0" }, signal: r.signal }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        end({ ran: false, why: `HTTP ${res.statusCode}` });
        return;
      }
      taken = true;
      res.setEncoding("utf8");
      let pending = "";
      let result: string | undefined;
      const line = (text: string) => {
        if (log.length < MAX_LOG_LINES) log.push(text);
        else if (log.length === MAX_LOG_LINES) log.push("… (more lines left out)");
        if (text === "[seed-ok]") result = "ok";
        else if (text.startsWith("[seed-failed]")) result = text.slice("[seed-failed]".length).trim() || "unknown error";
        else relaySeedLine(r, text);
      };
      res.on("data", (chunk: string) => {
        pending += chunk;
        let nl: number;
        while ((nl = pending.indexOf("\n")) >= 0) {
          line(pending.slice(0, nl));
          pending = pending.slice(nl + 1);
        }
        if (pending.length > MAX_LINE) pending = pending.slice(-MAX_LINE);
      });
      const finish = () => {
        if (pending) line(pending);
        pending = "";
        if (result === "ok") end({ ran: true });
        else end({ ran: true, failure: `seeding the sandbox failed in the Medusa server: ${result ?? "the answer ended before the seed did"}` });
      };
      res.on("end", finish);
      res.on("error", finish);
      res.on("aborted", finish);
    });
    req.on("error", (e) => (taken ? end({ ran: true, failure: `seeding the sandbox failed in the Medusa server: the answer broke off (${e.message})` }) : end({ ran: false, why: e.message })));
    req.end();
  });
}
