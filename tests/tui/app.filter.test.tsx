import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrdersState } from "../helpers/medusa-stub/orders.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

function people(): OrdersState {
  const b = new OrdersState();
  b.addOrder({ display_id: 1, first_name: "Jane", last_name: "Doe", email: "jane@example.com" });
  b.addOrder({ display_id: 2, first_name: "John", last_name: "Smith", email: "john@example.com" });
  b.addOrder({ display_id: 3, first_name: "Janet", last_name: "Roe", email: "janet@example.com" });
  return b;
}

const orderQueries = (t: TuiHarness) => t.registry.calls("GET", /^\/admin\/orders$/).map((c) => c.query.q);

describe("/ filter", () => {
  it("filters as you type through Medusa's q, without a request per key", async () => {
    const b = people();
    const t = renderTui({ shop: b });
    await t.see("#3 ");
    await t.press("/");
    await t.type("jan");
    let frame = await t.see("Orders  1–2 of 2");
    expect(frame).toContain("/jan");
    expect(frame).toContain("#3 ");
    expect(frame).toContain("#1 ");
    expect(frame).not.toContain("#2 ");
    // The three keys were typed faster than the debounce: one query for "jan", none for "j" or "ja".
    expect(orderQueries(t).filter(Boolean)).toEqual(["jan"]);
    await t.type("et");
    frame = await t.see("Orders  1–1 of 1");
    expect(frame).toContain("#3 ");
  });

  it("keeps the filter on enter and lets the keys act on the rows again; esc while typing clears it", async () => {
    const b = people();
    const t = renderTui({ shop: b });
    await t.see("#3 ");
    await t.press("/");
    await t.type("john");
    await t.press("enter");
    let frame = await t.see("Orders  1–1 of 1");
    expect(frame).toContain("filter: john");
    // Keys act on the rows again rather than typing.
    await t.press("enter");
    await t.see("Order #2");
    await t.press("esc");
    await t.see("filter: john");
    await t.press("/");
    await t.see("/john");
    await t.press("esc");
    frame = await t.see("Orders  1–3 of 3");
    expect(frame).not.toContain("filter:");
  });

  it("treats every key typed after / as text, even action keys, however fast they come", async () => {
    const b = people();
    const t = renderTui({ shop: b });
    await t.see("#3 ");
    // One chunk: "/" opens the filter and "fxq" must be text, not fulfil/cancel/quit.
    await t.press("/fxq");
    await t.see("/fxq");
    await vi.waitFor(() => expect(orderQueries(t)).toContain("fxq"));
    expect(t.frame()).not.toContain("Fulfil order");
    expect(t.registry.requests.filter((c) => c.method !== "GET")).toEqual([]);
    await t.see('no orders match "fxq"');
  });

  it("filters locally over the newest records where Medusa has no q (returns), and says so", async () => {
    const b = people();
    b.returns.push(
      { id: "return_a", display_id: 1, status: "requested", order_id: "x", created_at: "2026-11-01T00:00:01Z" },
      { id: "return_b", display_id: 2, status: "received", order_id: "y", created_at: "2026-11-01T00:00:02Z" },
    );
    const t = renderTui({ shop: b, view: "returns" });
    await t.see("Returns  1–2 of 2");
    await t.press("/");
    await t.type("received");
    await t.press("enter");
    const frame = await t.see("Returns  1–1 of 1");
    expect(frame).toContain("(local)");
    expect(frame).toContain("received");
    const calls = t.registry.calls("GET", /^\/admin\/returns$/);
    expect(calls.every((c) => c.query.q === undefined)).toBe(true);
    expect(calls.at(-1)!.query.limit).toBe("25");
  });
});
