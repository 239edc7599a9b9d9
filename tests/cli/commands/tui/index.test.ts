import { PassThrough, Writable } from "node:stream";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../../src/cli/main.js";
import type { IOStreams } from "../../../../src/term/io.js";
import { OrdersState, registerOrders } from "../../../helpers/medusa-stub/orders.js";
import { reply, stubRegistry } from "../../../helpers/medusa-stub/registry.js";
import { listen } from "../../../helpers/medusa-stub/server.js";
import { testIO } from "../../../helpers/test-io.js";

/** Streams that say they are a terminal, as Ink needs them (raw mode, size), recording the output. */
function ttyIO(env: Record<string, string>, columns = 80) {
  let out = "";
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin, ref: () => stdin, unref: () => stdin });
  const stdout = Object.assign(
    new Writable({
      write(chunk, _e, cb) {
        out += chunk.toString();
        cb();
      },
    }),
    { isTTY: true, columns, rows: 24 },
  );
  const io: IOStreams = {
    out: stdout,
    err: new Writable({ write: (c, _e, cb) => (err.push(c.toString()), cb()) }),
    in: stdin,
    isStdoutTTY: true,
    isStderrTTY: true,
    isStdinTTY: true,
    env: { MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-tui-")), ...env },
    columns,
  };
  const err: string[] = [];
  return { io, stdin, out: () => out, err: () => err.join("") };
}

const IN_CI = ["CI", "CONTINUOUS_INTEGRATION"].some((k) => k in process.env && process.env[k] !== "0" && process.env[k] !== "false");

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** The order routes behind a real loopback server, so `medusactl tui` runs its whole path. */
async function serve(shop: OrdersState) {
  const registry = stubRegistry();
  registerOrders(registry, shop);
  const server = await listen(registry);
  servers.push(server);
  return { ...server, registry };
}

describe("medusactl tui", () => {
  it("refuses without a terminal and names the CLI command to use (exit 2)", async () => {
    const t = testIO({ tty: false, env: { MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_x" } });
    const code = await main(["tui"], t.io, new AbortController().signal);
    expect(code).toBe(2);
    expect(t.err()).toContain("medusactl tui needs an interactive terminal");
    expect(t.err()).toContain("medusactl orders list --json");
    expect(t.out()).toBe("");
  });

  it.each([["q"], ["\u0003"]])("exits 0 on %j after showing the queue", async (key) => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 41 });
    const server = await serve(backend);
    // Wide enough for the whole header: at 80 columns the identity is what gets cut first (by design),
    // and how much of it fits depends on the random port and the "updated …" age.
    const t = ttyIO({ MEDUSA_URL: server.url, MEDUSA_API_KEY: "sk_test_abcd" }, 100);
    const done = main(["tui", "--refresh", "60"], t.io, new AbortController().signal);
    await vi.waitFor(() => expect(server.registry.calls("GET", /^\/admin\/orders$/).length).toBeGreaterThan(0), { timeout: 10_000 });
    // Under CI=true Ink draws only the last frame, on exit (is-in-ci); elsewhere we see it live.
    // Under CI no frame is visible until exit: give the first page time to render, also on a loaded machine.
    if (IN_CI) await new Promise((r) => setTimeout(r, 2000));
    else await vi.waitFor(() => expect(t.out()).toContain("#41"), { timeout: 10_000 });
    t.stdin.write(key);
    expect(await done).toBe(0);
    expect(t.out()).toContain("#41");
    // The key goes as HTTP Basic, never into the screen or the log pane.
    expect(server.registry.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from("sk_test_abcd:").toString("base64")}`);
    expect(t.out()).not.toContain("sk_test_abcd");
    expect(t.out()).toContain("secret API key sk_…abcd");
  });

  it("is read-only for a profile marked --read-only, and says so in the header", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 43 });
    const server = await serve(backend);
    const t = ttyIO({});
    const dir = t.io.env.MEDUSACTL_CONFIG_DIR!;
    writeFileSync(path.join(dir, "profiles.json"), JSON.stringify({ default: "shop", profiles: { shop: { url: server.url, auth: "api-key", readOnly: true } } }), { mode: 0o600 });
    writeFileSync(path.join(dir, "tokens.json"), JSON.stringify({ "profile:shop": "sk_test_abcd" }), { mode: 0o600 });
    const done = main(["tui", "--refresh", "60"], t.io, new AbortController().signal);
    await vi.waitFor(() => expect(server.registry.calls("GET", /^\/admin\/orders$/).length).toBeGreaterThan(0), { timeout: 10_000 });
    // Under CI no frame is visible until exit: give the first page time to render, also on a loaded machine.
    if (IN_CI) await new Promise((r) => setTimeout(r, 2000));
    else await vi.waitFor(() => expect(t.out()).toContain("#43"), { timeout: 10_000 });
    // "f" (fulfil) is a write: in read-only mode it does nothing, so no confirmation appears.
    t.stdin.write("f");
    await new Promise((r) => setTimeout(r, 200));
    t.stdin.write("q");
    expect(await done).toBe(0);
    expect(t.out()).toContain("[read-only]");
    expect(t.out()).not.toContain("Fulfil order #43?");
  });

  it("ends with exit 4 and a login hint when Medusa answers 401", async () => {
    const registry = stubRegistry();
    registry.stub("* **", reply(401, { message: "Unauthorized" })).persist();
    const server = await listen(registry);
    servers.push(server);
    const t = ttyIO({ MEDUSA_URL: server.url, MEDUSA_API_KEY: "sk_revoked" });
    const code = await main(["tui"], t.io, new AbortController().signal);
    expect(code).toBe(4);
    expect(t.err()).toContain("Unauthorized");
    expect(t.err()).toContain("medusactl login");
  });

  it("stops on SIGTERM (the signal main() receives) with exit 130", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 42 });
    const server = await serve(backend);
    const t = ttyIO({ MEDUSA_URL: server.url, MEDUSA_API_KEY: "sk_test_abcd" });
    const controller = new AbortController();
    const done = main(["tui"], t.io, controller.signal);
    await vi.waitFor(() => expect(server.registry.requests.length).toBeGreaterThan(0), { timeout: 10_000 });
    controller.abort(new Error("received SIGTERM"));
    expect(await done).toBe(130);
  });

  it.each([["--refresh", "0"], ["--refresh", "soon"]])("rejects %s %s as a usage error", async (...args) => {
    const t = testIO({ tty: true });
    expect(await main(["tui", ...args], t.io, new AbortController().signal)).toBe(2);
    expect(t.err()).toContain("expected a number of seconds greater than 0");
  });
});
