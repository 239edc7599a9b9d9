/**
 * Issue 25, "a queue that shows the work", in a real 80x24 terminal (tmux) against the real
 * back-end: orders to ship in one key, exact status filters, "N new" after an order is placed
 * through the store API, a customer with their orders, and a shipment with tracking number,
 * tracking URL and label URL read back from the server. The screens are saved as text under
 * test-artifacts/tui/ for people to read.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/cli.js";
import { fulfilOrder, orderState, placeOrder, registerCustomer } from "./helpers/orders.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { hasTmux, TmuxSession } from "./helpers/tmux.js";

const SIZE = { columns: 80, rows: 24 };
/**
 * Express shipping: other tests on the shared sandbox replace the standard option's prices (a
 * tax-inclusive test region), after which Medusa refuses standard with "do not have a price".
 */
const SHIPPING = "express" as const;
const ARTIFACTS = path.resolve(import.meta.dirname, "../../test-artifacts/tui");

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

beforeAll(() => {
  if (!hasTmux()) throw new Error("tmux is not installed: `node scripts/test.mjs` installs it on CI (apt-get install -y tmux)");
  mkdirSync(ARTIFACTS, { recursive: true });
});

function tuiEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The worker's data folder stays: the TUI keeps its index of order states there, not in the default one.
    if (v !== undefined && (!k.startsWith("MEDUSA") || k === "MEDUSACTL_DATA_DIR") && k !== "CI" && k !== "CONTINUOUS_INTEGRATION" && k !== "NO_COLOR" && !k.startsWith("VITEST") && k !== "TMUX") env[k] = v;
  }
  return { ...env, TERM: "xterm-256color", MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-queue-")) };
}

function start(): TmuxSession {
  const s = new TmuxSession([process.execPath, BIN, "tui", "--refresh", "2"], { env: tuiEnv(), ...SIZE });
  sessions.push(s);
  return s;
}

/** Every line fits 80 columns and the frame is at most 23 lines. */
function fits(screen: string): void {
  const lines = screen.replace(/\n+$/, "").split("\n");
  expect(lines.length).toBeLessThanOrEqual(SIZE.rows - 1);
  for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(SIZE.columns);
}

function save(name: string, screen: string): void {
  writeFileSync(path.join(ARTIFACTS, `${name}.txt`), screen);
}

/** The table row of an order on the screen ("" if it is not there). */
const rowOf = (screen: string, displayId: number | string) => screen.split("\n").find((l) => new RegExp(`^[> ] #${displayId} `).test(l)) ?? "";

