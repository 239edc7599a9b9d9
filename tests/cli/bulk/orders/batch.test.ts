/**
 * An order is one order: references are resolved to ids before anything is planned, so an order
 * named by its id, its display id and #display id is planned (and done) once, with a note. A dry
 * run is the runner's walk with the writes left out, so it plans what the real run then reports.
 */
import { mkdtemp, readFile } from "node:fs/promises";
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

describe("orders batches: a dry run plans what the real run does", () => {
  // Three orders as Medusa holds them: one to capture, one captured already, one canceled.
  const pay = (captures: { id: string; amount: number }[]) => [{ id: "paycol_1", payments: [{ id: "pay_1", amount: 10, captures, refunds: [] }] }];
  const ids = { 12: ID, 13: "order_01JTESTORDER000000000000013", 14: "order_01JTESTORDER000000000000014" } as Record<string, string>;
  async function changingShop() {
    const orders = new Map<string, Record<string, unknown>>([
      [ids[12]!, { ...order, payment_collections: pay([]) }],
      [ids[13]!, { ...order, id: ids[13], display_id: 13, payment_status: "captured", payment_collections: pay([{ id: "capt_0", amount: 10 }]) }],
      [ids[14]!, { ...order, id: ids[14], display_id: 14, status: "canceled", payment_status: "canceled", payment_collections: pay([]) }],
    ]);
    const s = await startServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      const q = u.searchParams.get("q") ?? "";
      if (u.pathname === "/admin/orders") {
        const found = ids[q] ? [{ id: ids[q], display_id: Number(q) }] : [];
        return json(res, 200, { orders: found, count: found.length, limit: 100, offset: 0 });
      }
      const held = orders.get(u.pathname.replace("/admin/orders/", ""));
      if (req.method === "GET" && held) return json(res, 200, { order: held });
      // The one capture the file asks for lands on order 12's payment.
      if (req.method === "POST" && u.pathname === "/admin/payments/pay_1/capture") {
        const o = orders.get(ID)!;
        orders.set(ID, { ...o, payment_status: "captured", payment_collections: pay([{ id: "capt_1", amount: 10 }]) });
        return json(res, 200, { payment: { id: "pay_1" } });
      }
      json(res, 404, { type: "not_found", message: "not found" });
    });
    servers.push(s);
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-batch-"));
    const env = { MEDUSACTL_CONFIG_DIR: path.join(dir, "config"), MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSA_URL: s.url, MEDUSA_API_KEY: "sk_test" };
    return { s, env, dir };
  }

  it("the dry run's plan and summary are the real run's report and summary, row by row", async () => {
    const t = await changingShop();
    const input = "12\n13\n12\n14\n404\n";
    const dry = await runCli(["orders", "capture", "-", "--dry-run", "--json"], { env: t.env, input });
    expect(dry.code, dry.stderr).toBe(0);
    expect(t.s.seen.filter((q) => q.method !== "GET")).toHaveLength(0);
    const planned = JSON.parse(dry.stdout) as { summary: Record<string, number>; plan: { row: number; action: string }[] };
    expect(planned.plan.map((r) => [r.row, r.action])).toEqual([[1, "update"], [2, "unchanged"], [3, "update"], [4, "skipped"], [5, "failed"]]);

    const report = path.join(t.dir, "report.json");
    const real = await runCli(["orders", "capture", "-", "--yes", "--json", "--report", report], { env: t.env, input });
    // Order #404 names no order: the run ends partly failed, as the dry run said it would.
    expect(real.code, real.stderr).toBe(3);
    const done = JSON.parse(real.stdout) as { summary: Record<string, number> };
    expect(done.summary).toEqual(planned.summary);
    const rows = (JSON.parse(await readFile(report, "utf8")) as { rows: { row: number; action: string }[] }).rows;
    expect(rows.map((r) => [r.row, r.action]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(planned.plan.map((r) => [r.row, r.action]));
    // Order 12 is on two rows and captured once.
    expect(t.s.seen.filter((q) => q.method === "POST" && q.url.startsWith("/admin/payments/pay_1/capture"))).toHaveLength(1);
  });
});
