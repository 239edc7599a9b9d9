import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApplyStopped, SeedError, envName, runApply, type Api } from "../../../../src/cli/bulk/apply/engine.js";
import { connectionReset, errorReply, fault, stubRegistry } from "../../../helpers/medusa-stub/registry.js";
import { KINDS, parseSeed, readSeedText } from "../../../../src/cli/bulk/apply/seed.js";
import { testIO } from "../../../helpers/test-io.js";

const root = path.resolve(import.meta.dirname, "../../../..");

function issuesOf(doc: unknown): string[] {
  try {
    parseSeed(doc);
  } catch (e) {
    if (e instanceof SeedError) return e.issues;
    throw e;
  }
  return [];
}

const product = (over: Record<string, unknown> = {}) => ({
  handle: "tee",
  title: "Tee",
  options: [{ title: "Size", values: ["S", "M"] }],
  variants: [
    { sku: "TEE-S", title: "S", options: { Size: "S" }, prices: [{ currency_code: "eur", amount: 10 }] },
    { sku: "TEE-M", title: "M", options: { Size: "M" }, prices: [{ currency_code: "eur", amount: "ten" }] },
  ],
  ...over,
});

describe("seed validation", () => {
  it("accepts the documented example file", async () => {
    const doc = await readSeedText(readFileSync(path.join(root, "examples/seed.yaml"), "utf8"), "examples/seed.yaml");
    const items = parseSeed(doc);
    expect(items.get("product")!.map((i) => i.spec.handle)).toEqual(["acme-rain-jacket", "acme-trail-bottle"]);
    expect(items.get("variant")!.map((i) => i.spec.sku)).toContain("ACME-TB-750");
    expect(items.get("store")).toHaveLength(1);
  });

  it("names the exact path of a bad value", () => {
    expect(issuesOf({ products: [product()] })).toEqual(["products[0].variants[1].prices[0].amount: expected a number, got string \"ten\""]);
  });

  it.each([
    [{ bogus: [] }, "bogus: unknown section"],
    [{ regions: [{ name: "EU", currency_code: "euro" }] }, "regions[0].currency_code: expected a 3-letter currency code"],
    [{ regions: [{ name: "EU" }] }, "regions[0].currency_code: required"],
    [{ sales_channels: [{ name: "Web", colour: "red" }] }, "sales_channels[0].colour: unknown field"],
    [{ sales_channels: [{ name: "Web" }, { name: "Web" }] }, 'sales_channels[1]: "Web" is already declared at sales_channels[0]'],
    [{ products: [product({ variants: [{ sku: "X", title: "X", options: { Size: "XL" } }] })] }, 'products[0].variants[0].options.Size: "XL" is not one of the option\'s values'],
    [{ products: [product({ variants: [{ sku: "X", title: "X", options: { Colour: "Red" } }] })] }, 'products[0].variants[0].options.Colour: no option "Colour"'],
    [{ customers: [{ email: "not-an-email" }] }, "customers[0].email: expected an e-mail address"],
    [{ promotions: [{ code: "A", application_method: { type: "fixed", target_type: "order", value: 5 } }] }, "promotions[0].application_method.currency_code: required for a fixed amount"],
    [{ price_lists: [{ title: "P", starts_at: "next monday" }] }, "price_lists[0].starts_at: expected a date"],
    [{ version: 2 }, "version: only version 1 exists"],
    [{ api_keys: [{ title: "CI", type: "publishable" }] }, "api_keys[0].type: publishable keys go in the publishable_keys section"],
    [{ api_keys: [{ type: "secret" }] }, "api_keys[0].title: required"],
    [{ customers: [{ email: "a@b.co", addresses: [{ address_name: "Home" }, { address_name: "Home" }] }] }, 'customers[0].addresses[1].address_name: "Home" is named twice'],
    [{ customers: [{ email: "a@b.co", addresses: [{ city: "Oslo" }] }] }, "customers[0].addresses[0].address_name: required"],
    [{ customers: [{ email: "a@b.co", addresses: [{ address_name: "H", country_code: "england" }] }] }, "customers[0].addresses[0].country_code"],
  ])("rejects %j", (doc, message) => {
    expect(issuesOf(doc).join("\n")).toContain(message);
  });

  it("rejects two objects that would print the same variable", () => {
    const issues = issuesOf({ sales_channels: [{ name: "Web Shop" }, { name: "web-shop" }] });
    expect(issues).toEqual(["sales_channels[1]: prints MEDUSA_SALES_CHANNEL_WEB_SHOP_ID like sales_channels[0]; give one of them another `env:` name"]);
    expect(issuesOf({ sales_channels: [{ name: "Web Shop" }, { name: "web-shop", env: "WEB2" }] })).toEqual([]);
  });

  it("reports a YAML syntax error with its line", async () => {
    const err = await readSeedText("regions:\n  - name: [unclosed\n", "bad.yaml").catch((e) => e);
    expect(err).toBeInstanceOf(SeedError);
    expect(err.issues[0]).toMatch(/^bad\.yaml: .*line/i);
  });

  it("builds variable names from natural keys", () => {
    expect(envName("PUBLISHABLE_KEY", "Acme storefront", "ID")).toBe("MEDUSA_PUBLISHABLE_KEY_ACME_STOREFRONT_ID");
    expect(envName("CUSTOMER", "alice@acme.example", "ID")).toBe("MEDUSA_CUSTOMER_ALICE_ACME_EXAMPLE_ID");
    expect(envName("REGION", "Zürich–Nord", "ID")).toBe("MEDUSA_REGION_ZURICH_NORD_ID");
  });
});

