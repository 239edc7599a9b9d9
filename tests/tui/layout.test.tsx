import chalk from "chalk";
import { cleanup, render } from "ink-testing-library";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Help } from "../../src/tui/components/help.js";
import { formatKeys } from "../../src/tui/hooks/use-keymap.js";
import type { Binding } from "../../src/tui/types.js";
import { GLOBAL_BINDINGS, ORDER_DETAIL, VIEWS, findView, nonTtyHint } from "../../src/tui/views.js";
import { makeTheme } from "../../src/tui/theme.js";
import { OrdersState, failNext } from "../helpers/medusa-stub/orders.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

const cells = (line: string) => [...line].length;

function expectFits(frame: string, columns: number, rows: number) {
  const lines = frame.split("\n");
  // One line shorter than the terminal: a frame as tall as the terminal flickers (ink#359).
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect(cells(l), l).toBeLessThanOrEqual(columns);
}

function backend(): OrdersState {
  const b = new OrdersState();
  for (let i = 1; i <= 40; i++) {
    b.addOrder({
      display_id: i,
      first_name: "Bartholomew-Maximilian",
      last_name: "Featherstonehaugh-Cholmondeley",
      email: "a.very.long.address.that.goes.on@example-shop-with-a-long-name.com",
      items: [{ title: "An extraordinarily long product title that will not fit", sku: "SKU-WITH-A-LONG-NAME-0001", quantity: 3, unit_price: 1234.5 }],
      state: i % 2 ? "shipped" : "new",
    });
  }
  b.products.push({ id: "prod_1", title: "Mug", handle: "mug", status: "published", created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z" });
  return b;
}

describe("80x24", () => {
  const steps: [string, (t: TuiHarness) => Promise<unknown>][] = [
    ["the order queue", (t) => t.see("#40 ")],
    ["an order", async (t) => (await t.press("enter"), t.see("Order #40"))],
    ["the bottom of an order", async (t) => (await t.press("enter"), await t.see("Order #40"), await t.press("G"), t.see("History"))],
    ["help", async (t) => (await t.press("?"), t.see("Orders keys"))],
    ["the : palette", async (t) => (await t.press(":"), t.see("tab completes"))],
    ["a refund prompt", async (t) => (await t.press("j", "c"), t.see("Capture"))],
    ["a list error", async (t) => (failNext(t.registry, "GET /admin/orders", 500, { type: "unknown_error", message: "x".repeat(300) }, 10), await t.press("r"), t.see("press r to retry"))],
    ["a long message", async (t) => (await t.press("j", "f"), t.see("every item is already fulfilled"))],
    ["products", async (t) => (await t.press(":"), await t.type("products"), await t.press("enter"), t.see("Mug"))],
  ];
  it.each(steps)("%s fits: no line wider than 80, no frame taller than 23", async (_name, step) => {
    const t = renderTui({ shop: backend() });
    await t.see("#40 ");
    await step(t);
    expectFits(t.frame(), 80, 24);
  });

  it("uses a larger terminal: wider columns and more rows", async () => {
    const t = renderTui({ shop: backend(), size: { columns: 140, rows: 40 } });
    const frame = await t.see("#40 ");
    expectFits(frame, 140, 40);
    expect(frame).toContain("Bartholomew-Maximilian Featherstonehaugh-Cholmondeley");
    expect(frame).toMatch(/1–\d\d of 40/);
    expect(Number(/1–(\d+) of 40/.exec(frame)![1])).toBeGreaterThan(13);
  });

  it("asks for a bigger terminal rather than drawing a broken layout", async () => {
    const t = renderTui({ shop: backend(), size: { columns: 30, rows: 10 } });
    await t.see("terminal too small");
    expectFits(t.frame(), 30, 10);
  });
});

describe("? help", () => {
  it("is generated from the bindings it is given, minus mutating ones in read-only mode", () => {
    const bindings: Binding[] = [
      { keys: ["z"], action: "zap", help: "zap the thing" },
      { keys: ["Z", "ctrl+z"], action: "zapAll", help: "zap every thing", mutating: true },
    ];
    const draw = (readOnly: boolean) =>
      render(<Help title="Test" screenBindings={bindings} globalBindings={[]} views={[]} readOnly={readOnly} width={80} height={20} theme={makeTheme(false)} onClose={() => {}} />).lastFrame()!;
    const normal = draw(false);
    expect(normal).toMatch(/z\s+zap the thing/);
    expect(normal).toMatch(/Z\/ctrl\+z\s+zap every thing/);
    const readOnly = draw(true);
    expect(readOnly).toMatch(/z\s+zap the thing/);
    expect(readOnly).not.toContain("zap every thing");
  });

  it("lists every key of the order view and every view name, scrolling at 80x24", async () => {
    const t = renderTui({ shop: backend() });
    await t.see("#40 ");
    await t.press("?");
    await t.see("Orders keys");
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      for (const l of t.frame().split("\n")) seen.add(l.trim());
      await t.press("j");
    }
    const text = [...seen].join("\n");
    const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    for (const b of [...VIEWS[0]!.bindings, ...GLOBAL_BINDINGS]) expect(text).toMatch(new RegExp(`${esc(formatKeys(b))}\\s+${esc(b.help)}`));
    for (const v of VIEWS) expect(text).toContain(`:${v.name}`);
    await t.press("esc");
    await t.see("> #40 ");
  });

  it("shows the order's own keys when an order is open", async () => {
    const t = renderTui({ shop: backend() });
    await t.see("#40 ");
    await t.press("enter");
    await t.see("Order #40");
    await t.press("?");
    const frame = await t.see("Order #40 keys");
    for (const b of ORDER_DETAIL.bindings.slice(0, 5)) expect(frame).toContain(b.help);
  });
});

describe("colour", () => {
  let level: typeof chalk.level;
  beforeAll(() => {
    level = chalk.level;
    chalk.level = 3;
  });
  afterAll(() => {
    chalk.level = level;
  });
  // SGR parameters that set a colour: 30–37, 40–47, 90–97, 100–107, 38;…/48;… (39/49 restore the default).
  const COLOUR = /\u001b\[(?:[34][0-7]|9[0-7]|10[0-7]|38;|48;)[0-9;]*m/;

  it("uses semantic colours on a colour terminal", async () => {
    const t = renderTui({ shop: backend(), color: true });
    await t.see("#40 ");
    expect(t.frame()).toMatch(COLOUR);
  });

  it("emits no colour with NO_COLOR (colour off), yet the selection still shows", async () => {
    const t = renderTui({ shop: backend(), color: false });
    const frame = await t.see("#40 ");
    expect(frame).not.toMatch(COLOUR);
    expect(frame).toContain("> ");
  });

  it("marks a production profile with a PRODUCTION badge in the header, with and without colour", async () => {
    for (const color of [true, false]) {
      const t = renderTui({ shop: backend(), color, production: true });
      const frame = await t.see("#40 ");
      const header = frame.split("\n")[0]!;
      expect(header).toContain("[PRODUCTION]");
      if (color) expect(header).toContain("\u001b[41m");
      else expect(header).not.toMatch(COLOUR);
      t.unmount();
    }
  });
});

describe("registry", () => {
  it("finds views by name, alias and unique prefix", () => {
    expect(findView("orders")?.name).toBe("orders");
    expect(findView("inv")?.name).toBe("inventory");
    expect(findView("cust")?.name).toBe("customers");
    expect(findView("x")).toBeUndefined();
    expect(VIEWS.map((v) => v.name)).toEqual(["orders", "returns", "claims", "exchanges", "fulfillments", "products", "inventory", "customers"]);
    expect(findView("ful")?.name).toBe("fulfillments");
    expect(findView("fulfilments")?.name).toBe("fulfillments");
  });

  it("names the CLI command to use without a terminal", () => {
    expect(nonTtyHint()).toContain("medusactl orders list --json");
  });
});
