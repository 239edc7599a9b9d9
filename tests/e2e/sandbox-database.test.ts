/**
 * `sandbox up --database-url` against a database that is someone else's: a real PostgreSQL (the
 * shared sandbox's own server) holding a "precious" database with data. A second sandbox in a
 * data folder of its own must refuse to migrate into it, and `reset` must never drop it.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPaths } from "../../src/cli/sandbox/paths.js";
import { BIN } from "../helpers/cli.js";
import { uniq } from "./helpers/sdk.js";

const paths = sandboxPaths({ env: process.env });
const state = JSON.parse(readFileSync(paths.state, "utf8")) as { pgUser: string; pgPassword: string; dbPort: number };
const pg = createRequire(path.join(paths.app, "package.json"))("pg") as { Client: new (o: object) => { connect(): Promise<void>; query(q: string): Promise<{ rows: Record<string, unknown>[] }>; end(): Promise<void> } };
const conn = (database: string) => new pg.Client({ host: "127.0.0.1", port: state.dbPort, user: state.pgUser, password: state.pgPassword, database });
const precious = uniq("precious").replace(/-/g, "_");
const url = `postgres://${encodeURIComponent(state.pgUser)}:${encodeURIComponent(state.pgPassword)}@127.0.0.1:${state.dbPort}/${precious}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "medusactl-foreign-db-"));

function cli(args: string[], extra: Record<string, string> = {}) {
  const env = { ...process.env, MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: path.join(dataDir, "config"), ...extra };
  return spawnSync(process.execPath, [BIN, "sandbox", ...args], { env, encoding: "utf8", timeout: 10 * 60_000 });
}

async function rows(): Promise<unknown[]> {
  const c = conn(precious);
  await c.connect();
  try {
    return (await c.query("SELECT name FROM customers_of_someone_else ORDER BY name")).rows.map((r) => r.name);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  const admin = conn("postgres");
  await admin.connect();
  await admin.query(`CREATE DATABASE ${precious}`);
  await admin.end();
  const c = conn(precious);
  await c.connect();
  await c.query("CREATE TABLE customers_of_someone_else (name text)");
  await c.query("INSERT INTO customers_of_someone_else VALUES ('Ada'), ('Grace')");
  await c.end();
});

afterAll(async () => {
  cli(["down"]);
  const admin = conn("postgres");
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${precious} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a database that is not the sandbox's", () => {
  it("up refuses to migrate into a non-empty database it did not create, and reset refuses to drop it", async () => {
    // While it runs, `ps` must not show the password given on the command line.
    const env = { ...process.env, MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: path.join(dataDir, "config") };
    const child = spawn(process.execPath, [BIN, "sandbox", "up", "--port", "9411", "--db-port", "54411", "--database-url", url], { env });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((res) => child.on("exit", res));
    await new Promise((res) => setTimeout(res, 1500));
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, "utf8");
    expect(cmdline).toContain("--database-url");
    expect(cmdline).not.toContain(encodeURIComponent(state.pgPassword));
    const up = { status: await exited, stderr };
    expect(up.status).toBe(1);
    expect(up.stderr).toMatch(/refusing to use postgres:\/\/.*: it already holds 1 relation \(table, view, sequence or index\) and this sandbox did not create it/);
    expect(up.stderr).not.toContain(state.pgPassword);
    // reset takes the URL the failed `up` recorded: the one database it must not drop.
    const reset = cli(["reset", "--yes"]);
    expect(reset.status).toBe(1);
    expect(reset.stderr).toContain("refusing to reset");
    expect(await rows()).toEqual(["Ada", "Grace"]);
  }, 15 * 60_000);

  it("a database holding only a materialized view and a sequence is not empty either", async () => {
    const admin = conn("postgres");
    await admin.connect();
    await admin.query(`CREATE DATABASE ${precious}_mv`);
    await admin.end();
    const c = conn(`${precious}_mv`);
    await c.connect();
    await c.query("CREATE SEQUENCE invoice_numbers");
    await c.query("CREATE MATERIALIZED VIEW monthly AS SELECT 1 AS n");
    await c.end();
    try {
      const up = cli(["up", "--port", "9411", "--db-port", "54411", "--database-url", url.replace(precious, `${precious}_mv`)]);
      expect(up.status).toBe(1);
      expect(up.stderr).toMatch(/it already holds 2 relations \(tables, views, sequences, indexes\)/);
      const check = conn(`${precious}_mv`);
      await check.connect();
      // Nothing was migrated into it: still only its own two relations.
      expect((await check.query("SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY relname")).rows.map((r) => r.relname)).toEqual(["invoice_numbers", "monthly"]);
      await check.end();
    } finally {
      const a = conn("postgres");
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${precious}_mv WITH (FORCE)`);
      await a.end();
    }
  }, 15 * 60_000);

  it("a refused reset changes nothing: the recorded database URL stays as it was", async () => {
    const before = readFileSync(path.join(dataDir, "sandbox", "state.json"), "utf8");
    const other = url.replace(precious, `${precious}_other`);
    const reset = cli(["reset", "--yes"], { MEDUSACTL_SANDBOX_DATABASE_URL: other });
    expect(reset.status).toBe(1);
    expect(reset.stderr).toContain("refusing to reset");
    expect(readFileSync(path.join(dataDir, "sandbox", "state.json"), "utf8")).toBe(before);
  }, 5 * 60_000);
});