/** An in-memory back-end for the routes sales channels, customer groups and categories use. */
function fakeApi(opts: { loseAnswerOf?: (path: string) => boolean } = {}) {
  const tables: Record<string, Record<string, unknown>[]> = { "sales-channels": [], "customer-groups": [], "product-categories": [] };
  const writes: string[] = [];
  let n = 0;
  const keyOf: Record<string, string> = { "sales-channels": "sales_channels", "customer-groups": "customer_groups", "product-categories": "product_categories" };
  const oneOf: Record<string, string> = { "sales-channels": "sales_channel", "customer-groups": "customer_group", "product-categories": "product_category" };
  const filters = ["name", "handle"];
  const reg = stubRegistry();
  const path = (table: string, id?: string) => `/admin/${table}${id ? `/${id}` : ""}`;
  for (const table of Object.keys(tables)) {
    // The routes of a modelled back-end: each test uses some of them, so none is required.
    reg
      .stub(`GET ${path(table)}`, ({ query }) => {
        let rows = tables[table]!;
        for (const f of filters) if (Array.isArray(query[f])) rows = rows.filter((r) => (query[f] as string[]).includes(r[f] as string));
        return { [keyOf[table]!]: rows, count: rows.length };
      })
      .persist()
      .optional();
    reg
      .stub(`POST ${path(table, ":id")}`, ({ params: [id], body }) => {
        writes.push(`POST ${path(table, id)}`);
        const row = tables[table]!.find((r) => r.id === id)!;
        Object.assign(row, body);
        return { [oneOf[table]!]: row };
      })
      .persist()
      .optional();
    reg
      .stub(`POST ${path(table)}`, ({ body }) => {
        writes.push(`POST ${path(table)}`);
        const row = { id: `${table}_${++n}`, ...(body as object) };
        tables[table]!.push(row);
        // The write happened; its answer never arrives.
        if (opts.loseAnswerOf?.(path(table))) return fault(connectionReset());
        return { [oneOf[table]!]: row };
      })
      .persist()
      .optional();
  }
  const sdk = reg.sdk({ baseUrl: "http://fake" });
  const api: Api = { sdk, signal: new AbortController().signal };
  return { api, tables, writes };
}

