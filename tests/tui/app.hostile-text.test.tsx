import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { OrdersState, failNext } from "../helpers/medusa-stub/orders.js";
import { renderTui } from "../helpers/tui.js";

afterEach(() => cleanup());

// A title that retitles the pane, clears the screen, moves the cursor home and reverses the text after it.
const EVIL_TITLE = "Mug\u001b]2;pwned\u0007\u001b[2J\u001b[H\u202eevil";
const EVIL_NAME = "Eve\u009b31m\u200b";
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202e]/;

function backend(): OrdersState {
  const b = new OrdersState();
  b.addOrder({ display_id: 7, first_name: EVIL_NAME, last_name: "Doe", items: [{ title: EVIL_TITLE, sku: "MUG-1", quantity: 1, unit_price: 10 }], state: "new" });
  b.products.push({ id: "prod_1", title: EVIL_TITLE, handle: "mug", status: "published", created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z" });
  return b;
}

describe("shop text in the TUI", () => {
  it("the queue, an order and the products list show escapes as visible text, never raw", async () => {
    const t = renderTui({ shop: backend(), size: { columns: 140, rows: 30 } });
    await t.see("#7 ");
    expect(t.frame()).toContain("Eve\\x9b31m\\u200b");
    expect(t.frame()).not.toMatch(CONTROL);
    await t.press("enter");
    await t.see("Order #7");
    await t.see("Mug\\x1b]2;pwned\\x07");
    expect(t.frame()).not.toMatch(CONTROL);
    await t.press("esc", ":");
    await t.type("products");
    await t.press("enter");
    await t.see("Mug\\x1b]2;pwned");
    for (const f of t.frames) expect(f).not.toMatch(CONTROL);
  });

  it("a line break inside shop text (an address holding \\r\\n) is shown as an escape, never as a forged line of the view", async () => {
    const b = new OrdersState();
    const o = b.addOrder({ display_id: 8, first_name: "Mallory", last_name: "Doe", state: "new" });
    o.shipping_address.address_1 = "1 Main St\r\nPAID IN FULL — refund approved";
    const t = renderTui({ shop: b, size: { columns: 140, rows: 40 } });
    await t.see("#8 ");
    await t.press("enter");
    await t.see("Order #8");
    const frame = t.frame();
    expect(frame).toContain("1 Main St\\r\\nPAID IN FULL");
    expect(frame.split("\n").some((l) => l.trimStart().startsWith("PAID IN FULL"))).toBe(false);
  });

  it("a server error message with escapes is shown harmlessly", async () => {
    const b = backend();
    const t = renderTui({ shop: b });
    await t.see("#7 ");
    failNext(t.registry, "GET /admin/orders", 500, { type: "unknown_error", message: "boom\u001b]0;owned\u0007" }, 10);
    await t.press("r");
    await t.see("boom\\x1b]0;owned\\x07");
    expect(t.frame()).not.toMatch(CONTROL);
  });
});
