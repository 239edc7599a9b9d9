import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SeedError, envName, type Api, type Change } from "../../../../src/cli/bulk/apply/engine.js";
import { applyItems } from "../../../../src/cli/bulk/apply/run.js";
import { createFactory } from "../../../../src/cli/cmdutil/factory.js";
import { CancelError, JobError, UsageError } from "../../../../src/term/errors.js";
import { connectionReset, errorReply, fault, stubRegistry } from "../../../helpers/medusa-stub/registry.js";
import { parseSeed, readSeedText } from "../../../../src/cli/bulk/apply/seed.js";
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

/**
 * An in-memory back-end for the routes sales channels, customer groups, categories and
 * publishable keys use (with their sales-channel links).
 */
function fakeApi(opts: { loseAnswerOf?: (path: string) => boolean; refuseWrites?: boolean } = {}) {
  const tables: Record<string, Record<string, unknown>[]> = { "sales-channels": [], "customer-groups": [], "product-categories": [], "api-keys": [] };
  const writes: string[] = [];
  let n = 0;
  const keyOf: Record<string, string> = { "sales-channels": "sales_channels", "customer-groups": "customer_groups", "product-categories": "product_categories", "api-keys": "api_keys" };
  const oneOf: Record<string, string> = { "sales-channels": "sales_channel", "customer-groups": "customer_group", "product-categories": "product_category", "api-keys": "api_key" };
  const filters = ["name", "handle", "title"];
  const reg = stubRegistry();
  const path = (table: string, id?: string) => `/admin/${table}${id ? `/${id}` : ""}`;
  const refused = () => errorReply(401, "unauthorized", "Unauthorized");
  reg
    .stub("POST /admin/api-keys/:id/sales-channels", ({ params: [id], body }) => {
      writes.push(`POST /admin/api-keys/${id}/sales-channels`);
      const row = tables["api-keys"]!.find((r) => r.id === id)!;
      const { add = [], remove = [] } = body as { add?: string[]; remove?: string[] };
      const have = ((row.sales_channels as { id: string }[] | undefined) ?? []).map((c) => c.id).filter((c) => !remove.includes(c));
      row.sales_channels = [...have, ...add.filter((c) => !have.includes(c))].map((c) => ({ id: c }));
      return { api_key: row };
    })
    .persist()
    .optional();
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
        if (opts.refuseWrites) return refused();
        writes.push(`POST ${path(table, id)}`);
        const row = tables[table]!.find((r) => r.id === id)!;
        Object.assign(row, body);
        return { [oneOf[table]!]: row };
      })
      .persist()
      .optional();
    reg
      .stub(`POST ${path(table)}`, ({ body }) => {
        if (opts.refuseWrites) return refused();
        writes.push(`POST ${path(table)}`);
        const row = { id: `${table}_${++n}`, ...(body as object), ...(table === "api-keys" ? { token: `pk_${n}` } : {}) };
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
  return { api, tables, writes, reg };
}

/** `apply` of `doc` into the fake back-end, through the runner as the command runs it. */
async function applyDoc(api: Api, doc: unknown, o: { dryRun?: boolean; stop?: AbortSignal } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-apply-"));
  const t = testIO();
  const f = createFactory(t.io, {}, o.stop ?? new AbortController().signal, {
    dataDir: () => dir,
    target: async () => ({ url: "http://fake", profileName: "test", source: "profile", production: false }),
    argv: ["apply", "-f", "seed.yaml"],
  });
  const result = await applyItems(f, api.sdk, "seed.yaml", parseSeed(doc), { dryRun: Boolean(o.dryRun), quiet: true }).catch((e: unknown) => e as Error);
  return { result, err: t.err };
}

async function runApply(api: Api, doc: unknown, o: { dryRun?: boolean } = {}) {
  const { result } = await applyDoc(api, doc, o);
  if (result instanceof Error) throw result;
  return result;
}

describe("apply against a fake back-end", () => {
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
    const first = await runApply(api, doc);
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
    const second = await runApply(api, doc);
    expect(second.changes.every((c) => c.action === "unchanged")).toBe(true);
    expect(writes).toHaveLength(count);
    expect(second.env).toEqual(first.env);
  });

  it("a name two records of the store share is an error listing both, and nothing is written", async () => {
    const { api, writes, tables } = fakeApi();
    tables["customer-groups"]!.push({ id: "cusgroup_a", name: "VIP" }, { id: "cusgroup_b", name: "VIP" });
    const e = await runApply(api, doc).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toContain('customer_groups: 2 customer groups are named "VIP": VIP (cusgroup_a), VIP (cusgroup_b); give each a distinct name in the store first');
    expect((e as Error).message).toContain("nothing was written");
    expect(writes).toEqual([]);
  });

  it("a first Ctrl-C stops between two objects, says how far it got and that the same command finishes", async () => {
    const { api, tables, writes } = fakeApi();
    const stop = new AbortController();
    // Ctrl-C as the second object is being written: it is finished, the third is not begun.
    const stopping = { ...api, sdk: new Proxy(api.sdk, { get: (t, k) => (k === "admin" && writes.length >= 1 && stop.abort(), Reflect.get(t, k)) }) };
    const { result, err } = await applyDoc(stopping, doc, { stop: stop.signal });
    expect(result).toBeInstanceOf(CancelError);
    const m = /Interrupted after (\d+) of (\d+) objects; none was left half-written\. apply converges: run the same command again to finish:\n {2}medusactl apply -f seed\.yaml\n/.exec(err());
    expect(m, err()).not.toBeNull();
    expect([Number(m![1]), Number(m![2])]).toEqual([2, 4]);
    expect(writes).toHaveLength(2);
    expect(err()).not.toMatch(/may or may not|--resume/);
    // What it created, it created whole: each object that exists was written once.
    expect(tables["sales-channels"]!.filter((c) => c.name === "Web").length).toBeLessThanOrEqual(1);
    // And the same command finishes it.
    const again = await runApply(api, doc);
    expect(again.changes.filter((c) => c.action === "create").length).toBe(4 - Number(m![1]));
  });

  it("a 401 once the lookups went through is the server failing (exit 1), not a login to redo", async () => {
    const { api } = fakeApi({ refuseWrites: true });
    const { result, err } = await applyDoc(api, doc);
    expect(result).toBeInstanceOf(JobError);
    expect((result as Error).message).toContain("Medusa refused the credential it accepted earlier");
    expect(err()).toContain("apply stopped; what it wrote is kept. It converges: run the same command again to finish:\n  medusactl apply -f seed.yaml\n");
  });

  it("a lookup refused (401) stays a credential to fix", async () => {
    const reg = stubRegistry();
    reg.stub("GET /admin/**", errorReply(401, "unauthorized", "Unauthorized")).persist();
    const e = await runApply({ sdk: reg.sdk({ baseUrl: "http://fake" }), signal: new AbortController().signal }, doc).catch((x: unknown) => x);
    expect((e as { status?: number }).status).toBe(401);
  });

  it("a create whose answer was lost is looked up by its key, not sent twice, and reported as created", async () => {
    let lost = 0;
    const { api, writes, tables } = fakeApi({ loseAnswerOf: (p) => p === "/admin/customer-groups" && lost++ === 0 });
    const r = await runApply(api, doc);
    expect(tables["customer-groups"]!.map((g) => g.name)).toEqual(["VIP"]);
    expect(writes.filter((w) => w === "POST /admin/customer-groups")).toHaveLength(1);
    expect(r.changes.find((c) => c.kind === "customer_group")).toMatchObject({ action: "create", id: tables["customer-groups"]![0]!.id });
    // Nested and other kinds are reported as they are, never relabelled.
    expect(r.changes.filter((c) => c.action === "create")).toHaveLength(4);
  });

  it("updates only the fields that differ and names them", async () => {
    const { api, writes } = fakeApi();
    await runApply(api, doc);
    writes.length = 0;
    const changed = { ...doc, sales_channels: [{ name: "Web", description: "the shop" }] };
    const r = await runApply(api, changed);
    expect(r.changes.find((c) => c.kind === "sales_channel")).toMatchObject({ action: "update", fields: ["description"] });
    expect(writes).toEqual(["POST /admin/sales-channels/sales-channels_1"]);
  });

  it("writes nothing in a dry run and prints no value for objects it would create", async () => {
    const { api, writes } = fakeApi();
    const r = await runApply(api, doc, { dryRun: true });
    expect(writes).toEqual([]);
    expect(r.changes.map((c) => c.action)).toEqual(["create", "create", "create", "create"]);
    expect(r.env.every((e) => e.value === undefined)).toBe(true);
  });

  it("refuses a reference to an object that is neither in the file nor in the store, before any write", async () => {
    const { api, writes } = fakeApi();
    const bad = { ...doc, product_categories: [{ handle: "jackets", name: "Jackets", parent: "missing" }] };
    const err = await runApply(api, bad).catch((e) => e);
    expect(err.message).toContain('product_categories[0].parent: no product category "missing" in the file or in the store');
    expect(writes).toEqual([]);
  });
});

