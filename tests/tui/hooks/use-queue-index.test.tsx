/**
 * The order queues over the index of order states: an order deep in the history is on the first
 * screen of its queue, a refresh costs the same whatever the shop's size, and after an action the
 * cursor keeps its place. (The index's own walk is tested in tests/cli/bulk/order-index.test.ts.)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { OrderIndex } from "../../../src/cli/bulk/order-index.js";
import { OrdersState } from "../../helpers/medusa-stub/orders.js";
import { stubRegistry } from "../../helpers/medusa-stub/registry.js";
import { renderTui } from "../../helpers/tui.js";

const orderGets = (reg: ReturnType<typeof stubRegistry>) => reg.calls("GET", /^\/admin\/orders$/);

async function bigShop(size: number, toShip: number[]) {
  const shop = new OrdersState();
  for (let i = 1; i <= size; i++) shop.addOrder({ display_id: i, created_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(), state: toShip.includes(i) ? "fulfilled" : "shipped" });
  const registry = stubRegistry();
  const { registerOrders } = await import("../../helpers/medusa-stub/orders.js");
  registerOrders(registry, shop);
  const index = await OrderIndex.open(registry.sdk(), mkdtempSync(path.join(tmpdir(), "tui-index-")), "http://medusa.test");
  await index.sync();
  return { shop, registry, index };
}

describe("queues from the order index", () => {
  it("shows an order 300 orders deep on the first screen of to ship, with the queue's exact size, reading by id", async () => {
    const { shop, registry, index } = await bigShop(320, [12, 300]);
    const t = renderTui({ shop, registry, orderIndex: index });
    await t.see("#320");
    // The all-orders screen reads one page ahead; let it finish before counting.
    await vi.waitFor(() => expect(orderGets(registry).some((c) => c.query.offset === "25")).toBe(true));
    const before = orderGets(registry).length;
    await t.press("2");
    const frame = await t.see(/Orders to ship  1–2 of 2 .*from the order index/);
    expect(frame).toMatch(/> #300 /);
    expect(frame).toContain("#12 ");
    // One read by id for the screen (and the sync before it): no walk through 13 pages of 25.
    const reads = orderGets(registry).slice(before);
    expect(reads.filter((c) => c.query.id).length).toBe(1);
    expect(reads.filter((c) => !c.query.id && c.query.limit === "25").length).toBe(0);
    // G goes straight to the oldest: the queue's size is known, not read page by page.
    await t.press("G");
    await t.see("> #12 ");
  });

  it("after s in to ship the shipped order leaves and the cursor stays at the same place", async () => {
    const { shop, registry, index } = await bigShop(60, [10, 20, 30, 40]);
    const t = renderTui({ shop, registry, orderIndex: index });
    await t.see("#60");
    await t.press("2");
    await t.see(/Orders to ship  1–4 of 4/);
    await t.press("j");
    await t.see(/> #30 /);
    await t.press("s");
    await t.see(/Ship order #30/i);
    await t.press("enter");
    await t.see("Proceed? [y/N]");
    await t.press("y");
    await vi.waitFor(() => expect(t.frame()).toMatch(/Orders to ship  1–3 of 3/), { timeout: 8000 });
    // Second row before, second row after: now #20.
    await vi.waitFor(() => expect(t.frame()).toMatch(/> #20 /));
  });

  it("without the index too (pages read and filtered), after f in to fulfil the cursor stays at the same place", async () => {
    const shop = new OrdersState();
    for (let i = 1; i <= 8; i++) shop.addOrder({ display_id: i, created_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(), state: i % 2 ? "new" : "shipped" });
    const t = renderTui({ shop });
    await t.see("#8");
    await t.press("1");
    await t.see(/Orders to fulfil  1–4 of 4/);
    await t.press("j", "j");
    await t.see(/> #3 /);
    await t.press("f");
    await t.see("Fulfil order #3?");
    await t.press("y");
    await vi.waitFor(() => expect(t.frame()).toMatch(/Orders to fulfil  1–3 of 3/), { timeout: 8000 });
    // Third row before, third row after: #1 now.
    await vi.waitFor(() => expect(t.frame()).toMatch(/> #1 /));
  });

  it("a canceled order is never to fulfil", async () => {
    const shop = new OrdersState();
    shop.addOrder({ display_id: 1, state: "new" });
    shop.addOrder({ display_id: 2, state: "canceled" });
    const registry = stubRegistry();
    const { registerOrders } = await import("../../helpers/medusa-stub/orders.js");
    registerOrders(registry, shop);
    const index = await OrderIndex.open(registry.sdk(), mkdtempSync(path.join(tmpdir(), "tui-index-")), "http://medusa.test");
    await index.sync();
    const t = renderTui({ shop, registry, orderIndex: index });
    await t.see("#2");
    await t.press("1");
    const frame = await t.see(/Orders to fulfil  1–1 of 1/);
    expect(frame).toContain("> #1 ");
    expect(frame).not.toContain("#2 ");
  });
});
