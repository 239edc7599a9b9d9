/**
 * `sandbox up --database-url` against a database that is someone else's: a real PostgreSQL (the
 * shared sandbox's own server) holding a "precious" database with data. A second sandbox in a
 * data folder of its own must refuse to migrate into it, and `reset` must never drop it.
 */
import { spawnSync } from "node:child_process";
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

function cli(args: string[]) {
  const env = { ...process.env, MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: path.join(dataDir, "config") };
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
    const up = cli(["up", "--port", "9411", "--db-port", "54411", "--database-url", url]);
    expect(up.status).toBe(1);
    expect(up.stderr).toMatch(/refusing to use postgres:\/\/.*: it already holds 1 table and this sandbox did not create it/);
    expect(up.stderr).not.toContain(state.pgPassword);
    // reset takes the URL the failed `up` recorded: the one database it must not drop.
    const reset = cli(["reset", "--yes"]);
    expect(reset.status).toBe(1);
    expect(reset.stderr).toContain("refusing to reset");
    expect(await rows()).toEqual(["Ada", "Grace"]);
  }, 15 * 60_000);
});
