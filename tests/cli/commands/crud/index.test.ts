import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../../../src/cli/main.js";
import { ProfileStore, secretKey } from "../../../../src/cli/config/profiles.js";
import { FileTokenStore } from "../../../../src/sdk/token-store-file.js";
import { json, startServer } from "../../../helpers/http-server.js";
import { testIO } from "../../../helpers/test-io.js";

const KEY = "sk_unit_crud_0123456789";
const basic = `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`;

const ORDERS = [
  { id: "order_1", display_id: 7, status: "pending", payment_status: "captured", fulfillment_status: "shipped", email: "ann@example.com", total: 47.5762, currency_code: "eur", created_at: "2026-03-01T10:20:30.000Z", version: 2 },
  { id: "order_2", display_id: 8, status: "completed", payment_status: "authorized", fulfillment_status: "not_fulfilled", email: "bob@example.com", total: 5, currency_code: "usd", created_at: "2026-03-02T08:00:00.000Z", version: 1 },
];
const TAGS = [
  { id: "ptag_1", value: "plain", created_at: "2026-01-01T00:00:00.000Z" },
  { id: "ptag_2", value: 'say "hi", then\nleave', created_at: "2026-01-02T00:00:00.000Z" },
];

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.headers.authorization !== basic) return json(res, 401, { message: "Unauthorized" });
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /admin/draft-orders") return json(res, 200, { draft_orders: ORDERS, count: 31, limit: 50, offset: 0 });
    if (route === "GET /admin/product-tags") return json(res, 200, { product_tags: TAGS, count: 2, limit: 50, offset: 0 });
    if (route === "POST /admin/product-tags") return json(res, 200, { product_tag: { id: "ptag_new", ...JSON.parse(body) } });
    if (route === "POST /admin/promotions") return json(res, 200, { promotion: { id: "promo_1", ...JSON.parse(body) } });
    if (route === "DELETE /admin/product-tags/ptag_1") return json(res, 200, { id: "ptag_1", object: "product_tag", deleted: true });
    if (route === "GET /admin/product-tags/ptag_1") return json(res, 200, { product_tag: TAGS[0] });
    // What Medusa 2.21 answers for a product tag that does not exist.
    if (route === "GET /admin/product-tags/ptag_gone") return json(res, 200, {});
    return json(res, 404, { type: "not_found", message: `Product tag with id: ${url.pathname.split("/").pop()} was not found` });
  });
});
afterAll(async () => server.close());

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-crud-"));
  server.seen.length = 0;
  // A saved profile, as `medusactl login --api-key-stdin --profile shop` leaves it.
  await new ProfileStore(dir).write({ default: "shop", profiles: { shop: { url: server.url, auth: "api-key" } } });
  await new FileTokenStore(path.join(dir, "tokens.json")).setItem(secretKey("shop"), KEY);
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function run(argv: string[], opts: { tty?: boolean; env?: Record<string, string>; stdin?: string; columns?: number } = {}) {
  const t = testIO({ tty: opts.tty, stdin: opts.stdin, columns: opts.columns ?? 120, env: { MEDUSACTL_CONFIG_DIR: dir, NO_COLOR: "1", ...opts.env } });
  const code = await main(argv, t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err() };
}

const queryOf = (i = 0) => Object.fromEntries(new URL(server.seen[i]!.url, "http://x").searchParams);