describe("a dry run says what the real run then does (issue 41)", () => {
  const base = {
    sales_channels: [{ name: "Web", description: "shop" }, { name: "Wholesale" }],
    publishable_keys: [{ title: "Storefront", sales_channels: ["Web"] }],
    customer_groups: [{ name: "VIP" }],
    product_categories: [
      { handle: "jackets", name: "Jackets", parent: "clothing" },
      { handle: "clothing", name: "Clothing" },
    ],
  };
  // Each later file changes what the one before left: fields, a link, a parent, new objects that refer to new ones.
  const next = {
    sales_channels: [{ name: "Web", description: "the shop" }, { name: "Wholesale" }, { name: "Outlet" }],
    publishable_keys: [{ title: "Storefront", sales_channels: ["Web", "Outlet"] }, { title: "Outlet app", sales_channels: ["Outlet"] }],
    customer_groups: [{ name: "VIP", metadata: { tier: 1 } }, { name: "Staff" }],
    product_categories: [
      { handle: "jackets", name: "Jackets", parent: "outerwear" },
      { handle: "outerwear", name: "Outerwear", parent: "clothing" },
      { handle: "clothing", name: "Clothing" },
    ],
  };
  /** A change without the id a create gets only when it is written. */
  const plain = (cs: Change[]) => cs.map((c) => ({ ...c, id: c.action === "create" ? undefined : c.id }));

  it.each([
    ["an empty store", [] as unknown[], base],
    ["a store the first file made", [base], next],
    ["a store already as the file says", [base, next], next],
  ])("%s: the dry run's changes are the real run's, and the dry run sends no write", async (_name, before, doc) => {
    const { api, reg } = fakeApi();
    for (const d of before) await runApply(api, d);
    const sent = reg.writes().length;
    const dry = await runApply(api, doc, { dryRun: true });
    expect(reg.writes().length - sent).toBe(0);
    const real = await runApply(api, doc);
    expect(plain(real.changes)).toEqual(plain(dry.changes));
    expect(dry.changes.length).toBeGreaterThan(0);
    // Every variable a dry run prints, the real run prints the same.
    for (const e of dry.env) if (e.value !== undefined) expect(real.env).toContainEqual(e);
    // And the real run converged: planned again, nothing is left to do.
    const after = await runApply(api, doc, { dryRun: true });
    expect(after.changes.every((c) => c.action === "unchanged")).toBe(true);
  });
});

