import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { OrdersState, failNext } from "../helpers/medusa-stub/orders.js";
import { reply, stubRegistry } from "../helpers/medusa-stub/registry.js";
import { renderTui } from "../helpers/tui.js";

afterEach(() => cleanup());

describe("errors in place", () => {
  it("shows a failed list read where the rows would be, with Medusa's status and type, and r retries", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 1 });
    const registry = stubRegistry();
    failNext(registry, "GET /admin/orders", 500, { type: "database_error", code: "api_error", message: "connection refused by the database" });
    const t = renderTui({ shop: backend, registry });
    const frame = await t.see("error: connection refused by the database");
    expect(frame).toContain("500 database_error api_error, GET /admin/orders");
    expect(frame).toContain("press r to retry");
    expect(frame).not.toContain("#1 ");
    await t.press("r");
    await t.see("> #1 ");
    expect(t.frame()).not.toContain("error:");
  });

  it("keeps the last good rows under the error when a live refresh fails, and backs off", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 1 });
    const t = renderTui({ shop: backend, refreshMs: 40 });
    await t.see("> #1 ");
    const before = t.registry.calls("GET", "/admin/orders").length;
    failNext(t.registry, "GET /admin/orders", 503, { type: "unknown_error", message: "Service Unavailable" }, 2);
    const frame = await t.see("error: Service Unavailable");
    expect(frame).toContain("the rows below are from the last good read");
    expect(frame).toContain("#1 ");
    await t.see("updated", 2000);
    await t.see(/^(?![\s\S]*error:)/);
    // After the first failure the next read waits twice the interval (80 ms), after the second four
    // times (160 ms); without backoff the three reads would come 40 ms apart. Measured between
    // arrivals, so a busy machine's late timers only lengthen the gaps (the margins absorb how late
    // a request is recorded).
    const [fail1, fail2, recovered] = t.registry.calls("GET", "/admin/orders").slice(before);
    expect(recovered).toBeDefined();
    expect(recovered!.at - fail2!.at).toBeGreaterThanOrEqual(130);
    expect(recovered!.at - fail1!.at).toBeGreaterThanOrEqual(200);
  });

  it("shows a failed order read in place and recovers on r", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 3 });
    const t = renderTui({ shop: backend });
    await t.see("#3 ");
    failNext(t.registry, "GET /admin/orders/*", 502, { message: "Bad Gateway" });
    await t.press("enter");
    const frame = await t.see("error: order order_");
    expect(frame).toContain("read: Bad Gateway");
    expect(frame).toContain("502, GET /admin/orders/order_");
    await t.see("press r to retry");
    await t.press("r");
    await t.see("Order #3");
  });

  it("catches a screen that fails to draw: the error shows, the rest of the TUI works, esc goes back", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 4 });
    const t = renderTui({ shop: backend });
    await t.see("#4 ");
    // A malformed answer: payment_collections is not a list, so drawing the order throws.
    t.registry.stub("GET /admin/orders/*", reply(200, { order: { id: backend.orders[0]!.id, display_id: 4, items: [], payment_collections: 5 } }));
    await t.press("enter");
    const frame = await t.see("error: this screen failed to draw");
    expect(frame).toContain("r reloads it · esc goes back · q quits");
    // The header, the log and the keys still work.
    expect(frame.split("\n")[0]).toContain("http://medusa.test");
    await t.press("r");
    await t.see("Order #4");
    await t.press("esc");
    await t.see("> #4 ");
  });

  it("lists every API call with method, path, status and time, failures included, and l hides it", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 5 });
    const registry = stubRegistry();
    failNext(registry, "GET /admin/orders", 500);
    const t = renderTui({ shop: backend, registry, size: { columns: 100, rows: 40 } });
    await t.see("press r to retry");
    await t.press("r");
    const frame = await t.see("> #5 ");
    const log = frame.split("\n").filter((l) => l.startsWith("GET "));
    expect(log[0]).toMatch(/^GET\s+\/admin\/orders\?limit=25&offset=0.*\s500\s+\d+ ms$/);
    expect(log[1]).toMatch(/^GET\s+\/admin\/orders\?limit=25&offset=0.*\s200\s+\d+ ms$/);
    expect(frame).not.toContain("sk_test_1234");
    await t.press("l");
    await t.see(/^(?![\s\S]*API calls)/);
  });

  it("at 80×24 the log starts hidden (it would take five of the list's rows), and l shows it", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 5 });
    const t = renderTui({ shop: backend });
    const frame = await t.see("> #5 ");
    expect(frame).not.toContain("API calls");
    await t.press("l");
    await t.see(/API calls[\s\S]*GET\s+\/admin\/orders/);
  });
});

describe("errors from the order operations", () => {
  it("reports an action that Medusa refuses, and the order is read again", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 6, state: "captured" });
    const t = renderTui({ shop: backend });
    await t.see("#6 ");
    await t.press("enter");
    await t.see("Order #6");
    failNext(t.registry, "POST /admin/orders/*/cancel", 400, { type: "not_allowed", message: "All fulfillments must be canceled before canceling an order" });
    await t.press("x");
    await t.see("Type 6 to confirm");
    await t.type("6");
    const before = t.registry.requests.filter((c) => c.method === "GET" && /^\/admin\/orders\/order_/.test(c.path)).length;
    await t.press("enter");
    await t.see("error: order #6: cancel: All fulfillments must be canceled before canceling an order (400 not_allowed)");
    const after = t.registry.requests.filter((c) => c.method === "GET" && /^\/admin\/orders\/order_/.test(c.path)).length;
    expect(after).toBeGreaterThan(before);
    expect(t.frame()).toContain("Order #6  pending");
  });
});