/** `/`, erase what the filter held (ctrl+u), type `text`, enter; waits for each step on screen. */
async function typeFilter(tui: TmuxSession, text: string): Promise<void> {
  tui.keys("/");
  await tui.waitFor(/sort: \S+ [↑↓]  \//);
  tui.keys("C-u");
  await tui.waitFor(/sort: \S+ [↑↓]  \/(\s+\(|\s*$)/m);
  tui.type(text);
  // The text on screen first, so the enter is a key of its own.
  await tui.waitFor(`/${text}`);
  tui.keys("Enter");
  await tui.waitFor(text.startsWith("!") ? `filter: NOT "${text.slice(1)}"` : `filter: ${text}`);
}

describe("medusactl tui: the queue that shows the work (issue 25), 80x24, real back-end", () => {
  it("2 shows the orders to ship in one key; status filters are exact (/not_fulfilled, /!fulfilled); 4 is Medusa's own status filter", async () => {
    const email = `${uniq("queue")}@example.com`;
    const open = await placeOrder({ shipping: SHIPPING, lines: 1, quantity: 1, email });
    const toShip = await placeOrder({ shipping: SHIPPING, lines: 1, quantity: 1, email });
    await fulfilOrder(adminSdk(), toShip.order.id);
    const tui = start();
    let screen = await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    expect(screen.split("\n").find((l) => l.includes("Customer"))).toMatch(/Total\s+Status\s+Payment\s+Fulfilment/);
    fits(screen);
    save("orders-list", screen);

    // One key: the orders to ship (our fulfilled order is the newest of them).
    tui.keys("2");
    screen = await tui.waitFor(/Orders to ship\s+1–\d+ of [\d,]+/);
    await tui.waitFor(`#${toShip.order.display_id} `);
    screen = tui.screen();
    expect(rowOf(screen, toShip.order.display_id)).toMatch(/pending\s+authorized\s+fulfilled/);
    expect(rowOf(screen, open.order.display_id)).toBe("");
    fits(screen);
    save("filter-to-ship", screen);
    // With the customer's e-mail on top (Medusa's q): exactly one.
    await typeFilter(tui, email);
    screen = await tui.waitFor("Orders to ship  1–1 of 1");
    expect(rowOf(screen, toShip.order.display_id)).not.toBe("");
    tui.keys("0");
    screen = await tui.waitFor("Orders  1–2 of 2");
    expect(screen).toContain(`filter: ${email}`);

    // Exact status words: /not_fulfilled finds the open order and not the fulfilled one; /!fulfilled keeps it.
    await typeFilter(tui, "not_fulfilled");
    screen = await tui.waitFor(/Orders\s+1–\d+ of [\d,]+\+?\s+sort: date ↓\s+filter: not_fulfilled/);
    await tui.waitFor(`#${open.order.display_id} `);
    screen = tui.screen();
    expect(rowOf(screen, open.order.display_id)).toContain("not_fulfilled");
    expect(rowOf(screen, toShip.order.display_id)).toBe("");
    for (const l of screen.split("\n").filter((x) => /^[> ] #\d+ /.test(x))) expect(l).toMatch(/ not_fulfilled\s*$/);
    save("filter-not-fulfilled", screen);
    await typeFilter(tui, "!fulfilled");
    screen = await tui.waitFor('filter: NOT "fulfilled"');
    await tui.waitFor(`#${open.order.display_id} `);
    screen = tui.screen();
    expect(rowOf(screen, open.order.display_id)).toContain("not_fulfilled");
    expect(rowOf(screen, toShip.order.display_id)).toBe("");
    for (const l of screen.split("\n").filter((x) => /^[> ] #\d+ /.test(x))) expect(l).not.toMatch(/ fulfilled\s*$/);

    // Canceled: Medusa's status filter, exact.
    tui.keys("/", "Escape");
    tui.keys("4");
    screen = await tui.waitFor(/Orders canceled\s+(1–\d+ of [\d,]+|.*no orders canceled)/);
    for (const l of screen.split("\n").filter((x) => /^[> ] #\d+ /.test(x))) expect(l).toMatch(/canceled\s+\S+\s+\S+\s*$/);
    const { count } = await adminSdk().admin.order.list({ status: ["canceled"], limit: 1, fields: "id" });
    if (count) expect(screen).toContain(`of ${count.toLocaleString("en-US")}`);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it('says "N new" when an order is placed while the list is filtered, and N shows it at the top', async () => {
    const tui = start();
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.keys("4");
    await tui.waitFor(/Orders canceled/);
    // The newest order was on screen a moment ago: that is the mark new ones are counted from.
    const { order } = await placeOrder({ shipping: SHIPPING, lines: 1, quantity: 1 });
    const screen = await tui.waitFor(/▲ \d+ new \(N\)/, 20_000);
    fits(screen);
    save("new-orders", screen);
    tui.keys("N");
    const top = await tui.waitFor(`#${order.display_id} `);
    expect(top).toMatch(/Orders\s+1–\d+ of/);
    expect(top).not.toContain("Orders canceled");
    expect(top).not.toMatch(/new \(N\)/);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("u opens the customer with their orders; s ships with tracking number, URL and label URL, read back from the server", async () => {
    const customer = await registerCustomer({ first_name: "Queue", last_name: "Tester" });
    const first = await placeOrder({ shipping: SHIPPING, sdk: customer.sdk, lines: 1, quantity: 1 });
    const second = await placeOrder({ shipping: SHIPPING, sdk: customer.sdk, lines: 1, quantity: 1, currency: "usd" });
    const admin = adminSdk();
    await fulfilOrder(admin, second.order.id);
    const tui = start();
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    await typeFilter(tui, customer.email);
    await tui.waitFor("Orders  1–2 of 2");
    tui.keys("u");
    let screen = await tui.waitFor(`Orders of ${customer.email}  1–2 of 2`);
    expect(screen).toContain(`Queue Tester <${customer.email}>`);
    expect(screen).toMatch(/registered account · groups: /);
    expect(screen).toContain("addresses:");
    expect(rowOf(screen, second.order.display_id)).toMatch(/\$\d+\.\d\d\s+pending\s+authorized\s+fulfilled/);
    expect(rowOf(screen, first.order.display_id)).toMatch(/€\d+\.\d\d\s+pending\s+authorized\s+not_fulfilled/);
    fits(screen);
    save("customer", screen);

    // The newest (the fulfilled one) is under the cursor: ship it with everything `orders ship` takes.
    const tracking = uniq("TRK").toUpperCase();
    const url = `https://track.example/${tracking}`;
    const label = `https://labels.example/${tracking}.pdf`;
    tui.keys("s");
    await tui.waitFor("Tracking number (enter for none)");
    tui.type(tracking);
    tui.keys("Enter");
    await tui.waitFor("Tracking URL (enter for none)");
    tui.type(url);
    tui.keys("Enter");
    await tui.waitFor("Label URL (enter for none)");
    tui.type(label);
    tui.keys("Enter");
    screen = await tui.waitFor("Proceed? [y/N]");
    expect(screen).toContain(`Tracking number: ${tracking}`);
    expect(screen).toContain(`Tracking URL: ${url}`);
    fits(screen);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${second.order.display_id} → shipped`));
    const after = await orderState(admin, second.order.id, "id,fulfillment_status,*fulfillments,*fulfillments.labels");
    expect(after.fulfillment_status).toBe("shipped");
    const labels = after.fulfillments!.find((f) => f.shipped_at)!.labels!;
    expect(labels.map((l) => ({ tracking_number: l.tracking_number, tracking_url: l.tracking_url, label_url: l.label_url }))).toEqual([{ tracking_number: tracking, tracking_url: url, label_url: label }]);

    // Enter opens an order from the customer's list.
    tui.keys("j", "Enter");
    await tui.waitFor(`Order #${first.order.display_id}  pending`);
    tui.keys("Escape");
    await tui.waitFor(`Orders of ${customer.email}`);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("? help and the : palette fit 80x24 without cutting or overlapping", async () => {
    const tui = start();
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.keys("?");
    let screen = await tui.waitFor("Orders keys");
    fits(screen);
    save("help", screen);
    // Page down (space) until the last view name shows; each page is waited for, never slept on.
    let all = screen;
    // The help's own lines: the header and the API log change by themselves (the log shows from 40 rows).
    const helpBody = (x: string) => {
      const log = x.indexOf("── API calls");
      return x.slice(x.indexOf("Help —"), log < 0 ? undefined : log);
    };
    for (let i = 0; i < 10 && !screen.includes(":customers"); i++) {
      const before = helpBody(screen);
      tui.keys("Space");
      await expect.poll(() => helpBody(tui.screen()), { timeout: 5000, interval: 50 }).not.toBe(before);
      screen = tui.screen();
      fits(screen);
      all += screen;
    }
    expect(all).toContain(":customers");
    save("help-all-pages", all);
    for (const text of ["to ship: open orders with a fulfilment not shipped (:to-ship)", 'show new orders ("3 new")', ":fulfillments"]) expect(all.replace(/\s+/g, " ")).toContain(text);
    tui.keys("Escape");
    await tui.waitFor(/Orders\s+1–\d+ of/);
    tui.keys(":");
    screen = await tui.waitFor("tab completes");
    fits(screen);
    expect(screen).not.toContain("fulfillmen…");
    expect(screen).toMatch(/:fulfillments +Fulfilments/);
    expect(screen).toMatch(/:to-ship +Orders to ship/);
    save("palette", screen);
    tui.type("to-ship");
    tui.keys("Enter");
    await tui.waitFor(/Orders to ship/);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });
});
