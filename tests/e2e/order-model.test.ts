/**
 * Issue 41, one order model: identical orders are brought through fulfil, ship (with a tracking
 * number, over two fulfilments), deliver and capture by the entry points — the single-order verbs,
 * the same verbs with --file, the TUI's keys on the open order and on marked orders (tmux, 80x24) —
 * against the real back-end, and end in the same state. A canceled order is refused by all alike.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, ok, runCli } from "../helpers/cli.js";
import { orderState, placeOrder, type PlacedOrder } from "./helpers/orders.js";
import { adminSdk, backend } from "./helpers/sdk.js";
import { hasTmux, TmuxSession } from "./helpers/tmux.js";

const admin = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-order-model-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: path.join(work, "config") };
const cli = (...args: string[]) => runCli(args, { env });
/** One parcel's tracking number, the same for every path so that the end states compare whole. */
const TRACKING = "MODEL-41";
/** Express shipping: other suites reprice the standard option on the shared sandbox (tui-queue.test.ts). */
const SHIPPING = "express" as const;
const SIZE = { columns: 80, rows: 24 };

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

function tuiEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The worker's data folder stays: the TUI keeps its index of order states there.
    if (v !== undefined && (!k.startsWith("MEDUSA") || k === "MEDUSACTL_DATA_DIR") && k !== "CI" && k !== "CONTINUOUS_INTEGRATION" && k !== "NO_COLOR" && !k.startsWith("VITEST") && k !== "TMUX") out[k] = v;
  }
  return { ...out, TERM: "xterm-256color", MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-model-")) };
}

/** The TUI's order list, filtered to the order of `p` (one row). */
async function tuiListing(p: PlacedOrder): Promise<TmuxSession> {
  const tui = new TmuxSession([process.execPath, BIN, "tui", "--refresh", "2"], { env: tuiEnv(), ...SIZE });
  sessions.push(tui);
  await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
  tui.keys("/");
  tui.type(p.email);
  tui.keys("Enter");
  await tui.waitFor("Orders  1–1 of 1");
  return tui;
}

/** The TUI on the order of `p`, opened. */
async function tuiOn(p: PlacedOrder): Promise<TmuxSession> {
  const tui = await tuiListing(p);
  tui.keys("Enter");
  await tui.waitFor(`Order #${p.order.display_id}  `);
  return tui;
}

/** What a verb leaves on an order, in terms that do not depend on which order it is. */
async function endState(id: string) {
  const o = await orderState(admin, id, "id,status,payment_status,fulfillment_status,*items,*fulfillments,*fulfillments.labels,*fulfillments.items,*payment_collections.payments.captures");
  const live = (o.fulfillments ?? []).filter((f) => !f.canceled_at) as (NonNullable<typeof o.fulfillments>[number] & { labels?: { tracking_number: string }[] })[];
  return {
    status: o.status,
    payment: o.payment_status,
    fulfillment: o.fulfillment_status,
    lines: (o.items ?? [])
      .map((i) => ({ sku: i.variant_sku, ordered: Number(i.quantity), fulfilled: Number(i.detail?.fulfilled_quantity ?? 0), shipped: Number(i.detail?.shipped_quantity ?? 0), delivered: Number(i.detail?.delivered_quantity ?? 0) }))
      .sort((a, b) => String(a.sku).localeCompare(String(b.sku))),
    fulfilments: live.length,
    shipped: live.filter((f) => f.shipped_at).length,
    delivered: live.filter((f) => f.delivered_at).length,
    tracking: live.map((f) => (f.labels ?? []).map((l) => l.tracking_number).join("+")).sort(),
    captured: (o.payment_collections ?? []).flatMap((c) => c.payments ?? []).reduce((n, p) => n + ((p as { captures?: { amount: number }[] }).captures ?? []).reduce((m, c) => m + Number(c.amount), 0), 0),
  };
}

function csv(name: string, header: string, rows: string[]): string {
  const file = path.join(work, name);
  writeFileSync(file, [header, ...rows].join("\n") + "\n");
  return file;
}

let byVerb: PlacedOrder;
let byFile: PlacedOrder;
let byTui: PlacedOrder;
let byMarks: PlacedOrder;
let canceled: PlacedOrder;

beforeAll(async () => {
  if (!hasTmux()) throw new Error("tmux is not installed: `node scripts/test.mjs` installs it on CI (apt-get install -y tmux)");
  [byVerb, byFile, byTui, byMarks, canceled] = await Promise.all([1, 2, 3, 4, 5].map(() => placeOrder({ shipping: SHIPPING, lines: 2, quantity: 1 })));
  // The same start for each: line 1 fulfilled on its own, so that ship meets two fulfilments.
  for (const p of [byVerb, byFile, byTui, byMarks]) ok(await cli("orders", "fulfill", p.order.id, "--item", "1:1", "--yes"));
  ok(await cli("orders", "cancel", canceled.order.id, "--yes"));
}, 300_000);

