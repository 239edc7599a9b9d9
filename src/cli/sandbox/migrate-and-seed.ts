/**
 * Preparing the database through the Medusa CLI: `medusa db:migrate`, then the seed script
 * (`medusa exec ./src/scripts/seed.ts`), whose API keys and ids are recorded in the state file.
 * Each runs again only when its stamp (database, lock file, sources) changed (cache-rules.ts).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

import type { ResolvedOptions } from "./paths.js";
import type { DbTarget } from "./postgres.js";
import { medusaCli, medusaEnv } from "./medusa-process.js";
import { failWithLog, runLogged } from "./processes.js";
import { migrateStamp, seedStamp } from "./cache-rules.js";
import { saveState, type SandboxState } from "./state.js";
import { DEFAULT_TOPOLOGY } from "./topology.js";

export async function migrate(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): Promise<void> {
  // The Redis workflow engine has migrations of its own.
  const stamp = migrateStamp(db.key, readFileSync(join(r.paths.app, "package-lock.json")), state.topology ?? DEFAULT_TOPOLOGY);
  if (state.stamps?.migrated === stamp) return;
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

/** Runs the seed unless its stamp is unchanged; says whether it ran. */
export async function seed(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number, sourceHash: string): Promise<boolean> {
  const orders = r.env.MEDUSACTL_SEED_ORDERS ?? "";
  // Port and topology too: product pictures live on the topology's file provider under URLs that
  // carry the port, so the seed re-uploads them when either changes.
  const stamp = seedStamp(db.key, sourceHash, orders, port, state.topology ?? DEFAULT_TOPOLOGY);
  if (state.stamps?.seeded === stamp && state.publishableKey && state.secretKey) return false;
  r.log("seeding the store (medusa exec ./src/scripts/seed.ts)…");
  const started = Date.now();
  rmSync(r.paths.seedOut, { force: true });
  const res = await runLogged(process.execPath, [medusaCli(r.paths), "exec", "./src/scripts/seed.ts"], {
    cwd: r.paths.app,
    env: {
      ...medusaEnv(r, state, db, port),
      MEDUSACTL_SANDBOX_STATE: r.paths.state,
      MEDUSACTL_SEED_OUT: r.paths.seedOut,
      MEDUSACTL_PICTURE_CACHE: r.paths.pictureCache,
    },
    logFile: r.paths.seedLog,
    signal: r.signal,
    onLine: (line) => {
      const m = /\[seed\]\s?(.*)$/.exec(line);
      if (m) r.log(`seed: ${m[1]}`);
    },
  });
  let out: SeedOutput | undefined;
  try {
    out = JSON.parse(readFileSync(r.paths.seedOut, "utf8")) as SeedOutput;
  } catch {
    out = undefined;
  } finally {
    rmSync(r.paths.seedOut, { force: true });
  }
  if (res.code !== 0) {
    // Keep the keys a partial run created (a secret key's token cannot be read again).
    if (out?.publishableKey && out.secretKey) {
      Object.assign(state, { publishableKey: out.publishableKey, secretKey: out.secretKey, secretKeyId: out.secretKeyId });
      await saveState(r.paths, state);
    }
    throw failWithLog(`seeding the sandbox failed (exit ${res.code ?? res.signal})`, r.paths.seedLog);
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
