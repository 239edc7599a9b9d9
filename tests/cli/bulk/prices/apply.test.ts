/**
 * `prices apply` over a fake back-end, for what the real one will not do on demand: a batch
 * request that fails part-way (exit 3, failed rows in the report) and `--resume` afterwards.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFactory } from "../../../../src/cli/cmdutil/factory.js";
import { CancelError, PartialFailureError, UsageError } from "../../../../src/term/errors.js";
import { pricesApplyRun } from "../../../../src/cli/bulk/prices/apply.js";
import type { PricesApplyOptions } from "../../../../src/cli/bulk/prices/apply.js";
import { testIO } from "../../../helpers/test-io.js";
import { errorReply, stubRegistry, type StubRegistry } from "../../../helpers/medusa-stub/registry.js";

type Rec = Record<string, unknown>;

function fakeStore(variants: number) {
  const reg = stubRegistry();
  const prices: Rec[] = [];
  const batches: { create: number; update: number; delete: number }[] = [];
  let failWhen: ((body: Rec) => boolean) | undefined;
  let loseAnswer: ((body: Rec) => boolean) | undefined;
  let landLate: ((body: Rec) => boolean) | undefined;
  let late: (() => void) | undefined;
  let n = 0;
  // The routes of a modelled back-end: each test uses some of them, so none is required.
  const route = (r: string, fn: Parameters<StubRegistry["stub"]>[1]) => reg.stub(r, fn).persist().optional();
  route("GET /admin/product-variants", ({ query: q }) => {
    const wanted = new Set((q.sku as string[]) ?? []);
    const all = Array.from({ length: variants }, (_, i) => ({ id: `variant_${i}`, sku: `SKU-${i}`, product_id: "prod_1" })).filter((v) => wanted.has(v.sku));
    return { variants: all, count: all.length };
  });
  route("GET /admin/regions", () => ({ regions: [], count: 0 }));
  route("GET /admin/price-lists/plist_1", () => ({ price_list: { id: "plist_1", title: "Sale" } }));
  route("GET /admin/price-lists/plist_1/prices", ({ query: q }) => {
    const offset = Number(q.offset ?? 0);
    const limit = Number(q.limit ?? 50);
    return { prices: prices.slice(offset, offset + limit), count: prices.length };
  });
  route("POST /admin/price-lists/plist_1/prices/batch", ({ body }: { body: { create: Rec[]; update: Rec[]; delete: string[] } }) => {
    if (failWhen?.(body)) throw errorReply(500, "unknown_error", "Internal error");
    // A batch still being worked on when the client gave up lands with the next request.
    const pendingLate = late;
    late = undefined;
    pendingLate?.();
    if (landLate?.(body)) {
      landLate = undefined;
      late = () => apply(body);
      throw errorReply(504, "gateway_timeout", "Gateway Timeout");
    }
    const lose = loseAnswer?.(body);
    const created = apply(body);
    // The server applied the batch, but its answer never reaches the client (a proxy's 502).
    if (lose) throw errorReply(502, "bad_gateway", "Bad Gateway");
    return { created, updated: [], deleted: { ids: body.delete } };
  });
  function apply(body: { create: Rec[]; update: Rec[]; delete: string[] }): Rec[] {
    batches.push({ create: body.create.length, update: body.update.length, delete: body.delete.length });
    const created = body.create.map((c) => {
      const row = { id: `price_${++n}`, currency_code: c.currency_code, amount: c.amount, min_quantity: null, max_quantity: null, price_set: { variant: { id: c.variant_id } }, price_rules: [] };
      prices.push(row);
      return row;
    });
    for (const u of body.update) Object.assign(prices.find((x) => x.id === u.id)!, { amount: u.amount });
    for (const d of body.delete) prices.splice(prices.findIndex((x) => x.id === d), 1);
    return created;
  }
  return { reg, prices, batches, failOn: (f: typeof failWhen) => (failWhen = f), loseAnswerOn: (f: typeof loseAnswer) => (loseAnswer = f), landLateOn: (f: typeof landLate) => (landLate = f) };
}

function setup(rows: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-prices-"));
  const file = path.join(dir, "prices.csv");
  writeFileSync(file, ["sku,currency_code,amount", ...Array.from({ length: rows }, (_, i) => `SKU-${i},eur,${(i % 90) + 1}.5`)].join("\n"));
  const store = fakeStore(rows);
  const asked: string[] = [];
  const run = async (o: Partial<PricesApplyOptions>, tty?: { typed: string }) => {
    const t = testIO({ tty: Boolean(tty) });
    const f = createFactory(t.io, {}, new AbortController().signal, {
      prompter: () => ({
        confirm: async () => false,
        confirmTyped: async (question: string, expected: string) => {
          asked.push(`${question} [${expected}]`);
          return tty?.typed === expected;
        },
        input: async () => "",
        secret: async () => "",
      }),
      dataDir: () => dir,
      target: async () => ({ url: "http://fake", profileName: "test", source: "profile", production: false }),
      sdk: async () => store.reg.sdk({ baseUrl: "http://fake" }),
    });
    try {
      await pricesApplyRun(f, file, { concurrency: 1, quiet: true, ...o } as PricesApplyOptions);
      return { error: undefined, out: t.out(), err: t.err() };
    } catch (error) {
      return { error, out: t.out(), err: t.err() };
    }
  };
  return { dir, file, store, run, asked };
}

describe("prices apply with a failing chunk", () => {
  it("exits 3 with the failed rows in the report, and --resume writes only what is left", async () => {
    const { dir, store, run } = setup(1500);
    // The second chunk of 1,000 fails.
    store.failOn((body) => (body.create as Rec[]).some((c) => c.variant_id === "variant_1200"));
    const report = path.join(dir, "r1.json");
    const first = await run({ priceList: "plist_1", report });
    expect(first.error).toBeInstanceOf(PartialFailureError);
    expect((first.error as Error).message).toBe(`500 of 1500 rows failed; see ${report}. Run the same command with --resume to retry only those`);
    expect(store.prices).toHaveLength(1000);
    const r1 = JSON.parse(readFileSync(report, "utf8"));
    expect(r1.summary).toMatchObject({ rows: 1500, create: 1000, failed: 500 });
    expect(r1.rows.find((r: Rec) => r.row === 1002)).toMatchObject({ action: "failed", error: { status: 500, type: "unknown_error", message: "Internal error" } });

    store.failOn(undefined);
    const report2 = path.join(dir, "r2.json");
    const second = await run({ priceList: "plist_1", report: report2, resume: true });
    expect(second.error).toBeUndefined();
    expect(store.batches.at(-1)).toEqual({ create: 500, update: 0, delete: 0 });
    expect(store.prices).toHaveLength(1500);
    const r2 = JSON.parse(readFileSync(report2, "utf8"));
    // Rows written by the interrupted run keep the action they had, not "unchanged".
    expect(r2.summary).toMatchObject({ rows: 1500, create: 1500, unchanged: 0, failed: 0 });

    const third = await run({ priceList: "plist_1" });
    expect(third.out).toBe('No changes: 1500 prices unchanged in price list "Sale" (plist_1).\n');
  });

  it("reads a batch whose answer was lost back instead of reporting it failed or sending it twice", async () => {
    const { dir, store, run } = setup(1500);
    // The second chunk is applied by the server, but its answer is lost (502).
    store.loseAnswerOn((body) => (body.create as Rec[]).some((c) => c.variant_id === "variant_1200"));
    const report = path.join(dir, "lost.json");
    const r = await run({ priceList: "plist_1", report });
    expect(r.error).toBeUndefined();
    expect(store.prices).toHaveLength(1500);
    expect(new Set(store.prices.map((p) => (p.price_set as { variant: { id: string } }).variant.id)).size).toBe(1500);
    // Two batches sent, none twice: the lost one was read back, not repeated.
    expect(store.batches.map((b) => b.create)).toEqual([1000, 500]);
    const rep = JSON.parse(readFileSync(report, "utf8"));
    expect(rep.summary).toMatchObject({ rows: 1500, create: 1500, failed: 0 });
    expect(rep.rows.find((x: Rec) => x.row === 1202).ids.price_id).toMatch(/^price_/);
  });

  it("removes the copies a lost batch made when it landed after being sent again, keeping the reported prices", async () => {
    const { dir, store, run } = setup(1500);
    // The second chunk times out at the gateway while the server still works on it; it lands
    // with the next request, after the read-back found nothing and the chunk was sent again.
    store.landLateOn((body) => (body.create as Rec[]).some((c) => c.variant_id === "variant_1200"));
    const report = path.join(dir, "late.json");
    const r = await run({ priceList: "plist_1", report });
    expect(r.error).toBeUndefined();
    expect(store.batches.map((b) => b.create)).toEqual([1000, 500, 500, 0, 0, 0, 0, 0]);
    expect(store.prices).toHaveLength(1500);
    expect(new Set(store.prices.map((p) => (p.price_set as { variant: { id: string } }).variant.id)).size).toBe(1500);
    const rep = JSON.parse(readFileSync(report, "utf8"));
    expect(rep.summary).toMatchObject({ rows: 1500, create: 1500, failed: 0, duplicates_removed: 500 });
    // Every row's price id is one the list still holds.
    const ids = new Set(store.prices.map((p) => p.id));
    expect(rep.rows.filter((x: Rec) => !ids.has((x.ids as Rec).price_id))).toEqual([]);
  });

  it("asks for --yes before pruning off a terminal and deletes nothing without it", async () => {
    const { store, run } = setup(3);
    await run({ priceList: "plist_1" });
    store.prices.push({ id: "price_extra", currency_code: "usd", amount: 1, min_quantity: null, max_quantity: null, price_set: { variant: { id: "variant_0" } }, price_rules: [] });
    const refused = await run({ priceList: "plist_1", prune: true });
    expect(refused.error).toBeInstanceOf(UsageError);
    expect((refused.error as Error).message).toBe("--yes required when not running interactively");
    expect(store.prices.map((p) => p.id)).toContain("price_extra");
    const pruned = await run({ priceList: "plist_1", prune: true, yes: true });
    expect(pruned.out).toBe('Prices in price list "Sale" (plist_1): 0 created, 0 updated, 3 unchanged, 1 deleted.\n');
    expect(store.prices.map((p) => p.id)).not.toContain("price_extra");
    expect(store.prices).toHaveLength(3);
  });

  it("on a terminal, prunes only after the list's title is typed", async () => {
    const { store, run, asked } = setup(2);
    await run({ priceList: "plist_1" });
    store.prices.push({ id: "price_extra", currency_code: "usd", amount: 1, min_quantity: null, max_quantity: null, price_set: { variant: { id: "variant_0" } }, price_rules: [] });
    const declined = await run({ priceList: "plist_1", prune: true }, { typed: "sale" });
    expect(declined.error).toBeInstanceOf(CancelError);
    expect(asked).toEqual([expect.stringMatching(/^Delete 1 price of price list "Sale" that \S+prices\.csv does not list\? \[Sale\]$/)]);
    expect(store.prices.map((p) => p.id)).toContain("price_extra");
    const typed = await run({ priceList: "plist_1", prune: true }, { typed: "Sale" });
    expect(typed.error).toBeUndefined();
    expect(store.prices.map((p) => p.id)).not.toContain("price_extra");
  });
});
