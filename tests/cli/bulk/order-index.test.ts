/**
 * The order index against a fake `GET /admin/orders` that keeps a table of orders and answers the
 * queries the index sends (updated_at[$gte]/[$lt], order, limit, offset, id[]) as Medusa does. The
 * real server cannot be made to change an order between two pages on demand, nor to hold many
 * orders changed at the same instant: those walks are proven here; the e2e suite proves the rest.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OrderIndex, readOrdersById, SYNC_PAGE } from "../../../src/cli/bulk/order-index.js";
import { inQueue } from "../../../src/shared/orders/queues.js";
import { reply, stubRegistry, type StubRequest } from "../../helpers/medusa-stub/registry.js";

type O = { id: string; display_id: number; created_at: string; updated_at: string; status: string; payment_status: string; fulfillment_status: string; items: unknown[] };

function shop() {
  const orders = new Map<string, O>();
  const put = (n: number, state: "new" | "done" | "packed" | "canceled", updated: number) => {
    const lines = state === "new" || state === "canceled" ? [1, 0, 0] : state === "packed" ? [1, 1, 0] : [1, 1, 1];
    orders.set(`order_${n}`, {
      id: `order_${n}`,
      display_id: n,
      created_at: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
      updated_at: new Date(updated).toISOString(),
      status: state === "canceled" ? "canceled" : "pending",
      payment_status: state === "done" ? "captured" : "authorized",
      fulfillment_status: state === "new" || state === "canceled" ? "not_fulfilled" : state === "packed" ? "fulfilled" : "delivered",
      items: [{ id: `ordli_${n}`, quantity: lines[0], detail: { fulfilled_quantity: lines[1], shipped_quantity: lines[2] } }],
    });
  };
  const reg = stubRegistry();
  /** Runs before each answer: a change made "while the walk runs". */
  let between: ((call: number) => void) | undefined;
  let calls = 0;
  reg
    .stub("GET /admin/orders", (req: StubRequest) => {
      between?.(calls++);
      const q = req.query;
      let rows = [...orders.values()];
      if (q.id) rows = rows.filter((o) => ([] as string[]).concat(q.id).includes(o.id));
      const u = q.updated_at ?? {};
      if (u.$gte) rows = rows.filter((o) => o.updated_at >= u.$gte);
      if (u.$lt) rows = rows.filter((o) => o.updated_at < u.$lt);
      const key = String(q.order ?? "id").replace(/^-/, "") as keyof O;
      rows.sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0));
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 15);
      return reply(200, { orders: rows.slice(offset, offset + limit), count: rows.length, offset, limit });
    })
    .persist();
  const dir = mkdtempSync(path.join(tmpdir(), "order-index-"));
  return { orders, put, reg, sdk: reg.sdk(), dir, onRequest: (f: (call: number) => void) => (between = f), requests: () => reg.requests.length };
}

const T0 = Date.UTC(2026, 0, 1);