describe("one order model: the CLI verb, --file and the TUI bring identical orders to the same state", () => {
  it("fulfil the rest, ship every unshipped fulfilment with one tracking number, deliver, capture", async () => {
    // (a) the single-order verbs
    const ref = `#${byVerb.order.display_id}`;
    ok(await cli("orders", "fulfill", ref, "--yes"));
    const shipped = ok(await cli("orders", "ship", ref, "--tracking-number", TRACKING, "--yes"));
    expect(shipped.stdout.match(/^shipped fulfilment ful_\w+ \(tracking MODEL-41\)$/gm)).toHaveLength(2);
    ok(await cli("orders", "deliver", ref, "--yes"));
    ok(await cli("orders", "capture", ref, "--yes"));

    // (b) the same verbs over a file: a list of orders, and a courier's file for ship
    const refs = csv("orders.csv", "Order", [String(byFile.order.display_id)]);
    const env2 = { ...env, MEDUSACTL_DATA_DIR: path.join(work, "data") };
    const batch = (...args: string[]) => runCli(args, { env: env2 });
    ok(await batch("orders", "fulfill", "--file", refs, "--yes"));
    const ship = ok(await batch("orders", "ship", "--file", csv("courier.csv", "Order Number,Tracking Number", [`#${byFile.order.display_id},${TRACKING}`]), "--yes"));
    expect(ship.stdout).toContain("orders ship: 1 changed");
    ok(await batch("orders", "deliver", "--file", refs, "--yes"));
    ok(await batch("orders", "capture", "--file", refs, "--yes"));

    // (c) the TUI's keys on the open order
    const tui = await tuiOn(byTui);
    const n = byTui.order.display_id;
    tui.keys("f");
    await tui.waitFor(`Fulfil order #${n}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${n} → fulfilled`));
    tui.keys("s");
    await tui.waitFor("Tracking number (enter for none)");
    tui.type(TRACKING);
    tui.keys("Enter");
    await tui.waitFor("Tracking URL (enter for none)");
    tui.keys("Enter");
    await tui.waitFor("Label URL (enter for none)");
    tui.keys("Enter");
    // Both fulfilments, as `orders ship` ships them (the TUI used to ship the oldest only).
    await tui.waitFor(`Ship 2 fulfilments of order #${n}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${n} → shipped`));
    tui.keys("d");
    await tui.waitFor(`Mark 2 shipments of order #${n} delivered?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${n} → delivered`));
    tui.keys("c");
    await tui.waitFor(`on order #${n}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${n} → delivered · payment captured`));
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);

    // (d) the TUI's keys on marked orders: the engine of --file (walk.ts), one order marked each time
    const marks = await tuiListing(byMarks);
    const m = byMarks.order.display_id;
    const onMarked = async (key: string, title: string, done: string, tracking?: string) => {
      marks.keys("Space");
      await marks.waitFor("● 1 marked");
      marks.keys(key);
      if (tracking) {
        await marks.waitFor(`Ship order #${m} (1 of 1)`);
        marks.type(tracking);
        marks.keys("Enter");
      }
      await marks.waitFor(title);
      marks.keys("y");
      await marks.waitFor(done);
    };
    await onMarked("f", "Fulfil 1 marked order?", "fulfil: 1 of 1 marked orders done");
    await onMarked("s", "Ship 1 marked order?", "ship: 1 of 1 marked orders done", TRACKING);
    await onMarked("d", "Deliver 1 marked order?", "deliver: 1 of 1 marked orders done");
    await onMarked("c", "Capture 1 marked order?", "capture: 1 of 1 marked orders done");
    marks.keys("q");
    expect(await marks.waitForExit()).toBe(0);

    const [a, b, c, d] = await Promise.all([byVerb, byFile, byTui, byMarks].map((p) => endState(p.order.id)));
    expect(a).toMatchObject({ status: "pending", payment: "captured", fulfillment: "delivered", fulfilments: 2, shipped: 2, delivered: 2, tracking: [TRACKING, TRACKING] });
    expect(a.captured).toBeGreaterThan(0);
    expect(a.lines.every((l) => l.fulfilled === l.ordered && l.shipped === l.ordered && l.delivered === l.ordered)).toBe(true);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(d).toEqual(a);
  });

  it("a canceled order is refused by all three, and stays as it was", async () => {
    const n = canceled.order.display_id;
    const before = await endState(canceled.order.id);
    const verb = await cli("orders", "fulfill", `#${n}`, "--yes");
    expect(verb.code).toBe(1);
    expect(verb.stderr).toContain(`order #${n} is canceled: cannot fulfil`);

    const batch = await runCli(["orders", "fulfill", "--file", csv("canceled.csv", "Order", [String(n)]), "--dry-run"], { env: { ...env, MEDUSACTL_DATA_DIR: path.join(work, "data") } });
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toMatch(new RegExp(`2\\t#${n}\\tskipped\\tthe order is canceled`));

    const tui = await tuiOn(canceled);
    tui.keys("f");
    await tui.waitFor(`error: order #${n} is canceled: cannot fulfil`);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
    expect(await endState(canceled.order.id)).toEqual(before);
    expect(before).toMatchObject({ status: "canceled", fulfilments: 0, captured: 0 });
  });
});
