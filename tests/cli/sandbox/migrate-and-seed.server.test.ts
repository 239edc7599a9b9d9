/**
 * `sandbox up` seeds inside the Medusa server it has just started (sandbox/src/api/sandbox/seed):
 * the progress lines are relayed, the keys the seed wrote are kept, a failure says why, and a
 * server that does not take the seed leaves it to `medusa exec`. A local node:http server stands
 * in for what the real one will not do on demand (a seed that fails, an answer cut short).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seed } from "../../../src/cli/sandbox/migrate-and-seed.js";
import { resolveOptions } from "../../../src/cli/sandbox/paths.js";
import { newState } from "../../../src/cli/sandbox/state.js";
import type { DbTarget } from "../../../src/cli/sandbox/postgres.js";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

const KEYS = { publishableKey: "pk_test", secretKey: "sk_test", secretKeyId: "apk_1", regionIds: { Europe: "reg_1" } };

async function fakeServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ port: number; seen: { token?: string }[] }> {
  const seen: { token?: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ token: req.headers["x-medusactl-seed-token"] as string | undefined });
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, seen };
}

function sandbox() {
  const dataDir = mkdtempSync(join(tmpdir(), "medusactl-seed-server-"));
  const lines: string[] = [];
  const r = resolveOptions({ dataDir, env: {}, log: (l) => lines.push(l) });
  for (const p of [r.paths.seedOut, r.paths.seedLog]) mkdirSync(dirname(p), { recursive: true });
  const state = newState(9000, 54329);
  const db = { key: "db-key" } as DbTarget;
  return { r, state, db, lines };
}

describe("seeding through the server", () => {
  it("relays the progress lines, records the keys the seed wrote and the seed stamp", async () => {
    const s = sandbox();
    const { port, seen } = await fakeServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("[seed] created 24 products\n[seed] placing 20 ");
      res.write("orders (concurrency 4)…\n");
      writeFileSync(s.r.paths.seedOut, JSON.stringify(KEYS));
      res.end("[seed-ok]\n");
    });
    expect(await seed(s.r, s.state, s.db, port, "sources", { port, token: "t0k" })).toBe(true);
    expect(seen).toEqual([{ token: "t0k" }]);
    expect(s.lines).toContain("seed: created 24 products");
    expect(s.lines).toContain("seed: placing 20 orders (concurrency 4)…");
    expect(s.state).toMatchObject({ publishableKey: "pk_test", secretKey: "sk_test", regionIds: { Europe: "reg_1" } });
    expect(s.state.stamps?.seeded).toEqual(expect.any(String));
    expect(readFileSync(s.r.paths.seedLog, "utf8")).toContain("[seed-ok]");
    // The stamp now matches: a second up seeds nothing.
    expect(await seed(s.r, s.state, s.db, port, "sources", { port, token: "t0k" })).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it("fails with the seed's reason and keeps the keys it had already created", async () => {
    const s = sandbox();
    const { port } = await fakeServer((_req, res) => {
      res.writeHead(200);
      writeFileSync(s.r.paths.seedOut, JSON.stringify(KEYS));
      res.end("[seed] placing 20 orders…\n[seed-failed] Error: no stock | at placeOrder\n");
    });
    await expect(seed(s.r, s.state, s.db, port, "sources", { port, token: "t" })).rejects.toThrow(/seeding the sandbox failed in the Medusa server: Error: no stock/);
    expect(s.state).toMatchObject({ publishableKey: "pk_test", secretKey: "sk_test" });
    expect(s.state.stamps?.seeded).toBeUndefined();
  });

  it("does not call an answer cut short a success", async () => {
    const s = sandbox();
    const { port } = await fakeServer((_req, res) => {
      res.writeHead(200);
      res.write("[seed] created 24 products\n");
      setTimeout(() => res.destroy(), 20);
    });
    await expect(seed(s.r, s.state, s.db, port, "sources", { port, token: "t" })).rejects.toThrow(/the answer (ended before the seed did|broke off)/);
  });

  it("leaves the seed to medusa exec when the server does not take it", async () => {
    const s = sandbox();
    const { port } = await fakeServer((_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"type":"not_found"}');
    });
    // No Medusa install in this data folder: the exec fallback stops at the missing CLI, after saying why it ran.
    await expect(seed(s.r, s.state, s.db, port, "sources", { port, token: "t" })).rejects.toThrow(/the Medusa CLI is missing/);
    expect(s.lines).toContain("the server did not take the seed (HTTP 404); running it with medusa exec instead…");
  });
});
