/**
 * An order is one order: references are resolved to ids before anything is planned, so an order
 * named by its id, its display id and #display id is planned (and done) once, with a note.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../../helpers/cli.js";
import { json, startServer } from "../../../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const ID = "order_01JTESTORDER000000000000001";
const order = { id: ID, display_id: 12, status: "pending", currency_code: "eur", payment_status: "authorized", fulfillment_status: "not_fulfilled", items: [], fulfillments: [], payment_collections: [{ id: "paycol_1", payments: [{ id: "pay_1", amount: 10, captures: [], refunds: [] }] }] };

async function shop() {
  const s = await startServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname === "/admin/orders") return json(res, 200, { orders: u.searchParams.get("q") === "12" ? [{ id: ID, display_id: 12 }] : [], count: u.searchParams.get("q") === "12" ? 1 : 0, limit: 100, offset: 0 });
    if (u.pathname === `/admin/orders/${ID}`) return json(res, 200, { order });
    json(res, 404, { type: "not_found", message: "not found" });
  });
  servers.push(s);
  const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-batch-"));
  const env = { MEDUSACTL_CONFIG_DIR: path.join(dir, "config"), MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSA_URL: s.url, MEDUSA_API_KEY: "sk_test" };
  const count = (p: (u: URL) => boolean) => s.seen.filter((q) => p(new URL(q.url, "http://x"))).length;
  return { s, env, count };
}

describe("orders batches: an order is one order", () => {
  it("merges an order named by id, display id and #display id, with a note, and reads it once", async () => {
    const t = await shop();
    const r = await runCli(["orders", "capture", "-", "--dry-run"], { env: t.env, input: `12\n${ID}\n#12\n404\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`rows 1, 2, 3 name one order (12, ${ID}): merged into one.`);
    // One plan for the order: every row of it says the same single capture; the unknown one is not found.
    const lines = r.stdout.trim().split("\n");
    expect(lines.filter((l) => l.includes("capture"))).toHaveLength(3);
    expect(lines.find((l) => l.startsWith("4\t"))).toMatch(/order #404 not found/);
    expect(t.count((u) => u.pathname === `/admin/orders/${ID}`)).toBe(1);
    // Each distinct reference is resolved once.
    expect(t.count((u) => u.pathname === "/admin/orders" && u.searchParams.get("q") === "12")).toBe(1);
  });

  it("a file repeating one order 20,000 times plans it once, with one note", async () => {
    const t = await shop();
    const r = await runCli(["orders", "capture", "-", "--dry-run", "--json"], { env: t.env, input: "12\n".repeat(20_000) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("rows 1, 2, 3, 4, 5, … (20000 rows) name order 12: it is done once.");
    const out = JSON.parse(r.stdout) as { plan: unknown[] };
    expect(out.plan).toHaveLength(20_000);
    expect(t.count((u) => u.pathname === `/admin/orders/${ID}`)).toBe(1);
  });
});