describe("list output", () => {
  it("prints an aligned table on a TTY: header, money and dates formatted, ids whole, a count on stderr", async () => {
    const r = await run(["draft-orders", "list"], { tty: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        "DISPLAY_ID  STATUS     EMAIL            TOTAL   CURRENCY_CODE  CREATED_AT",
        "#7          pending    ann@example.com  €47.58  eur            2026-03-01 10:20",
        "#8          completed  bob@example.com  $5.00   usd            2026-03-02 08:00",
        "",
      ].join("\n"),
    );
    expect(r.err).toBe("Showing 2 of 31 draft-orders\n");
  });

  it("prints the same columns as tab-separated lines off a TTY: no header, no count, nothing cut", async () => {
    const r = await run(["draft-orders", "list"], { columns: 20 });
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "#7\tpending\tann@example.com\t€47.58\teur\t2026-03-01 10:20\n#8\tcompleted\tbob@example.com\t$5.00\tusd\t2026-03-02 08:00\n",
    );
    expect(r.err).toBe("");
  });

  it("asks Medusa for the table's columns on top of its defaults, and always sends a limit", async () => {
    await run(["draft-orders", "list"]);
    expect(queryOf()).toEqual({ limit: "50", fields: "+display_id,+status,+email,+total,+currency_code,+created_at" });
  });

  it("lets --limit win over --query limit=, and --query limit= over the default", async () => {
    await run(["product-tags", "list", "--json", "--query", "limit=3"]);
    await run(["product-tags", "list", "--json", "--query", "limit=3", "--limit", "4"]);
    expect([queryOf(0).limit, queryOf(1).limit]).toEqual(["3", "4"]);
  });

  it("--json prints one array of Medusa's default fields and asks for no field selection", async () => {
    const r = await run(["draft-orders", "list", "--json", "--limit", "2"], { tty: true });
    expect(JSON.parse(r.out)).toEqual(ORDERS);
    expect(queryOf()).toEqual({ limit: "2" });
    expect(r.err).toBe("");
  });

  it("--output ndjson prints one record per line", async () => {
    const r = await run(["product-tags", "list", "-o", "ndjson"]);
    expect(r.out.trimEnd().split("\n").map((l) => JSON.parse(l))).toEqual(TAGS);
  });

  it("--output csv quotes commas, quotes and newlines (RFC 4180)", async () => {
    const r = await run(["product-tags", "list", "--output", "csv"]);
    expect(r.out).toBe('id,value,created_at\r\nptag_1,plain,2026-01-01T00:00:00.000Z\r\nptag_2,"say ""hi"", then\nleave",2026-01-02T00:00:00.000Z\r\n');
  });

  it("--fields picks the columns and is sent as is", async () => {
    const r = await run(["draft-orders", "list", "--fields", "id,email"]);
    expect(queryOf().fields).toBe("id,email");
    expect(r.out).toBe("order_1\tann@example.com\norder_2\tbob@example.com\n");
  });

  it("--wide adds the records' other plain fields", async () => {
    const r = await run(["draft-orders", "list", "--wide"]);
    expect(r.out.split("\n")[0]!.split("\t")).toEqual(["#7", "pending", "ann@example.com", "€47.58", "eur", "2026-03-01 10:20", "order_1", "captured", "shipped", "2"]);
  });

  it("bolds the header only when colour is allowed", async () => {
    const coloured = await run(["product-tags", "list"], { tty: true, env: { NO_COLOR: "" } });
    expect(coloured.out.startsWith("\x1b[1mID")).toBe(true);
    const plain = await run(["product-tags", "list", "--no-color"], { tty: true, env: { NO_COLOR: "" } });
    expect(plain.out.startsWith("ID")).toBe(true);
    const dumb = await run(["product-tags", "list"], { tty: true, env: { NO_COLOR: "", TERM: "dumb" } });
    expect(dumb.out).not.toContain("\x1b[");
  });

  it("shrinks wide columns to the terminal on a TTY but never cuts an id", async () => {
    const r = await run(["product-tags", "list"], { tty: true, columns: 30 });
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+VALUE/);
    expect(lines[2]!.startsWith("ptag_2")).toBe(true);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(r.out).toContain("…");
  });

  it("prints a record as field/value lines on a TTY and tab-separated off it", async () => {
    expect((await run(["product-tags", "get", "ptag_1"], { tty: true })).out).toBe("id          ptag_1\nvalue       plain\ncreated_at  2026-01-01 00:00\n");
    expect((await run(["product-tags", "get", "ptag_1"])).out).toBe("id\tptag_1\nvalue\tplain\ncreated_at\t2026-01-01 00:00\n");
  });
});

describe("argument parsing", () => {
  const body = () => JSON.parse(server.seen[0]!.body);

  it("types --set values like JSON, nests dotted keys, and applies them over --data", async () => {
    const r = await run(["product-tags", "create", "--data", '{"value":"a","metadata":{"keep":1}}', "--set", "value=b", "--set", "metadata.n=250", "--set", "metadata.flag=true", "--set", 'metadata.sku="250"', "--json"]);
    expect(r.code).toBe(0);
    expect(body()).toEqual({ value: "b", metadata: { keep: 1, n: 250, flag: true, sku: "250" } });
  });

  it("reads --data from a file and from stdin", async () => {
    const file = path.join(dir, "body.json");
    await writeFile(file, '{"value":"from-file"}');
    await run(["product-tags", "create", "--data", `@${file}`]);
    await run(["product-tags", "create", "--data", "-"], { stdin: '{"value":"from-stdin"}' });
    expect(server.seen.map((s) => JSON.parse(s.body).value)).toEqual(["from-file", "from-stdin"]);
  });

  it("sends each value in its declared place for irregular signatures (promotion.create has no query)", async () => {
    const r = await run(["promotions", "create", "--set", "code=X", "--json"]);
    expect(r.code).toBe(0);
    expect(server.seen[0]).toMatchObject({ method: "POST", url: "/admin/promotions" });
  });

  it.each([
    [["product-tags", "create"], "create needs a body"],
    [["product-tags", "create", "--data", "{nope"], "--data is not valid JSON"],
    [["product-tags", "create", "--data", "[1]"], "--data must be a JSON object"],
    [["product-tags", "create", "--data", "@/nonexistent/body.json"], "cannot read /nonexistent/body.json"],
    [["product-tags", "create", "--data", "@/dev/zero"], "--data: cannot read /dev/zero: it is a character device, not a regular file"],
    [["product-tags", "create", "--data", "@/tmp"], "--data: cannot read /tmp: it is a folder, not a regular file"],
    [["product-tags", "create", "--set", "novalue"], 'expected key=value'],
    [["product-tags", "list", "--limit", "-3"], "expected a whole number"],
    [["product-tags", "list", "--output", "yaml"], "Allowed choices are table, json, ndjson, csv"],
    [["product-tags", "list", "--query", Array.from({ length: 21 }, (_, i) => `id[]=${i}`).join("&")], "lists more than 20 items"],
    [["product-tags", "get"], "missing required argument 'id'"],
    [["product-tags", "frobnicate"], "unknown command 'frobnicate'"],
    [["product-tags", "list", "--bogus"], "unknown option '--bogus'"],
    [["promotions", "create", "--set", "code=X", "--fields", "id"], "unknown option '--fields'"],
  ])("rejects %j with exit 2 and sends nothing", async (argv, message) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(server.seen).toHaveLength(0);
  });
});

