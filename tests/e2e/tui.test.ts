/**
 * `medusactl tui` in a real terminal (tmux) against the real back-end: an order placed through the
 * store API here is found, opened, fulfilled and shipped with keys, and the result checked through
 * the SDK.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { placeOrder } from "./helpers/orders.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { hasTmux, TmuxSession } from "./helpers/tmux.js";
import { once } from "./helpers/topology.js";

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

/** The CLI's environment: the sandbox admin user's JWT, a config folder of its own, no CI (Ink draws nothing live under CI). */
function tuiEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The worker's data folder stays: the TUI keeps its index of order states there, not in the default one.
    if (v !== undefined && (!k.startsWith("MEDUSA") || k === "MEDUSACTL_DATA_DIR") && k !== "CI" && k !== "CONTINUOUS_INTEGRATION" && k !== "NO_COLOR" && !k.startsWith("VITEST")) env[k] = v;
  }
  return {
    ...env,
    TERM: "xterm-256color",
    MEDUSA_URL: backend.url,
    MEDUSA_TOKEN: backend.adminToken,
    MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-e2e-")),
    ...extra,
  };
}

function start(args: string[], env: Record<string, string>, size = { columns: 100, rows: 30 }): TmuxSession {
  const s = new TmuxSession([process.execPath, BIN, "tui", ...args], { env, ...size });
  sessions.push(s);
  return s;
}

beforeAll(() => {
  if (!hasTmux()) throw new Error("tmux is not installed: `node scripts/test.mjs` installs it on CI (apt-get install -y tmux)");
});

describe("medusactl tui in tmux", () => {
  it("finds an order placed through the store, fulfils and ships it with keys", async () => {
    const { order, email } = await placeOrder({ lines: 1, quantity: 1 });
    const tracking = uniq("TRK").toUpperCase();
    const tui = start(["--refresh", "2"], tuiEnv());

    await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    tui.keys("/");
    tui.type(email);
    tui.keys("Enter");
    await tui.waitFor(`filter: ${email}`);
    let screen = await tui.waitFor("Orders  1–1 of 1");
    expect(screen).toMatch(new RegExp(`> #${order.display_id}\\s`));
    expect(screen).toMatch(/authorized\s+not_fulfilled/);

    tui.keys("Enter");
    screen = await tui.waitFor(`Order #${order.display_id}  pending · payment authorized · fulfilment not_fulfilled`);
    expect(screen).toContain(`<${email}>`);

    tui.keys("f");
    screen = await tui.waitFor(`Fulfil order #${order.display_id}?`);
    expect(screen).toContain(`http://127.0.0.1`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → fulfilled · payment authorized`));

    tui.keys("s");
    await tui.waitFor("Tracking number (enter for none)");
    tui.type(tracking);
    tui.keys("Enter");
    // As `orders ship`: a tracking URL and a label URL may follow the number; none here.
    await tui.waitFor("Tracking URL (enter for none)");
    tui.keys("Enter");
    await tui.waitFor("Label URL (enter for none)");
    tui.keys("Enter");
    screen = await tui.waitFor("Proceed? [y/N]");
    expect(screen).toContain(`Tracking number: ${tracking}`);
    tui.keys("y");
    await tui.waitFor(new RegExp(`✓ order #${order.display_id} → shipped`));
    await tui.waitFor(`Order #${order.display_id}  pending · payment authorized · fulfilment shipped`);

    tui.keys("q");
    expect(await tui.waitForExit()).toBe(0);

    const { order: after } = await adminSdk().admin.order.retrieve(order.id, { fields: "id,fulfillment_status,*fulfillments,*fulfillments.labels" });
    expect(after.fulfillment_status).toBe("shipped");
    expect(after.fulfillments).toHaveLength(1);
    expect(after.fulfillments![0]!.shipped_at).toBeTruthy();
    expect(after.fulfillments![0]!.labels!.map((l) => l.tracking_number)).toEqual([tracking]);
  });

  once("draws without colour under NO_COLOR, hides actions under --read-only, and Ctrl-C exits 0", async () => {
    const tui = start(["--read-only"], tuiEnv({ NO_COLOR: "1" }), { columns: 80, rows: 24 });
    const screen = await tui.waitFor(/Orders\s+1–\d+ of [\d,]+/);
    expect(screen.split("\n")[0]).toContain("[read-only]");
    expect(screen).not.toMatch(/f fulfil|s ship|c capture/);
    const raw = tui.screen(true);
    expect(raw).not.toMatch(/\u001b\[(?:[34][0-7]|9[0-7]|10[0-7]|38;|48;)[0-9;]*m/);
    // At 80x24 nothing is wider than the terminal or taller than it, less one line.
    const lines = screen.replace(/\n+$/, "").split("\n");
    expect(lines.length).toBeLessThanOrEqual(23);
    tui.keys("C-c");
    expect(await tui.waitForExit()).toBe(0);
  });

  once("refuses to start without a terminal and names the CLI command (exit 2)", async () => {
    const r = await runCli(["tui"], { env: { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("medusactl orders list --json");
    expect(r.stdout).toBe("");
  });
});
