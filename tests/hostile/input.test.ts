// Not a mirror: hostile input (stdin, paths, documents, amounts, shop text) against every command that takes it.
/**
 * Hostile input: secrets on stdin, raw paths, crafted documents, amounts and shop text. Each test
 * uses the attack itself and checks what reaches the terminal, the network and memory.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { orderView } from "../../src/cli/commands/orders/show.js";
import { sanitize } from "../../src/term/sanitize.js";
import { exactAmount } from "../../src/shared/format.js";
import { json, startServer } from "../helpers/http-server.js";
import { orderFixture } from "../helpers/medusa-stub/order-fixture.js";
import { testIO } from "../helpers/test-io.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  delete (Object.prototype as Record<string, unknown>).value;
});

async function run(argv: string[], opts: { tty?: boolean; env?: Record<string, string>; stdin?: string | Readable } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-input-"));
  const t = testIO({ tty: opts.tty, stdin: typeof opts.stdin === "string" ? opts.stdin : undefined, env: { MEDUSACTL_CONFIG_DIR: dir, MEDUSACTL_DATA_DIR: dir, NO_COLOR: "1", ...opts.env } });
  if (opts.stdin instanceof Readable) t.io.in = opts.stdin;
  const code = await main(argv, t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err(), dir };
}

async function backend(handler: Parameters<typeof startServer>[0] = (_q, res) => json(res, 200, {})) {
  const s = await startServer(handler);
  servers.push(s);
  return { s, env: { MEDUSA_URL: s.url, MEDUSA_API_KEY: "sk_test" } };
}

describe("5. secrets on stdin are bounded and never quoted", () => {
  for (const flag of ["--api-key-stdin", "--password-stdin"]) {
    it(`${flag}: an endless stdin stops at 64 KiB with exit 2, having read little more`, async () => {
      const { s } = await backend();
      let given = 0;
      const endless = new Readable({
        read() {
          given += 65536;
          this.push(Buffer.alloc(65536, "k"));
        },
      });
      const r = await run(["login", "--url", s.url, "--email", "a@b.c", flag], { stdin: endless });
      expect(r.code).toBe(2);
      expect(r.err).toBe(`Error: ${flag} is larger than 64 KiB; refusing to read it into memory\n`);
      expect(given).toBeLessThan(1024 * 1024);
      expect(s.seen).toHaveLength(0);
    });
  }
});

describe("6. the api command's path and raw output", () => {
  for (const [name, ctl] of [["tab", "\t"], ["CR", "\r"], ["LF", "\n"]] as const) {
    it(`a ${name} after the first slash is refused (exit 2) before any request, also with a POST body`, async () => {
      const evil = await backend();
      const { s, env } = await backend();
      const evilHost = new URL(evil.s.url).host;
      const r = await run(["api", "POST", `/${ctl}/${evilHost}/x`, "--data", '{"secret":"body"}'], { env });
      expect(r.code).toBe(2);
      expect(r.err).toContain(`cannot be sent: it holds the control character U+000${ctl === "\t" ? "9" : ctl === "\r" ? "D" : "A"} at position 2`);
      expect(evil.s.seen).toHaveLength(0);
      expect(s.seen).toHaveLength(0);
    });
  }

  it("spaces and non-ASCII are refused too; a plain path goes to the back-end", async () => {
    const { s, env } = await backend((_q, res) => json(res, 200, { ok: true }));
    expect((await run(["api", "GET", "/admin/products x"], { env })).code).toBe(2);
    expect((await run(["api", "GET", "/admin/próducts"], { env })).code).toBe(2);
    const ok = await run(["api", "GET", "/admin/products?limit=1"], { env });
    expect(ok.code).toBe(0);
    expect(s.seen.map((q) => q.url)).toEqual(["/admin/products?limit=1"]);
  });

  const hostile = 'Bad \x1b]52;c;ZXZpbA==\x07\x1b[2J\x1b]0;pwned\x07 gateway';
  it("on a terminal, an error body's OSC and CSI sequences are shown, not run", async () => {
    const { env } = await backend((_q, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(hostile);
    });
    const r = await run(["api", "GET", "/admin/x"], { env, tty: true });
    expect(r.code).toBe(1);
    expect(r.out).not.toContain("\x1b");
    expect(r.out).not.toContain("\x07");
    expect(r.out).toBe("Bad \\x1b]52;c;ZXZpbA==\\x07\\x1b[2J\\x1b]0;pwned\\x07 gateway\n");
  });

  it("piped, the same body stays byte-exact", async () => {
    const { env } = await backend((_q, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(hostile);
    });
    const r = await run(["api", "GET", "/admin/x"], { env, tty: false });
    expect(r.out).toBe(`${hostile}\n`);
  });
});

describe("7. parse failures are input errors", () => {
  it("--set __proto__.value=X is refused (exit 2) and Object.prototype stays clean", async () => {
    const { s, env } = await backend();
    for (const key of ["__proto__.value", "a.constructor.prototype.value", "prototype.value"]) {
      const r = await run(["api", "POST", "/admin/products", "--set", `${key}=X`], { env });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^Error: --set .*: the key "(__proto__|constructor|prototype)" is not allowed\n$/);
    }
    expect(({} as Record<string, unknown>).value).toBeUndefined();
    expect(s.seen).toHaveLength(0);
  });

  it("--data nested 100 000 deep is exit 2 naming the line, not a stack overflow", async () => {
    const { s, env } = await backend();
    const deep = `{\n${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`;
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-deep-"));
    await writeFile(path.join(dir, "deep.json"), deep.replace(/^\{\n/, '{"x":\n'));
    const r = await run(["api", "POST", "/admin/products", "--data", `@${path.join(dir, "deep.json")}`], { env });
    expect(r.code).toBe(2);
    expect(r.err).toBe(`Error: --data ${path.join(dir, "deep.json")}: nested deeper than 64 levels at line 2\n`);
    expect(r.err).not.toMatch(/stack|bug/);
    expect(s.seen).toHaveLength(0);
  });

  it("a JSON seed file with a duplicate key is refused naming the key and line; deep YAML names the place", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-seed-"));
    const dup = path.join(dir, "seed.json");
    await writeFile(dup, '{\n  "version": 1,\n  "regions": [],\n  "regions": [{"name": "EU"}]\n}\n');
    const r1 = await run(["apply", "-f", dup, "--dry-run"], { env: { MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_x" } });
    expect(r1.code).toBe(2);
    expect(r1.err).toContain(`${dup}: the key "regions" appears twice in one object (again at line 4)`);
    const deep = path.join(dir, "seed.yaml");
    await writeFile(deep, `version: 1\nregions: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`);
    const r2 = await run(["apply", "-f", deep, "--dry-run"], { env: { MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_x" } });
    expect(r2.code).toBe(2);
    expect(r2.err).toContain(`${deep}: nested deeper than 64 levels`);
    expect(r2.err).not.toMatch(/Maximum call stack|looks like a bug/);
  });

  it("a YAML seed's amounts are judged by the text they were written as: 1e20 and 19 significant digits are refused with the line", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-seed-"));
    const file = path.join(dir, "seed.yaml");
    await writeFile(file, "version: 1\nprice_lists:\n  - title: Big\n    prices:\n      - sku: A\n        currency_code: eur\n        amount: 12345678901234567.89\n      - sku: B\n        currency_code: eur\n        amount: 1e20\n      - sku: C\n        currency_code: eur\n        amount: 19.99\n");
    const r = await run(["apply", "-f", file, "--dry-run"], { env: { MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_x" } });
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:7: the number 12345678901234567.89 has 19 significant digits; at most 15 can be stored exactly`);
    expect(r.err).toContain(`${file}:10: the number 1e20 cannot be stored exactly`);
    expect(r.err).not.toContain(":13:");
  });

  it("a JSON answer of another shape is a clear error (exit 1), not 'looks like a bug'", async () => {
    const { env } = await backend((_q, res) => json(res, 200, { data: [{ id: 1 }] }));
    const list = await run(["products", "list", "--json"], { env });
    expect(list.code).toBe(1);
    expect(list.err).toContain(`the server's answer was not Medusa's: GET /admin/products should hold a list "products", got an object with "data"`);
    expect(list.err).not.toContain("looks like a bug");
    const get = await run(["products", "get", "prod_1", "--json"], { env });
    expect(get.code).toBe(1);
    // `get` looks the reference up through the list route first: the same clear error.
    expect(get.err).toContain(`the server's answer was not Medusa's: GET /admin/products should hold a list "products", got an object with "data"`);
    expect(get.err).not.toContain("looks like a bug");
  });
});

describe("8. amounts are exact or refused", () => {
  it("exactAmount: 15 significant digits, the currency's decimals (3 when unknown)", () => {
    expect(exactAmount("19.99", "usd")).toEqual({ value: 19.99 });
    expect(exactAmount("19.990", "usd")).toEqual({ value: 19.99 });
    expect(exactAmount("100", "jpy")).toEqual({ value: 100 });
    expect(exactAmount("99999999999999999999", "usd")).toEqual({ error: '"99999999999999999999" has 20 significant digits; at most 15 can be stored exactly' });
    expect(exactAmount("12345678901234567.89", "usd")).toEqual({ error: '"12345678901234567.89" has 19 significant digits; at most 15 can be stored exactly' });
    expect(exactAmount("0.000000001", "usd")).toEqual({ error: '"0.000000001" has 9 decimals; USD has 2' });
    expect(exactAmount("1.5", "jpy")).toEqual({ error: '"1.5" has 1 decimals; JPY has 0' });
    expect(exactAmount("1.234", "kwd")).toEqual({ value: 1.234 });
    expect(exactAmount("1.2345")).toEqual({ error: '"1.2345" has 4 decimals; an amount has at most 3' });
  });

  it("orders refund --amount refuses each of the three (exit 2) before any request", async () => {
    const { s, env } = await backend();
    for (const a of ["99999999999999999999", "12345678901234567.89", "0.000000001"]) {
      const r = await run(["orders", "refund", "order_1", "--amount", a, "--yes"], { env });
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`"${a}" has`);
    }
    expect(s.seen).toHaveLength(0);
  });

  it("--set amount=99999999999999999999 is exit 2 (it would be sent as 1e20)", async () => {
    const { s, env } = await backend();
    const r = await run(["api", "POST", "/admin/x", "--set", "amount=99999999999999999999"], { env });
    expect(r.code).toBe(2);
    expect(r.err).toContain("has 20 significant digits; at most 15 can be stored exactly (quote it to send a string)");
    expect(s.seen).toHaveLength(0);
  });

  it("prices apply: each bad amount is a problem naming file, row and column", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-prices-"));
    const file = path.join(dir, "prices.csv");
    await writeFile(file, "sku,currency_code,amount\nA,usd,99999999999999999999\nB,usd,12345678901234567.89\nC,usd,0.000000001\nD,jpy,10.5\n");
    const { s, env } = await backend();
    const r = await run(["prices", "apply", file, "--dry-run"], { env });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      [
        "Error: 4 problems found, nothing was written:",
        `  ${file}, row 2, column "amount": "99999999999999999999" has 20 significant digits; at most 15 can be stored exactly`,
        `  ${file}, row 3, column "amount": "12345678901234567.89" has 19 significant digits; at most 15 can be stored exactly`,
        `  ${file}, row 4, column "amount": "0.000000001" has 9 decimals; USD has 2`,
        `  ${file}, row 5, column "amount": "10.5" has 1 decimals; JPY has 0`,
        "",
      ].join("\n"),
    );
    expect(s.seen.filter((q) => q.method !== "GET")).toHaveLength(0);
  });
});

describe("9. terminal text", () => {
  it("orders show: an address holding \\r\\n cannot forge a line", async () => {
    const o = orderFixture({
      shipping_address: { first_name: "Jane", last_name: "Doe", address_1: "1 Main St\r\nStatus    refunded in full", city: "Berlin", country_code: "de" },
    });
    const text = await orderView({ order: o, claims: [], exchanges: [], changes: [] });
    expect(text).not.toMatch(/\r/);
    expect(text).not.toMatch(/^Status {4}refunded/m);
    expect(text).toContain("Ship to   Jane Doe, 1 Main St\\r\\nStatus    refunded in full, Berlin, DE\n");
  });

  it("Unicode tag characters and other invisibles are shown; a flag's tag sequence and emoji joins are kept", () => {
    const hidden = "Tee\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}";
    expect(sanitize(hidden)).toBe("Tee\\u{e0049}\\u{e0067}\\u{e006e}\\u{e006f}\\u{e0072}\\u{e0065}");
    expect(sanitize("a\u00adb\u034fc\u2064d\u3164e\u{1d173}f")).toBe("a\\xadb\\u034fc\\u2064d\\u3164e\\u{1d173}f");
    const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    expect(sanitize(england)).toBe(england);
    expect(sanitize("👩‍💻")).toBe("👩‍💻");
  });
});