describe("OrderIndex", () => {
  it("keeps only the sparse orders, finds an old stuck one, and a later sync reads only what changed", async () => {
    const s = shop();
    for (let n = 1; n <= 1200; n++) s.put(n, n === 40 ? "packed" : n === 41 ? "new" : n % 50 === 0 ? "canceled" : "done", T0 + n * 60_000);
    const idx = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    const first = await idx.sync();
    expect(first.read).toBe(1200);
    // The pages, and one count of the shop's orders (once per process: a restore makes it shrink).
    expect(first.requests).toBe(Math.ceil(1200 / SYNC_PAGE) + (1200 % SYNC_PAGE === 0 ? 1 : 0) + 1);
    expect(idx.ready).toBe(true);
    expect(idx.size).toBe(2 + 24);
    expect(idx.candidates((f) => inQueue("to-ship", f)).map((f) => f.display_id)).toEqual([40]);
    expect(idx.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.display_id)).toEqual([41]);

    // Order 40 ships; a new order arrives. The next sync reads those (and the look-back window) only.
    s.put(40, "done", T0 + 1300 * 60_000);
    s.put(1201, "new", T0 + 1300 * 60_000 + 100);
    const before = s.requests();
    const second = await idx.sync();
    expect(s.requests() - before).toBe(1);
    // The two changes, and the orders of the two-minute look-back window before the cursor (1198-1200).
    expect(second.read).toBe(5);
    expect(idx.candidates((f) => inQueue("to-ship", f))).toEqual([]);
    expect(idx.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.display_id)).toEqual([1201, 41]);
  });

  it("never skips an order changed while the first walk runs (keyset paging, not offsets)", async () => {
    const s = shop();
    for (let n = 1; n <= 1500; n++) s.put(n, "done", T0 + n * 1000);
    // After the first page, an order of that page becomes work again: offsets would now skip one.
    s.onRequest((call) => {
      if (call === 1) s.put(10, "packed", T0 + 10_000_000);
    });
    const idx = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await idx.sync();
    expect(idx.candidates((f) => inQueue("to-ship", f)).map((f) => f.display_id)).toEqual([10]);
  });

  it("walks past more orders changed at one instant than a page holds", async () => {
    const s = shop();
    for (let n = 1; n <= SYNC_PAGE * 2 + 7; n++) s.put(n, n % 97 === 0 ? "new" : "done", T0);
    s.put(5000, "packed", T0 + 1);
    const idx = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    const r = await idx.sync();
    expect(r.read).toBe(SYNC_PAGE * 2 + 8);
    expect(idx.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.display_id)).toEqual([970, 873, 776, 679, 582, 485, 388, 291, 194, 97]);
    expect(idx.candidates((f) => inQueue("to-ship", f)).map((f) => f.display_id)).toEqual([5000]);
  });

  it("is shared through its file: a second process reads it, and a sync another holds is not waited for", async () => {
    const s = shop();
    for (let n = 1; n <= 30; n++) s.put(n, n === 3 ? "new" : "done", T0 + n);
    const a = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await a.sync();
    const b = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    expect(b.ready).toBe(true);
    expect(b.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.id)).toEqual(["order_3"]);
    // Another live process holds the lock: the sync returns at once with what the file says.
    writeFileSync(path.join(s.dir, "order-index", `${path.basename(b.file, ".json")}.lock`), JSON.stringify({ pid: process.ppid, host: (await import("node:os")).hostname(), startedAt: new Date().toISOString(), command: "x" }));
    const before = s.requests();
    expect(await b.sync()).toEqual({ requests: 0, read: 0, busy: true });
    expect(s.requests()).toBe(before);
  });

  it("keeps its cursor at this machine's clock when an order is stamped in the future", async () => {
    const s = shop();
    const now = Date.now();
    for (let n = 1; n <= 10; n++) s.put(n, "done", now - 86_400_000 + n);
    s.put(11, "done", now + 7 * 86_400_000);
    const idx = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await idx.sync();
    expect(Date.parse(idx.stats().cursor!)).toBeLessThanOrEqual(Date.now());
    // An order changed now (before the future stamp) is still seen by the next sync.
    s.put(4, "packed", Date.now());
    await idx.sync();
    expect(idx.candidates((f) => inQueue("to-ship", f)).map((f) => f.id)).toEqual(["order_4"]);
  });

  it("starts again when the shop has fewer orders than it had (a restored backup or snapshot)", async () => {
    const s = shop();
    for (let n = 1; n <= 50; n++) s.put(n, n === 7 ? "packed" : "done", T0 + n * 60_000);
    const a = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await a.sync();
    // Restored to an older state: order 7 was never packed there, order 3 is still new (and old).
    for (let n = 31; n <= 50; n++) s.orders.delete(`order_${n}`);
    s.put(7, "done", T0 + 7 * 60_000);
    s.put(3, "new", T0 + 3 * 60_000);
    const b = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await b.sync();
    expect(b.candidates((f) => inQueue("to-ship", f))).toEqual([]);
    expect(b.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.id)).toEqual(["order_3"]);
  });

  it("observe() corrects it from orders read for display, and a broken or foreign file is rebuilt", async () => {
    const s = shop();
    for (let n = 1; n <= 20; n++) s.put(n, n < 3 ? "new" : "done", T0 + n);
    const idx = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    await idx.sync();
    // A capture does not move updated_at: only a read shows that order 1 was fulfilled meanwhile.
    s.put(1, "done", T0 + 1);
    idx.observe(await readOrdersById(s.sdk, ["order_1", "order_2"], { fields: "id" }));
    expect(idx.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.id)).toEqual(["order_2"]);
    await idx.flush();
    expect(JSON.parse(readFileSync(idx.file, "utf8")).entries.map((e: unknown[]) => e[0])).toEqual(["order_2"]);
    // Orders read again as the index holds them change nothing: no save, so no sync request.
    const rows = await readOrdersById(s.sdk, ["order_2"], { fields: "id" });
    const before = s.requests();
    idx.observe(rows);
    await idx.flush();
    expect(s.requests()).toBe(before);

    writeFileSync(idx.file, "{ not json");
    const again = await OrderIndex.open(s.sdk, s.dir, "http://shop.test");
    expect(again.ready).toBe(false);
    await again.sync();
    expect(again.candidates((f) => inQueue("to-fulfil", f)).map((f) => f.id)).toEqual(["order_2"]);
    const other = await OrderIndex.open(s.sdk, s.dir, "http://other.test");
    expect(other.ready).toBe(false);
  });
});