describe("confirmation and write notices", () => {
  it("needs --yes to delete off a TTY (exit 2), naming the action, and deletes nothing", async () => {
    const r = await run(["product-tags", "delete", "ptag_1"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`Error: --yes required when not running interactively\nHint: the action: Delete product-tags ptag_1 on profile "shop" (${server.url})?\n`);
    expect(server.seen).toHaveLength(0);
  });

  it("deletes after a y on a TTY; the prompt and the notice name the profile and URL", async () => {
    const r = await run(["product-tags", "delete", "ptag_1"], { tty: true, stdin: "y\n" });
    expect(r.code).toBe(0);
    expect(r.out).toBe("deleted ptag_1\n");
    expect(r.err).toContain(`Delete product-tags ptag_1 on profile "shop" (${server.url})? [y/N]`);
    expect(r.err).toContain(`Deleted product-tag ptag_1 — profile "shop" (${server.url})\n`);
    expect(server.seen.map((s) => s.method)).toEqual(["GET", "DELETE"]);
  });

  it("cancels on anything but yes (exit 130) and deletes nothing", async () => {
    const r = await run(["product-tags", "delete", "ptag_1"], { tty: true, stdin: "n\n" });
    expect(r.code).toBe(130);
    expect(server.seen.map((x) => x.method)).toEqual(["GET"]);
  });

  it("asks a production profile to type its name", async () => {
    await new ProfileStore(dir).write({ default: "shop", profiles: { shop: { url: server.url, auth: "api-key", production: true } } });
    const wrong = await run(["product-tags", "delete", "ptag_1"], { tty: true, stdin: "y\n" });
    expect(wrong.code).toBe(130);
    expect(wrong.err).toContain("[PRODUCTION]");
    expect(wrong.err).toContain("Type shop to confirm");
    const right = await run(["product-tags", "delete", "ptag_1"], { tty: true, stdin: "shop\n" });
    expect(right.code).toBe(0);
  });

  it("--yes deletes without asking and prints the server's answer under --json", async () => {
    const r = await run(["product-tags", "delete", "ptag_1", "--yes", "--json"]);
    expect(JSON.parse(r.out)).toEqual({ id: "ptag_1", object: "product_tag", deleted: true });
    expect(r.err).toBe("");
  });

  it("names the profile and URL after a write on a TTY only", async () => {
    const tty = await run(["product-tags", "create", "--set", "value=x"], { tty: true });
    expect(tty.err).toBe(`Created product-tag ptag_new — profile "shop" (${server.url})\n`);
    const piped = await run(["product-tags", "create", "--set", "value=x"]);
    expect(piped.err).toBe("");
  });

  it("names an environment credential instead of a profile", async () => {
    const r = await run(["product-tags", "create", "--set", "value=x"], { tty: true, env: { MEDUSA_URL: server.url, MEDUSA_API_KEY: KEY } });
    expect(r.err).toBe(`Created product-tag ptag_new — ${server.url} (credential from MEDUSA_API_KEY)\n`);
  });
});

describe("errors", () => {
  it("maps a 401 to exit 4 with a login hint, in one line plus the hint", async () => {
    const r = await run(["product-tags", "list"], { env: { MEDUSA_URL: server.url, MEDUSA_API_KEY: "sk_wrong" } });
    expect(r.code).toBe(4);
    expect(r.err).toBe("Error: Unauthorized (401, GET /admin/product-tags?limit=50&fields=%2Bid%2C%2Bvalue%2C%2Bcreated_at)\nHint: run `medusactl login`\n");
  });

  it("maps a 404 to exit 1: what was not found, status, type, method and path, and what get takes", async () => {
    const r = await run(["product-tags", "get", "ptag_missing"]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "Error: product-tag ptag_missing not found (404 not_found, GET /admin/product-tags/ptag_missing)\nHint: give an id or the exact value; `medusactl product-tags list` lists them\n",
    );
  });

  it("treats a 200 without the record as not found (exit 1), not as an empty success", async () => {
    const r = await run(["product-tags", "get", "ptag_gone"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toBe("Error: product-tag ptag_gone not found (GET /admin/product-tags/ptag_gone answered without a product_tag)\nHint: give an id or the exact value; `medusactl product-tags list` lists them\n");
  });

  it("refuses plain http to a remote host without --insecure (exit 2) before sending anything", async () => {
    const r = await run(["product-tags", "list"], { env: { MEDUSA_URL: "http://shop.example.com", MEDUSA_API_KEY: KEY } });
    expect(r.code).toBe(2);
    expect(r.err).toContain("refusing plain http to shop.example.com");
  });
});
