/**
 * Text typed by strangers, against the real back-end: a product title and a shopper's name that
 * carry terminal control sequences, bidi overrides and spreadsheet formulas. What reaches the
 * terminal (CLI and TUI in tmux) and the CSV file is asserted byte for byte; machine formats
 * stay exact.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { placeOrder } from "./helpers/orders.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { TmuxSession } from "./helpers/tmux.js";

const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202e]/;
const env = () => ({ MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-hostile-")) });

const sdk = adminSdk();
const mark = uniq("hostile");
const TITLE = `Mug ${mark}\u001b]2;pwned\u0007\u001b[2J\u202eevil`;
const SHOWN_TITLE = `Mug ${mark}\\x1b]2;pwned\\x07\\x1b[2J\\u202eevil`;
const FORMULA = `=HYPERLINK("http://evil.example","${mark}")`;
let productId: string;
let customerId: string;

beforeAll(async () => {
  ({ product: { id: productId } } = await sdk.admin.product.create({ title: TITLE, handle: mark, status: "draft", options: [{ title: "Size", values: ["One"] }], variants: [{ title: "One", options: { Size: "One" }, prices: [] }] } as never));
  ({ customer: { id: customerId } } = await sdk.admin.customer.create({ email: `${mark}@example.com`, first_name: FORMULA, last_name: "\u001b[31mRed\u001b[0m" }));
});
afterAll(async () => {
  await sdk.admin.product.delete(productId).catch(() => {});
  await sdk.admin.customer.delete(customerId).catch(() => {});
});

describe("shop text on an operator's terminal", () => {
  it("products list shows escapes as visible text; --json keeps the title exact", async () => {
    const e = env();
    const table = await runCli(["products", "list", "--query", `handle=${mark}`, "--fields", "id,title"], { env: e });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(SHOWN_TITLE);
    expect(table.stdout).not.toMatch(RAW_CONTROL);
    const json = await runCli(["products", "list", "--query", `handle=${mark}`, "--fields", "id,title", "--json"], { env: e });
    expect(JSON.parse(json.stdout)[0].title).toBe(TITLE);
  });

  it("a server error that echoes hostile input is printed harmlessly", async () => {
    const r = await runCli(["products", "get", "prod_\u001b]2;pwned\u0007"], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  it("customers list as CSV neutralises a formula name for spreadsheets", async () => {
    const r = await runCli(["customers", "list", "--query", `email=${mark}@example.com`, "--fields", "id,first_name,last_name", "-o", "csv"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`id,first_name,last_name\r\n${customerId},"'=HYPERLINK(""http://evil.example"",""${mark}"")",\u001b[31mRed\u001b[0m\r\n`);
  });

  it("the raw api command refuses a path naming another host (exit 2, nothing sent)", async () => {
    for (const p of ["//evil.example/admin/products", "/\\evil.example/admin/products"]) {
      const r = await runCli(["api", "GET", p], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("not another host");
    }
  });
});

describe("files from anywhere, files we write", () => {
  it("export guards a formula title for spreadsheets, and import reads it back byte for byte", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-formula-"));
    const e = { ...env(), MEDUSACTL_CONFIG_DIR: dir };
    const handle = uniq("formula");
    const title = `=HYPERLINK("http://evil.example","${handle}")`;
    const { product } = await sdk.admin.product.create({ title, handle, status: "draft", options: [{ title: "Size", values: ["One"] }], variants: [{ title: "One", sku: `${handle}-1`, options: { Size: "One" }, prices: [{ currency_code: "eur", amount: 5 }] }] } as never);
    try {
      const out = path.join(dir, "export.csv");
      const exp = await runCli(["products", "export", "--query", `handle=${handle}`, "--out", out], { env: e });
      expect(exp.code, exp.stderr).toBe(0);
      const text = readFileSync(out, "utf8");
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""${handle}"")"`);
      const raw = await runCli(["products", "export", "--query", `handle=${handle}`, "--csv-raw"], { env: e });
      expect(raw.stdout).toContain(`"=HYPERLINK(""http://evil.example"",""${handle}"")"`);
      await sdk.admin.product.update(product.id, { title: "changed" } as never);
      const imp = await runCli(["products", "import", out], { env: e });
      expect(imp.code, imp.stderr).toBe(0);
      expect((await sdk.admin.product.retrieve(product.id, { fields: "title" })).product.title).toBe(title);
    } finally {
      await sdk.admin.product.delete(product.id).catch(() => {});
    }
  });

  it("an export that fails leaves the previous file whole; a folder or missing parent is one line, exit 2", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-out-"));
    const out = path.join(dir, "catalogue.csv");
    writeFileSync(out, "the previous export\n");
    const failed = await runCli(["products", "export", "--out", out], { env: { ...env(), MEDUSA_URL: "http://127.0.0.1:9" } });
    expect(failed.code).toBe(1);
    expect(readFileSync(out, "utf8")).toBe("the previous export\n");
    expect(readdirSync(dir)).toEqual(["catalogue.csv"]);
    for (const [target, why] of [
      [dir, "is a folder"],
      [path.join(dir, "missing", "x.csv"), "does not exist"],
    ] as const) {
      const r = await runCli(["products", "export", "--out", target], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--out ${target}: `);
      expect(r.stderr).toContain(why);
      expect(r.stderr).not.toContain("    at ");
    }
  });

  it.each([["prices", "apply"], ["inventory", "apply"], ["products", "import"]])("%s %s refuses /dev/zero at once (exit 2)", async (noun, verb) => {
    const r = await runCli([noun, verb, "/dev/zero"], { env: env(), timeoutMs: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("/dev/zero");
    expect(r.stderr).toContain("not a regular file");
  });
});

describe("shop text in the TUI (tmux)", () => {
  const sessions: TmuxSession[] = [];
  afterEach(() => sessions.splice(0).forEach((s) => s.kill()));

  it("an order whose shipping name retitles the terminal shows the escapes, and the pane keeps its title", async () => {
    const { order, email } = await placeOrder({ lines: 1, quantity: 1 });
    await sdk.admin.order.update(order.id, { shipping_address: { first_name: `Eve\u001b]2;pwned\u0007`, last_name: "\u202eKcab" } } as never);
    const e: Record<string, string> = {};
    // The worker's data folder stays: the TUI keeps its index of order states there, not in the default one.
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && (!k.startsWith("MEDUSA") || k === "MEDUSACTL_DATA_DIR") && k !== "CI" && !k.startsWith("VITEST")) e[k] = v;
    const tui = new TmuxSession([process.execPath, BIN, "tui"], { env: { ...e, ...env(), TERM: "xterm-256color" }, columns: 120, rows: 30 });
    sessions.push(tui);
    const before = tui.paneTitle();
    await tui.waitFor(/Orders\s+1–\d+ of/);
    tui.keys("/");
    tui.type(email);
    tui.keys("Enter");
    await tui.waitFor("Orders  1–1 of 1");
    tui.keys("Enter");
    const screen = await tui.waitFor(`Order #${order.display_id}`);
    expect(screen).toContain("Eve\\x1b]2;pwned\\x07");
    expect(screen).toContain("\\u202eKcab");
    expect(tui.paneTitle()).toBe(before);
    expect(tui.paneTitle()).not.toContain("pwned");
  });
});
