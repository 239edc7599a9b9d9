/**
 * On-call keys of `medusactl tui` (issue #18) in a real 80x24 terminal (tmux) against the real
 * back-end: every action is done with keys and its result read back through the admin SDK.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { fulfilOrder, orderState, placeOrder, warehouseId } from "./helpers/orders.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { hasTmux, TmuxSession } from "./helpers/tmux.js";

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

const SIZE = { columns: 80, rows: 24 };

function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The worker's data folder stays: the TUI keeps its index of order states there, not in the default one.
    if (v !== undefined && (!k.startsWith("MEDUSA") || k === "MEDUSACTL_DATA_DIR") && k !== "CI" && k !== "CONTINUOUS_INTEGRATION" && k !== "NO_COLOR" && !k.startsWith("VITEST") && k !== "TMUX") env[k] = v;
  }
  return { ...env, TERM: "xterm-256color" };
}

/** The sandbox admin user's JWT in the environment and a config folder of its own. */
function tuiEnv(): Record<string, string> {
  return { ...cleanEnv(), MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-oncall-")) };
}

function start(args: string[], env: Record<string, string>): TmuxSession {
  const s = new TmuxSession([process.execPath, BIN, "tui", "--refresh", "2", ...args], { env, ...SIZE, clipboard: true });
  sessions.push(s);
  return s;
}

/** Opens the queue filtered to one order's e-mail (only that order). */
async function queueOf(tui: TmuxSession, email: string): Promise<void> {
  await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
  tui.keys("/");
  tui.type(email);
  tui.keys("Enter");
  await tui.waitFor("Orders  1–1 of 1");
}

/** Every line of the screen fits the terminal, and the frame is at most one line shorter than it. */
function fits(screen: string): void {
  const lines = screen.replace(/\n+$/, "").split("\n");
  expect(lines.length).toBeLessThanOrEqual(SIZE.rows - 1);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(SIZE.columns);
}

beforeAll(() => {
  if (!hasTmux()) throw new Error("tmux is not installed: `node scripts/test.mjs` installs it on CI (apt-get install -y tmux)");
});

describe("medusactl tui on-call keys, 80x24, real back-end", () => {
  it("y copies the order id (OSC 52 into tmux's buffer, and on the status line); F cancels the fulfilment; C completes; A archives; u goes to the customer and esc back", async () => {
    const { order, email } = await placeOrder({ lines: 1, quantity: 1 });
    const admin = adminSdk();
    await fulfilOrder(admin, order.id);
    const tui = start([], tuiEnv());
    await queueOf(tui, email);

    tui.keys("y");
    let screen = await tui.waitFor(`copied ${order.id}`);
    // The message takes two lines at 80 columns.
    expect(screen.replace(/\s*\n\s*/g, " ")).toContain(`copied ${order.id} (if your terminal ignores OSC 52, select it here)`);
    await expect.poll(() => tui.clipboard(), { timeout: 5000 }).toBe(order.id);

    tui.keys("Enter");
    await tui.waitFor(`Order #${order.display_id}  pending · payment authorized · fulfilment fulfilled`);
    tui.keys("F");
    screen = await tui.waitFor(/Cancel fulfilment ful_\w+ of order #\d+\?/);
    expect(screen).toContain("Proceed? [y/N]");
    fits(screen);
    tui.keys("y");
    // Medusa 2.21 reports "canceled" once every fulfilment of the order is canceled; the TUI says
    // what the order needs again (issue 25).
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → not_fulfilled`));
    let after = await orderState(admin, order.id);
    expect(after.fulfillment_status).toBe("canceled");
    expect(after.fulfillments).toHaveLength(1);
    expect(after.fulfillments![0]!.canceled_at).toBeTruthy();

    tui.keys("C");
    await tui.waitFor(`Complete order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → .* · completed`));
    after = await orderState(admin, order.id);
    expect(after.status).toBe("completed");

    tui.keys("A");
    await tui.waitFor(`Archive order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → .* · archived`));
    after = await orderState(admin, order.id);
    expect(after.status).toBe("archived");

    tui.keys("u");
    // The customer screen: their details above their orders.
    screen = await tui.waitFor(`Orders of ${email}  1–1 of 1`);
    expect(screen).toContain(`› ${email}`);
    expect(screen).toContain(`<${email}>`);
    tui.keys("y");
    await tui.waitFor(`copied ${after.customer_id}`);
    await expect.poll(() => tui.clipboard(), { timeout: 5000 }).toBe(after.customer_id);
    tui.keys("Escape");
    await tui.waitFor(`Order #${order.display_id}  archived`);
    tui.keys("Escape");
    screen = await tui.waitFor("Orders  1–1 of 1");
    expect(screen).toContain(`filter: ${email}`);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it(":fulfillments: s ships with tracking, d delivers, enter opens it, enter again its order; R, then t/m/e jump to the order's returns, claims, exchanges, and esc walks back", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const admin = adminSdk();
    const fulfilled = await fulfilOrder(admin, order.id);
    const ful = fulfilled.fulfillments![0]!.id;
    const tracking = uniq("TRK").toUpperCase();
    const tui = start([], tuiEnv());
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.type(":fulfillments");
    tui.keys("Enter");
    await tui.waitFor(/Fulfilments\s+1–\d+ of \d+/);
    tui.keys("/");
    tui.type(ful);
    tui.keys("Enter");
    let screen = await tui.waitFor("Fulfilments  1–1 of 1");
    expect(screen).toMatch(new RegExp(`#${order.display_id}\\s+fulfilled`));
    fits(screen);

    tui.keys("s");
    await tui.waitFor("Tracking number (enter for none)");
    tui.type(tracking);
    tui.keys("Enter");
    // No tracking URL, no label URL.
    await tui.waitFor("Tracking URL (enter for none)");
    tui.keys("Enter");
    await tui.waitFor("Label URL (enter for none)");
    tui.keys("Enter");
    await tui.waitFor(`Ship fulfilment ${ful} of order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → shipped`));
    let after = await orderState(admin, order.id, "id,fulfillment_status,*fulfillments,*fulfillments.labels");
    expect(after.fulfillment_status).toBe("shipped");
    expect(after.fulfillments![0]!.shipped_at).toBeTruthy();
    expect(after.fulfillments![0]!.labels!.map((l) => l.tracking_number)).toEqual([tracking]);

    tui.keys("d");
    await tui.waitFor(`Mark fulfilment ${ful} of order #${order.display_id} delivered?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → delivered`));
    after = await orderState(admin, order.id);
    expect(after.fulfillment_status).toBe("delivered");
    expect(after.fulfillments![0]!.delivered_at).toBeTruthy();

    tui.keys("Enter");
    screen = await tui.waitFor(`Fulfilment ${ful}  delivered`);
    expect(screen).toContain(`Order #${order.display_id}`);
    expect(screen).toContain(tracking);
    tui.keys("y");
    await tui.waitFor(`copied ${ful}`);
    await expect.poll(() => tui.clipboard(), { timeout: 5000 }).toBe(ful);

    tui.keys("Enter");
    await tui.waitFor(`Order #${order.display_id}  pending`);
    tui.keys("R");
    await tui.waitFor("Items as line:qty: 1:1");
    tui.keys("Enter");
    await tui.waitFor(`Start a return on order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → `));

    tui.keys("t");
    screen = await tui.waitFor(`Returns of order #${order.display_id}  1–1 of 1`);
    const { returns } = await admin.admin.return.list({ order_id: order.id, fields: "id,status" });
    expect(returns).toHaveLength(1);
    // The order's number in its column; the id is cut to fit 80 columns.
    expect(screen).toMatch(new RegExp(`> #\\d+\\s+#${order.display_id}\\s+requested\\s+.*${returns[0]!.id.slice(0, 20)}`));
    fits(screen);
    tui.keys("Escape");
    await tui.waitFor(`Order #${order.display_id}  pending`);
    tui.keys("m");
    await tui.waitFor(`no claims for order #${order.display_id}`);
    tui.keys("Escape");
    await tui.waitFor(`Order #${order.display_id}  pending`);
    tui.keys("e");
    await tui.waitFor(`no exchanges for order #${order.display_id}`);
    tui.keys("Escape");
    await tui.waitFor(`Order #${order.display_id}  pending`);
    tui.keys("Escape");
    await tui.waitFor(`Fulfilment ${ful}  delivered`);
    tui.keys("Escape");
    screen = await tui.waitFor("Fulfilments  1–1 of 1");
    expect(screen).toContain(`filter: ${ful}`);
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it(":fulfillments: F cancels the fulfilment under the cursor", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const admin = adminSdk();
    const ful = (await fulfilOrder(admin, order.id)).fulfillments![0]!.id;
    const tui = start([], tuiEnv());
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.type(":ful");
    tui.keys("Enter");
    await tui.waitFor(/Fulfilments\s+1–\d+ of \d+/);
    tui.keys("/");
    tui.type(ful);
    tui.keys("Enter");
    await tui.waitFor("Fulfilments  1–1 of 1");
    tui.keys("F");
    await tui.waitFor(`Cancel fulfilment ${ful} of order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`#${order.display_id}\\s+canceled`));
    const after = await orderState(admin, order.id);
    expect(after.fulfillments![0]!.canceled_at).toBeTruthy();
    expect(after.fulfillment_status).toBe("canceled");
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("F on an order with two fulfilments asks which, and cancels only that one; s on the fulfilment screen ships it; ? lists the new keys at 80x24", async () => {
    const { order, email } = await placeOrder({ lines: 2, quantity: 1 });
    const admin = adminSdk();
    const location_id = await warehouseId(admin);
    const items = (await orderState(admin, order.id, "id,*items")).items!;
    for (const it of items) await admin.admin.order.createFulfillment(order.id, { items: [{ id: it.id, quantity: 1 }], location_id });
    const before = await orderState(admin, order.id);
    const [first, second] = [...before.fulfillments!].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    const tui = start([], tuiEnv());
    await queueOf(tui, email);
    tui.keys("Enter");
    await tui.waitFor(`Order #${order.display_id}  pending`);

    tui.keys("?");
    await tui.waitFor(`Order #${order.display_id} keys`);
    const help = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const screen = tui.screen();
      fits(screen);
      for (const l of screen.split("\n")) help.add(l.trim());
      tui.keys("j");
    }
    const text = [...help].join("\n");
    for (const line of [
      /^F\s+cancel an unshipped fulfilment/m,
      /^C\s+complete the order/m,
      /^A\s+archive the order/m,
      /^y\s+copy the id of the row or record/m,
      /^u\s+go to the order's customer/m,
      /^t\s+go to the order's returns/m,
      /^m\s+go to the order's claims/m,
      /^e\s+go to the order's exchanges/m,
      /^esc\s+go back/m,
    ])
      expect(text).toMatch(line);
    // Escape then a letter sent together reads as Alt+letter: wait for the help to close.
    tui.keys("Escape");
    await tui.waitFor(`Order #${order.display_id}  pending`);

    tui.keys("F");
    let screen = await tui.waitFor("Fulfilment (number or id): 1");
    expect(screen).toContain(`2: ${second!.id}`);
    fits(screen);
    tui.keys("BSpace");
    tui.type("2");
    tui.keys("Enter");
    await tui.waitFor(`Cancel a fulfilment of order #${order.display_id}?`);
    tui.keys("y");
    screen = await tui.waitFor(new RegExp(`✓ order #${order.display_id} → partially_fulfilled`));
    expect(screen.replace(/\s*\n\s*/g, " ")).toContain(`canceled fulfilment ${second!.id} of order #${order.display_id}`);
    let after = await orderState(admin, order.id);
    expect(after.fulfillments!.find((f) => f.id === second!.id)!.canceled_at).toBeTruthy();
    expect(after.fulfillments!.find((f) => f.id === first!.id)!.canceled_at).toBeFalsy();

    // The remaining fulfilment, from its own screen.
    tui.type(":fulfillments");
    tui.keys("Enter");
    await tui.waitFor(/Fulfilments\s+1–\d+ of \d+/);
    tui.keys("/");
    tui.type(first!.id);
    tui.keys("Enter");
    await tui.waitFor("Fulfilments  1–1 of 1");
    tui.keys("Enter");
    await tui.waitFor(`Fulfilment ${first!.id}  fulfilled`);
    tui.keys("s");
    await tui.waitFor("Tracking number (enter for none)");
    tui.keys("Enter");
    await tui.waitFor(`Ship fulfilment ${first!.id} of order #${order.display_id}?`);
    tui.keys("y");
    await tui.waitFor(`Fulfilment ${first!.id}  shipped`);
    after = await orderState(admin, order.id);
    expect(after.fulfillments!.find((f) => f.id === first!.id)!.shipped_at).toBeTruthy();
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("/! keeps the rows that do NOT match and shows the filter", async () => {
    await placeOrder({ lines: 1, quantity: 1 });
    const tui = start([], tuiEnv());
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.keys("/");
    tui.type("!authorized");
    tui.keys("Enter");
    await tui.waitFor('filter: NOT "authorized"');
    const screen = await tui.waitFor(/^> #\d+/m);
    // Read page by page (25 orders a request), not 500 at once: "+" while more pages remain unread.
    expect(screen).toMatch(/Orders\s+1–\d+ of [\d,]+\+?\s+sort: date ↓\s+filter: NOT "authorized"\s+\((local\)|read [\d,]+ of [\d,]+)/);
    fits(screen);
    const rows = screen.split("\n").filter((l) => /^[> ] #\d+/.test(l));
    for (const r of rows) expect(r).not.toContain("authorized");
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("profile set NAME --read-only makes the TUI read-only on that profile ([read-only], no action keys); --no-read-only undoes it", async () => {
    const env = { ...cleanEnv(), MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-ro-")) };
    const name = "oncall";
    expect((await runCli(["login", "--profile", name, "--url", backend.url, "--api-key-stdin"], { env, input: backend.apiKey })).code).toBe(0);
    const set = await runCli(["profile", "set", name, "--read-only"], { env });
    expect(set.code, set.stderr).toBe(0);
    let list = JSON.parse((await runCli(["profile", "list", "--json"], { env })).stdout) as { name: string; readOnly: boolean }[];
    expect(list.find((p) => p.name === name)?.readOnly).toBe(true);

    const { order, email } = await placeOrder({ lines: 1, quantity: 1 });
    let tui = new TmuxSession([process.execPath, BIN, "--profile", name, "tui"], { env, ...SIZE });
    sessions.push(tui);
    await queueOf(tui, email);
    let screen = tui.screen();
    expect(screen.split("\n")[0]).toContain("[read-only]");
    expect(screen).not.toMatch(/f fulfil|s ship/);
    tui.keys("f", "C", "x");
    // Keys are handled in order: once the help that "?" opens is up, f, C and x have been handled too.
    tui.keys("?");
    await tui.waitFor(/Help/);
    expect(tui.screen()).not.toMatch(/Proceed|to confirm/);
    tui.keys("Escape");
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
    expect((await orderState(adminSdk(), order.id)).fulfillment_status).toBe("not_fulfilled");

    // Still read-only when an environment credential for the same back-end is in use.
    tui = new TmuxSession([process.execPath, BIN, "--profile", name, "tui"], { env: { ...env, MEDUSA_API_KEY: backend.apiKey }, ...SIZE });
    sessions.push(tui);
    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    expect(tui.screen().split("\n")[0]).toContain("[read-only]");
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);

    expect((await runCli(["profile", "set", name, "--no-read-only"], { env })).code).toBe(0);
    list = JSON.parse((await runCli(["profile", "list", "--json"], { env })).stdout);
    expect(list.find((p) => p.name === name)?.readOnly).toBe(false);
    tui = new TmuxSession([process.execPath, BIN, "--profile", name, "tui"], { env, ...SIZE });
    sessions.push(tui);
    await queueOf(tui, email);
    screen = tui.screen();
    expect(screen.split("\n")[0]).not.toContain("[read-only]");
    expect(screen).toContain("f fulfil");
    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);
  });
});
