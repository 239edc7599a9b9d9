/**
 * Issue 40 at CI size: `medusactl sandbox seed` generates 2,000 orders over two years (on the
 * seeded catalogue, 400 customers) inside the real sandbox, two of them planted deep in the
 * history: one fulfilled and never shipped (about 90 days old, some 250 orders down) and one never
 * fulfilled (about 200 days old, some 550 down). The TUI's "to ship", `orders list
 * --fulfillment-status` and `orders pick-list` find them through the index of order states, and
 * never offer a canceled order as work. Generating costs about 45 s of this file's time.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, ok, runCli } from "../helpers/cli.js";
import { adminEnv, adminSdk, backend } from "./helpers/sdk.js";
import { hasTmux, TmuxSession } from "./helpers/tmux.js";

interface Planted {
  state: string;
  display_id: number;
  id: string;
  created_at: string;
}

const ORDERS = 2000;
let planted: Planted[] = [];
const env = adminEnv();
const cli = (...args: string[]) => runCli(args, { env, timeoutMs: 120_000 });
const sessions: TmuxSession[] = [];

beforeAll(async () => {
  const r = ok(await runCli(["sandbox", "seed", "--orders", String(ORDERS), "--customers", "400", "--seed", "40", "--json"], { timeoutMs: 300_000 }));
  const summary = JSON.parse(r.stdout) as { orders: number; planted: Planted[]; states: Record<string, number> };
  expect(summary.orders).toBe(ORDERS);
  planted = summary.planted;
  expect(planted.map((p) => p.state).sort()).toEqual(["stuck_to_fulfil", "stuck_to_ship"]);
  // Every state an operator meets is there.
  for (const s of ["delivered", "completed", "canceled", "returned", "partially_refunded", "shipped"]) expect(summary.states[s] ?? 0).toBeGreaterThan(0);
}, 320_000);

afterAll(() => {
  for (const s of sessions.splice(0)) s.kill();
});

const stuck = (state: string) => planted.find((p) => p.state === state)!;

describe("a generated shop of 2,000 orders", () => {
  it("holds the planted orders in the states it says, deep in the history", async () => {
    const admin = adminSdk();
    const { orders, count } = await admin.admin.order.list({ id: planted.map((p) => p.id), fields: "id,display_id,status,payment_status,fulfillment_status,created_at" });
    expect(count).toBe(2);
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(stuck("stuck_to_ship").id)).toMatchObject({ status: "pending", payment_status: "authorized", fulfillment_status: "fulfilled" });
    expect(byId.get(stuck("stuck_to_fulfil").id)).toMatchObject({ status: "pending", payment_status: "authorized", fulfillment_status: "not_fulfilled" });
    const newer = await admin.admin.order.list({ created_at: { $gt: stuck("stuck_to_ship").created_at }, limit: 1, fields: "id" } as never);
    expect(newer.count).toBeGreaterThan(200);
  });

  it("orders list --fulfillment-status finds both, whatever their age, and the canceled orders are only where Medusa puts them", async () => {
    const fulfilled = ok(await cli("orders", "list", "--fulfillment-status", "fulfilled", "--all", "-o", "ids")).stdout.trim().split("\n");
    expect(fulfilled).toContain(stuck("stuck_to_ship").id);
    const unfulfilled = JSON.parse(ok(await cli("orders", "list", "--fulfillment-status", "not_fulfilled", "--status", "pending", "--all", "--json")).stdout) as { id: string; status: string }[];
    expect(unfulfilled.map((o) => o.id)).toContain(stuck("stuck_to_fulfil").id);
    expect(unfulfilled.every((o) => o.status === "pending")).toBe(true);
    // Walking every page (the index off) finds the same orders: the index misses none.
    const walked = ok(await runCli(["orders", "list", "--fulfillment-status", "fulfilled", "--all", "-o", "ids"], { env: { ...env, MEDUSACTL_ORDER_INDEX: "off" } })).stdout.trim().split("\n");
    expect(new Set(fulfilled)).toEqual(new Set(walked));
  });

  it("orders pick-list lists both planted orders' lines and no canceled order", async () => {
    const rows = ok(await cli("orders", "pick-list", "-o", "ndjson", "--quiet"))
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { order_id: string; fulfillment_status: string });
    const ids = new Set(rows.map((r) => r.order_id));
    expect(ids.has(stuck("stuck_to_ship").id)).toBe(true);
    expect(ids.has(stuck("stuck_to_fulfil").id)).toBe(true);
    expect(rows.every((r) => ["not_fulfilled", "partially_fulfilled", "fulfilled", "partially_shipped"].includes(r.fulfillment_status))).toBe(true);
    const canceled = ok(await cli("orders", "list", "--status", "canceled", "--limit", "200", "-o", "ids")).stdout.trim().split("\n");
    expect(canceled.length).toBeGreaterThan(10);
    for (const id of canceled) expect(ids.has(id)).toBe(false);
  });

  it("the TUI's to ship shows every order to ship with its exact count, and G reaches the old stuck one", async () => {
    if (!hasTmux()) throw new Error("tmux is not installed: `node scripts/test.mjs` installs it on CI (apt-get install -y tmux)");
    const expected = ok(await cli("orders", "list", "--fulfillment-status", "fulfilled,partially_fulfilled,partially_shipped", "--status", "pending,requires_action", "--all", "-o", "ids")).stdout.trim().split("\n");
    const tuiEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("MEDUSA_") && !k.startsWith("VITEST") && k !== "CI" && k !== "TMUX" && k !== "NO_COLOR") tuiEnv[k] = v;
    Object.assign(tuiEnv, { TERM: "xterm-256color", MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-large-shop-")) });
    const tui = new TmuxSession([process.execPath, BIN, "tui", "--refresh", "2"], { env: tuiEnv, columns: 80, rows: 24 });
    sessions.push(tui);
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.keys("2");
    const screen = await tui.waitFor(new RegExp(`Orders to ship  1–\\d+ of ${expected.length.toLocaleString("en-US")} .*from the order index`), 60_000);
    expect(screen).not.toContain("API calls");
    tui.keys("G");
    await tui.waitFor(new RegExp(`#${stuck("stuck_to_ship").display_id} `), 20_000);
  });
});