describe("runApply against a fake back-end", () => {
  const doc = {
    sales_channels: [{ name: "Web", description: "shop" }],
    customer_groups: [{ name: "VIP" }],
    product_categories: [
      { handle: "jackets", name: "Jackets", parent: "clothing" },
      { handle: "clothing", name: "Clothing" },
    ],
  };

  it("creates, then finds everything unchanged on the second run with the same ids", async () => {
    const { api, writes, tables } = fakeApi();
    const first = await runApply(api, KINDS, parseSeed(doc), { dryRun: false });
    expect(first.changes.map((c) => [c.kind, c.key, c.action])).toEqual([
      ["sales_channel", "Web", "create"],
      ["product_category", "clothing", "create"],
      ["product_category", "jackets", "create"],
      ["customer_group", "VIP", "create"],
    ]);
    // The child category points at its parent, created first although the file lists it second.
    const jackets = tables["product-categories"]!.find((c) => c.handle === "jackets")!;
    expect(jackets.parent_category_id).toBe(tables["product-categories"]!.find((c) => c.handle === "clothing")!.id);
    const count = writes.length;
    const second = await runApply(api, KINDS, parseSeed(doc), { dryRun: false });
    expect(second.changes.every((c) => c.action === "unchanged")).toBe(true);
    expect(writes).toHaveLength(count);
    expect(second.env).toEqual(first.env);
  });

  it("a name two records of the store share is an error listing both, and nothing is written", async () => {
    const { api, writes, tables } = fakeApi();
    tables["customer-groups"]!.push({ id: "cusgroup_a", name: "VIP" }, { id: "cusgroup_b", name: "VIP" });
    const e = await runApply(api, KINDS, parseSeed(doc), { dryRun: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SeedError);
    expect((e as SeedError).issues).toEqual(['customer_groups: 2 customer groups are named "VIP": VIP (cusgroup_a), VIP (cusgroup_b); give each a distinct name in the store first']);
    expect(writes).toEqual([]);
  });

  it("a first Ctrl-C stops between two objects and says how far it got", async () => {
    const { api, tables } = fakeApi();
    const stop = new AbortController();
    let calls = 0;
    const stopping = { ...api, sdk: new Proxy(api.sdk, { get: (t, k) => (k === "admin" && ++calls > 3 && stop.abort(), Reflect.get(t, k)) }) };
    const e = await runApply(stopping, KINDS, parseSeed(doc), { dryRun: false, stop: stop.signal }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApplyStopped);
    const { done, total } = e as ApplyStopped;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total);
    // What it created, it created whole: each object that exists was written once.
    expect(tables["sales-channels"]!.filter((c) => c.name === "Web").length).toBeLessThanOrEqual(1);
  });

  it("says when its writes begin (after lookups that went through), so a 401 from then on is the server failing, not a login", async () => {
    const { api } = fakeApi();
    let writingAt = -1;
    let lookups = 0;
    const counting = { ...api, sdk: new Proxy(api.sdk, { get: (t, k) => (k === "admin" && writingAt < 0 && lookups++, Reflect.get(t, k)) }) };
    await runApply(counting, KINDS, parseSeed(doc), { dryRun: false, onWriting: () => (writingAt = lookups) });
    expect(writingAt).toBeGreaterThan(0);
  });

  it("does not say so when a lookup itself is refused (401): that is a credential to fix", async () => {
    const reg = stubRegistry();
    reg.stub("GET /admin/**", errorReply(401, "unauthorized", "Unauthorized")).persist();
    let writing = false;
    const e = await runApply({ sdk: reg.sdk({ baseUrl: "http://fake" }), signal: new AbortController().signal }, KINDS, parseSeed(doc), { dryRun: false, onWriting: () => (writing = true) }).catch((x: unknown) => x);
    expect((e as { status?: number }).status).toBe(401);
    expect(writing).toBe(false);
  });

  it("a create whose answer was lost is looked up by its key, not sent twice, and reported as created", async () => {
    let lost = 0;
    const { api, writes, tables } = fakeApi({ loseAnswerOf: (p) => p === "/admin/customer-groups" && lost++ === 0 });
    const r = await runApply(api, KINDS, parseSeed(doc), { dryRun: false });
    expect(tables["customer-groups"]!.map((g) => g.name)).toEqual(["VIP"]);
    expect(writes.filter((w) => w === "POST /admin/customer-groups")).toHaveLength(1);
    expect(r.changes.find((c) => c.kind === "customer_group")).toMatchObject({ action: "create", id: tables["customer-groups"]![0]!.id });
    // Nested and other kinds are reported as they are, never relabelled.
    expect(r.changes.filter((c) => c.action === "create")).toHaveLength(4);
  });

  it("updates only the fields that differ and names them", async () => {
    const { api, writes } = fakeApi();
    await runApply(api, KINDS, parseSeed(doc), { dryRun: false });
    writes.length = 0;
    const changed = { ...doc, sales_channels: [{ name: "Web", description: "the shop" }] };
    const r = await runApply(api, KINDS, parseSeed(changed), { dryRun: false });
    expect(r.changes.find((c) => c.kind === "sales_channel")).toMatchObject({ action: "update", fields: ["description"] });
    expect(writes).toEqual(["POST /admin/sales-channels/sales-channels_1"]);
  });

  it("writes nothing in a dry run and prints no value for objects it would create", async () => {
    const { api, writes } = fakeApi();
    const r = await runApply(api, KINDS, parseSeed(doc), { dryRun: true });
    expect(writes).toEqual([]);
    expect(r.changes.map((c) => c.action)).toEqual(["create", "create", "create", "create"]);
    expect(r.env.every((e) => e.value === undefined)).toBe(true);
  });

  it("refuses a reference to an object that is neither in the file nor in the store, before any write", async () => {
    const { api, writes } = fakeApi();
    const bad = { ...doc, product_categories: [{ handle: "jackets", name: "Jackets", parent: "missing" }] };
    const err = await runApply(api, KINDS, parseSeed(bad), { dryRun: false }).catch((e) => e);
    expect(err).toBeInstanceOf(SeedError);
    expect(err.issues).toEqual(['product_categories[0].parent: no product category "missing" in the file or in the store']);
    expect(writes).toEqual([]);
  });
});

