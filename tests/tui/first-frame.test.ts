import { describe, expect, it, onTestFinished } from "vitest";
import { firstFrame, type FirstFrameInput } from "../../src/tui/first-frame.js";
import { START_VIEW } from "../../src/tui/views.js";

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `order_${n}`,
  display_id: n,
  created_at: "2026-11-25T09:00:00.000Z",
  email: `c${n}@example.com`,
  customer: { first_name: "Ada", last_name: "Lovelace" },
  total: 1049.5,
  currency_code: "eur",
  status: "pending",
  payment_status: "captured",
  fulfillment_status: "not_fulfilled",
  ...extra,
});

function input(over: Partial<FirstFrameInput> = {}): FirstFrameInput {
  return {
    view: START_VIEW,
    page: { orders: Array.from({ length: 25 }, (_, i) => order(1008 - i)), count: 1008, limit: 25, offset: 0 },
    size: { columns: 80, rows: 24 },
    url: "http://127.0.0.1:9100",
    production: false,
    identity: "secret API key sk_…5678",
    readOnly: false,
    color: false,
    now: Date.parse("2026-11-25T10:00:00Z"),
    ...over,
  };
}

describe("the first frame painted before Ink loads", () => {
  it("fills the terminal less one line, as Ink's frame does, with the newest order selected", () => {
    const lines = firstFrame(input())!;
    expect(lines).toHaveLength(23);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines[0]).toContain("http://127.0.0.1:9100");
    expect(lines[2]).toMatch(/^Orders {2}1–13 of 1,008 {2}sort: date ↓/);
    expect(lines[3]).toMatch(/^ {2}# +Date +Customer +Total Status +Payment +Fulfilment/);
    expect(lines[4]).toMatch(/^> #1008 +11-25 \d\d:\d\d Ada Lovelace +€1,049\.50 pending +captured +not_fulfilled/);
    expect(lines[5]).toMatch(/^ {2}#1007 /);
    expect(lines.filter((l) => /#\d+/.test(l))).toHaveLength(13);
    expect(lines[22]).toMatch(/^\? help {2}: views .*f fulfil/);
  });

  it("shows a shop's control characters as visible escapes, never as terminal commands", () => {
    const page = { orders: [order(7, { customer: { first_name: "Eve\u001b]52;c;cGF3bmVk\u0007", last_name: "\u202eX" } })], count: 1 };
    const text = firstFrame(input({ page }))!.join("\n");
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(text).toContain("Eve\\x1b]52");
  });

  it("keeps the badges and drops the mutating key hints in read-only mode on a production profile", () => {
    const lines = firstFrame(input({ production: true, readOnly: true, profile: "prod" }))!;
    expect(lines[0]).toMatch(/^ \[PRODUCTION\] │ \[read-only\] │ prod │ /);
    expect(lines[22]).not.toContain("fulfil");
    expect(lines[22]).toContain("q quit");
  });

  it("uses colour only when asked: inverse video marks the selected row", () => {
    const plain = firstFrame(input())!;
    const coloured = firstFrame(input({ color: true }))!;
    expect(plain.join("")).not.toContain("\u001b[");
    expect(coloured[4]).toMatch(/^\u001b\[7m> #1008/);
  });

  it("paints nothing for a terminal too small, an empty queue or an unexpected answer", () => {
    expect(firstFrame(input({ size: { columns: 30, rows: 24 } }))).toBeUndefined();
    expect(firstFrame(input({ page: { orders: [], count: 0 } }))).toBeUndefined();
    expect(firstFrame(input({ page: { message: "nope" } }))).toBeUndefined();
  });
});

describe("runTui with a first page that arrives before Ink has loaded", () => {
  it("paints the queue, moves back over it and lets Ink draw the same place", async () => {
    // Under CI=true Ink draws only the last frame, on exit (is-in-ci, read when Ink loads): the app
    // may not have shown the page by then on a busy machine. Ink draws live here, and the test
    // waits for that frame, so what is checked does not depend on how fast the machine is.
    const ci = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
    process.env.CI = "0";
    process.env.CONTINUOUS_INTEGRATION = "0";
    onTestFinished(() => {
      for (const [k, v] of Object.entries(ci)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    });
    const { PassThrough, Writable } = await import("node:stream");
    const { runTui, createCommandLog } = await import("../../src/tui/index.js");
    let out = "";
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin, ref: () => stdin, unref: () => stdin });
    const stdout = Object.assign(new Writable({ write: (c, _e, cb) => ((out += c.toString()), cb()) }), { isTTY: true, columns: 80, rows: 24 });
    const page = { orders: [order(41), order(40)], count: 2, limit: 25, offset: 0 };
    // Answers at once: the page is there before the dynamic imports of Ink and React resolve.
    const list = () => Promise.resolve(page);
    const sdk = { admin: { order: { list, retrieve: () => Promise.resolve({ order: order(41) }) } } } as never;
    const io = { out: stdout, err: new Writable({ write: (_c, _e, cb) => cb() }), in: stdin, isStdoutTTY: true, isStderrTTY: true, isStdinTTY: true, env: { NO_COLOR: "1" }, columns: 80 };
    const done = runTui({ io: io as never, sdk, log: createCommandLog(), profile: { url: "http://shop.test", production: false }, identity: "secret API key sk_…abcd", refreshSeconds: 3600 });
    const erase = "\u001b[23A\r\u001b[0J";
    await expect.poll(() => out.includes(erase), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => out.split(erase)[1] ?? "", { timeout: 15_000 }).toContain("#41");
    stdin.write("q");
    await done;
    const [painted, ink] = out.split(erase);
    expect(ink).toContain("> #41");
    expect(painted).toMatch(/^ \(environment\) │ http:\/\/shop\.test │ secret API key sk_…abcd/);
    expect(painted).toContain("> #41");
    expect(painted!.split("\n")).toHaveLength(24); // 23 lines and the newline after the last
  });
});