describe("what only the store shows is refused by the plan, so a dry run refuses it too", () => {
  /** A store with a location and a product whose variant keeps no inventory (no inventory item). */
  function store() {
    const fake = fakeApi();
    fake.reg.stub("GET /admin/stock-locations", () => ({ stock_locations: [{ id: "sloc_1", name: "Berlin" }], count: 1 })).persist().optional();
    const variant = { id: "variant_1", sku: "TEE-S", title: "S", manage_inventory: false, options: [], prices: [], metadata: null };
    fake.reg.stub("GET /admin/products", () => ({ products: [{ id: "prod_1", handle: "tee", title: "Tee", metadata: null, options: [], variants: [variant] }], count: 1 })).persist().optional();
    fake.reg.stub("GET /admin/product-variants", () => ({ variants: [{ id: "variant_1", sku: "TEE-S", product_id: "prod_1" }], count: 1 })).persist().optional();
    fake.reg.stub("GET /admin/inventory-items", () => ({ inventory_items: [], count: 0 })).persist().optional();
    return fake;
  }
  const doc = { sales_channels: [{ name: "Web" }], products: [{ handle: "tee", title: "Tee", variants: [{ sku: "TEE-S", title: "S", stock: { Berlin: 5 } }] }] };
  const why = "products[0].variants[0].stock: variant TEE-S has no inventory item (set manage_inventory: true to keep stock)";

  it("stock for a variant without an inventory item: the dry run and the real run refuse it alike (exit 2, the path), the real one after writing what came before", async () => {
    const { api, reg, writes } = store();
    const dry = await applyDoc(api, doc, { dryRun: true });
    expect(dry.result).toBeInstanceOf(UsageError);
    expect((dry.result as Error).message).toBe(`seed.yaml: 1 problem in the file; nothing was written:\n  ${why}`);
    expect(reg.writes()).toEqual([]);
    const real = await applyDoc(api, doc);
    expect(real.result).toBeInstanceOf(UsageError);
    expect((real.result as Error).message).toBe(`seed.yaml: 1 problem in the file; the objects before it were written, nothing after:\n  ${why}`);
    expect(writes).toEqual(["POST /admin/sales-channels"]);
    // The file's problem is said once, without advice to run it again unchanged.
    expect(real.err()).not.toContain("run the same command again");
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