describe("secret API keys in apply output", () => {
  const result = {
    dryRun: false,
    changes: [{ kind: "secret_key", key: "CI", action: "create" as const, fields: ["title", "type"], id: "apk_1" }],
    env: [
      { name: "MEDUSA_SECRET_KEY_CI_ID", value: "apk_1" },
      { name: "MEDUSA_SECRET_KEY_CI", value: "sk_0123456789abcdef", secret: {} },
      { name: "MEDUSA_SECRET_KEY_OLD", value: undefined, secret: { unavailable: "secret API key \"OLD\" already exists" } },
    ],
  };

  it.each(["env", "shell"])("prints a new key's token with --output %s, and says why an existing one is missing", async (format) => {
    const { writeResult } = await import("../../../../src/cli/bulk/apply/run.js");
    const t = testIO();
    writeResult(t.io, result, format, true);
    expect(t.out()).toContain(format === "env" ? "MEDUSA_SECRET_KEY_CI=sk_0123456789abcdef\n" : "export MEDUSA_SECRET_KEY_CI='sk_0123456789abcdef'\n");
    expect(t.out()).not.toContain("MEDUSA_SECRET_KEY_OLD");
    // Even with --quiet: a CI step must learn why its variable is missing.
    expect(t.err()).toContain('Warning: MEDUSA_SECRET_KEY_OLD not printed: secret API key "OLD" already exists');
  });

  it.each(["json", "table"])("never shows the token with --output %s, and warns that it was not printed", async (format) => {
    const { writeResult } = await import("../../../../src/cli/bulk/apply/run.js");
    const t = testIO();
    writeResult(t.io, result, format, false);
    expect(t.out() + t.err()).not.toContain("sk_0123456789abcdef");
    expect(t.err()).toContain("Warning: MEDUSA_SECRET_KEY_CI was created but is printed only by --output env or shell");
    if (format === "json") expect(JSON.parse(t.out()).env).toMatchObject({ MEDUSA_SECRET_KEY_CI: null, MEDUSA_SECRET_KEY_CI_ID: "apk_1" });
  });
});
