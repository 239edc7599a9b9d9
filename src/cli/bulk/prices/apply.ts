import type { BulkFlags } from "../options.js";
import type { Factory } from "../../cmdutil/factory.js";
import { PartialFailureError, UsageError } from "../../../term/errors.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { renderTable } from "../../output/render.js";
import { exactAmount, formatDate, formatMoney } from "../../../shared/format.js";
import { fieldDiff, newerSummary, savedAt } from "../diff.js";
import { Problems, type Problem } from "../problems.js";
import { parseCount, parseDecimal, readSheet, type SheetRow } from "../sheet.js";
import { decimalPoint, formatNote } from "../csv-dialect.js";
import { dialectOf } from "../options.js";
import { chunked, runPool } from "../pool.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { emptyJob } from "../empty-job.js";
import { countRow, emptySummary, rowError, rowRange, type ReportRow, type ReportSummary } from "../report.js";
import { listAll, listByKeys, pageAll } from "../lookup.js";
import type { Medusa } from "../../../sdk/index.js";
import { fromListPrice, fromVariantPrice, mergedVariantPrices, planPrices, priceBody, priceKey, sameAmount, type ExistingPrice, type PricePlan, type PriceSpec } from "./plan.js";
import { UNCERTAIN_TRIES, sendSettled, settle, tryAgainAfter } from "../../../shared/uncertain.js";
import { leanHeap } from "../lean-heap.js";
import { notice } from "../../output/notice.js";
import { sanitize } from "../../../term/sanitize.js";

type Rec = Record<string, unknown>;

/** The flags of `prices apply`. */
export interface PricesApplyOptions extends BulkFlags {
  priceList?: string;
  priceListTitle?: string;
  prune?: boolean;
  yes?: boolean;
  output?: "table" | "json";
  json?: boolean;
  /** Prices per price-list batch request (default 1000). */
  chunkSize?: number;
}

/** One row of the sheet after validation. */
export interface PriceRow extends PriceSpec {
  row: number;
  line: number;
  sku?: string;
}

/** Prices per request on the price-list batch route (2,000 took about 1 s, NOTES.md §13). */
const LIST_CHUNK = 1000;
/**
 * Deletions per request: each costs Medusa more the larger the list (200 took 5–11 s in a list of
 * 10,000), and a request that keeps the server busy for long delays everyone else's.
 */
const DELETE_CHUNK = 100;
/** Variants per `variants/batch` request. */
const VARIANT_CHUNK = 100;

/** Checks every cell; unknown variants and regions are checked later against the store. */
export function validatePriceRows(rows: SheetRow[], file: string, problems: Problems): (Omit<PriceRow, "variant_id"> & { variant_id?: string })[] {
  const out: (Omit<PriceRow, "variant_id"> & { variant_id?: string })[] = [];
  const add = (r: SheetRow, column: string | undefined, message: string) => problems.add({ file, row: r.row, line: r.line, column, message });
  for (const r of rows) {
    const c = r.cells;
    const before = problems.size;
    const sku = c.sku || undefined;
    const variantId = c.variant_id || undefined;
    if (!sku && !variantId) add(r, "sku" in c ? "sku" : "variant_id", "empty: each row needs a sku or a variant_id");
    if (sku && variantId) add(r, "variant_id", "give a sku or a variant_id, not both");
    const currency = c.currency_code ?? "";
    if (!/^[a-zA-Z]{3}$/.test(currency)) add(r, "currency_code", currency ? `"${currency}" is not a 3-letter currency code` : "empty");
    // "19,99" from a semicolon-separated (German, French) sheet is 19.99.
    const amountText = decimalPoint(c.amount ?? "", r.decimalComma);
    let amount = parseDecimal(amountText);
    if (amount === undefined) add(r, "amount", c.amount ? `"${c.amount}" is not a number (write decimals like 19.99)` : "empty");
    else if (amount < 0) add(r, "amount", "must not be negative");
    else {
      // Exact or refused, against the row's own currency (2 decimals for USD, 0 for JPY…).
      const exact = exactAmount(amountText, /^[a-zA-Z]{3}$/.test(currency) ? currency : undefined);
      if ("error" in exact) {
        add(r, "amount", exact.error);
        amount = undefined;
      }
    }
    const qty = (col: string) => {
      const t = c[col];
      if (!t) return null;
      const n = parseCount(t);
      if (n === undefined) add(r, col, `"${t}" is not a whole number`);
      return n ?? null;
    };
    const min = qty("min_quantity");
    const max = qty("max_quantity");
    if (min !== null && max !== null && min > max) add(r, "max_quantity", "is less than min_quantity");
    if (problems.size > before) continue;
    out.push({
      row: r.row,
      line: r.line,
      sku,
      variant_id: variantId,
      currency_code: currency.toLowerCase(),
      amount: amount!,
      min_quantity: min,
      max_quantity: max,
      region_id: c.region_id || null,
    });
  }
  return out;
}

/** Two rows with one key would race; the sheet must say each price once. */
export function checkDuplicateKeys(rows: PriceRow[], file: string, problems: Problems): void {
  const first = new Map<string, PriceRow>();
  for (const r of rows) {
    const k = priceKey(r);
    const f = first.get(k);
    if (f) problems.add({ file, row: r.row, line: r.line, column: r.sku ? "sku" : "variant_id", message: `the same price as row ${f.row} (variant, currency, region and quantities)` });
    else first.set(k, r);
  }
}

interface VariantInfo {
  id: string;
  sku?: string;
  product_id: string;
  prices?: Rec[];
}

async function resolveVariants(sdk: Medusa, signal: AbortSignal, rows: ReturnType<typeof validatePriceRows>, withPrices: boolean, concurrency: number): Promise<{ bySku: Map<string, VariantInfo>; byId: Map<string, VariantInfo> }> {
  const fields = `id,sku,product_id${withPrices ? ",*prices,*prices.price_rules" : ""}`;
  const skus = [...new Set(rows.flatMap((r) => (r.sku ? [r.sku] : [])))];
  const ids = [...new Set(rows.flatMap((r) => (r.variant_id ? [r.variant_id] : [])))];
  const bySku = new Map<string, VariantInfo>();
  const byId = new Map<string, VariantInfo>();
  const groups: [string, string[]][] = [];
  for (let i = 0; i < skus.length; i += 100) groups.push(["sku", skus.slice(i, i + 100)]);
  for (let i = 0; i < ids.length; i += 100) groups.push(["id", ids.slice(i, i + 100)]);
  await runPool(groups, concurrency, async ([filter, values]) => {
    for (const v of await listAll<VariantInfo>(sdk, "productVariant", { [filter]: values, fields }, { signal })) {
      byId.set(v.id, v);
      if (v.sku) bySku.set(v.sku, v);
    }
  });
  return { bySku, byId };
}

async function findPriceList(sdk: Medusa, signal: AbortSignal, o: PricesApplyOptions): Promise<Rec | undefined> {
  if (o.priceList) {
    try {
      return (await sdk.admin.priceList.retrieve(o.priceList, undefined, undefined, { signal })).price_list as unknown as Rec;
    } catch (e) {
      if ((e as { status?: number }).status === 404) {
        throw new UsageError(
          `--price-list ${o.priceList}: no price list with that id`,
          /^plist_/.test(o.priceList) ? "`medusactl price-lists list` lists them; --price-list-title TITLE finds one by title (and creates it when missing)" : "--price-list takes an id (plist_…); to name a list by its title use --price-list-title",
        );
      }
      throw e;
    }
  }
  const title = o.priceListTitle!;
  const found = (await listAll<Rec>(sdk, "priceList", { q: title }, { signal })).filter((p) => p.title === title);
  if (found.length > 1) throw new UsageError(`${found.length} price lists are titled "${title}"`, `name one with --price-list (${found.map((p) => p.id).join(", ")})`);
  return found[0];
}

export interface PricesResult {
  dry_run: boolean;
  price_list?: { id?: string; title: string; created: boolean };
  summary: ReportSummary & { delete: number };
  plan?: { create: Rec[]; update: Rec[]; unchanged: Rec[]; delete: Rec[] };
}

const describe = (p: { sku?: string; variant_id: string; currency_code: string; region_id: string | null; min_quantity: number | null; max_quantity: number | null }) => ({
  variant: p.sku ?? p.variant_id,
  currency: p.currency_code,
  region_id: p.region_id ?? "",
  quantities: p.min_quantity === null && p.max_quantity === null ? "" : `${p.min_quantity ?? 0}–${p.max_quantity ?? "∞"}`,
});

export async function pricesApplyRun(f: Factory, file: string, o: PricesApplyOptions): Promise<PricesResult> {
  leanHeap();
  if (o.priceList && o.priceListTitle) throw new UsageError("give --price-list or --price-list-title, not both");
  if (o.prune && !o.priceList && !o.priceListTitle) throw new UsageError("--prune works on a price list: add --price-list or --price-list-title", "without a list, variant prices are merged and never deleted");
  await checkBulkFlags(o);
  const format = o.json ? "json" : (o.output ?? "table");
  const withList = Boolean(o.priceList || o.priceListTitle);

  // 1. The sheet, every cell checked.
  const problems = new Problems();
  const sheet = await readSheet(file, file, { required: ["currency_code", "amount"], optional: ["min_quantity", "max_quantity", "region_id"], oneOf: [["sku", "variant_id"]] }, problems, f.signal, dialectOf(o));
  const note = sheet.format && formatNote(file, sheet.format);
  if (note) notice(f.io, sanitize(note), o.quiet);
  const valid = validatePriceRows(sheet.rows, file, problems);
  if (problems.list.some((p) => p.row === 1 || p.row === undefined)) problems.throwIfAny();
  if (!sheet.rows.length && !problems.size) {
    emptyJob(f, file, o.json || o.output === "json", { dryRun: Boolean(o.dryRun) });
    return { dry_run: Boolean(o.dryRun), summary: { ...emptySummary(), delete: 0 } };
  }

  // 2. Variants and regions named by the sheet must exist.
  const sdk = await f.sdk({ pool: true });
  const { bySku, byId } = await resolveVariants(sdk, f.signal, valid, !withList, o.concurrency);
  const regionIds = [...new Set(valid.flatMap((r) => (r.region_id ? [r.region_id] : [])))];
  const regions = new Set((await listByKeys<Rec>(sdk, "region", "id", regionIds, { fields: "id" }, { signal: f.signal })).map((r) => r.id as string));
  const rows: PriceRow[] = [];
  for (const r of valid) {
    const v = r.sku ? bySku.get(r.sku) : byId.get(r.variant_id!);
    const miss: Problem | undefined = !v
      ? { file, row: r.row, line: r.line, column: r.sku ? "sku" : "variant_id", message: r.sku ? `no variant with SKU "${r.sku}"` : `no variant ${r.variant_id}` }
      : r.region_id && !regions.has(r.region_id)
        ? { file, row: r.row, line: r.line, column: "region_id", message: `no region ${r.region_id}` }
        : undefined;
    if (miss) problems.add(miss);
    else rows.push({ ...r, variant_id: v!.id });
  }
  checkDuplicateKeys(rows, file, problems);
  problems.throwIfAny();

  // 3. The plan against the live store.
  let list = withList ? await findPriceList(sdk, f.signal, o) : undefined;
  const listTitle = (list?.title as string | undefined) ?? o.priceListTitle;
  let existing: ExistingPrice[] = [];
  if (list) {
    const id = list.id as string;
    existing = (await pageAll<Rec>((q) => sdk.admin.priceList.prices(id, q, undefined, { signal: f.signal }), "prices", {}, 1000)).map(fromListPrice);
  }
  const variantPrices = new Map<string, (ExistingPrice & { otherRules: boolean; rules: Rec })[]>();
  if (!withList) {
    for (const v of byId.values()) variantPrices.set(v.id, (v.prices ?? []).map((p) => fromVariantPrice(v.id, p)));
    existing = [...variantPrices.values()].flat().filter((p) => !p.otherRules);
  }
  const plan = planPrices(rows, existing, { prune: o.prune });
  const summary = { ...emptySummary(), delete: plan.delete.length };
  const result: PricesResult = {
    dry_run: Boolean(o.dryRun),
    price_list: withList ? { id: list?.id as string | undefined, title: listTitle!, created: false } : undefined,
    summary,
  };
  const skuOf = new Map([...byId.values()].map((v) => [v.id, v.sku]));

  // Pruned prices belong to variants the sheet does not name: look their SKUs up for the plan.
  const unknown = [...new Set(plan.delete.map((e) => e.variant_id).filter((id) => !skuOf.has(id)))];
  for (const v of await listByKeys<Rec>(sdk, "productVariant", "id", unknown, { fields: "id,sku" }, { signal: f.signal })) skuOf.set(v.id as string, v.sku as string | undefined);

  // 4. The confirmation --prune needs, then the writes (or, in a dry run, their plan).
  if (plan.delete.length && !o.dryRun) {
    await requireConfirmation(f.io, f.prompter(), {
      yes: o.yes,
      level: "severe",
      question: `Delete ${plan.delete.length} price${plan.delete.length === 1 ? "" : "s"} of price list "${listTitle}" that ${file} does not list?`,
      typed: listTitle,
    });
  }
  const keyText = (p: PriceRow) => [p.sku ?? p.variant_id, p.currency_code, p.region_id ?? "", p.min_quantity ?? "", p.max_quantity ?? ""].join("|");
  const rowFor = (p: PriceRow, action: ReportRow["action"], priceId?: string, changes?: string[]): ReportRow => ({ row: p.row, line: p.line !== p.row ? p.line : undefined, action, key: keyText(p), ids: { variant_id: p.variant_id, price_id: priceId }, changes });
  const opRow = (op: PriceOp, priceId?: string): ReportRow | undefined => (op.kind === "create" ? rowFor(op.p, "create", priceId) : op.kind === "update" ? rowFor(op.u.price, "update", op.u.id, ["amount"]) : undefined);
  const chunks: PriceChunk[] = [];
  if (withList) {
    const writes: PriceOp[] = [...plan.create.map((p) => ({ kind: "create" as const, p })), ...plan.update.map((u) => ({ kind: "update" as const, u }))];
    const deletes: PriceOp[] = plan.delete.map((e) => ({ kind: "delete" as const, e }));
    for (const ops of [...chunked(writes, { maxItems: o.chunkSize ?? LIST_CHUNK }), ...chunked(deletes, { maxItems: DELETE_CHUNK })]) chunks.push({ ops });
  } else {
    // Each variant gets its whole price list back, merged; grouped per product for variants/batch.
    const byVariant = new Map<string, PriceOp[]>();
    for (const op of [...plan.create.map((p) => ({ kind: "create" as const, p })), ...plan.update.map((u) => ({ kind: "update" as const, u }))]) {
      const vid = op.kind === "create" ? op.p.variant_id : op.u.price.variant_id;
      byVariant.set(vid, [...(byVariant.get(vid) ?? []), op]);
    }
    const byProduct = new Map<string, string[]>();
    for (const vid of byVariant.keys()) {
      const pid = byId.get(vid)!.product_id;
      byProduct.set(pid, [...(byProduct.get(pid) ?? []), vid]);
    }
    for (const [productId, vids] of byProduct) {
      for (let i = 0; i < vids.length; i += VARIANT_CHUNK) {
        const variants = vids.slice(i, i + VARIANT_CHUNK);
        chunks.push({ productId, variants, ops: variants.flatMap((vid) => byVariant.get(vid)!) });
      }
    }
  }
  let deleted = 0;
  let failedDeletes = 0;
  let duplicatesRemoved = 0;
  // The price each created row reports, by key: what a sweep for duplicates keeps.
  const keptIds = new Map<string, string | undefined>();
  let lostAny = false;
  const listId = () => list!.id as string;
  const readBack = (signal: AbortSignal) => async () => (await pageAll<Rec>((q) => sdk.admin.priceList.prices(listId(), q, undefined, { signal }), "prices", {}, 1000)).map(fromListPrice);
  const engine: Engine<PriceChunk> = {
    job: {
      command: "prices apply",
      file,
      idColumns: ["variant_id", "price_id"],
      progress: { label: "applying prices", unit: "prices", total: plan.create.length + plan.update.length + plan.delete.length + plan.unchanged.length },
      lastRow: Math.max(1, ...sheet.rows.map((r) => r.row)),
    },
    settled: plan.unchanged.map((p) => rowFor(p, "unchanged", existing.find((e) => priceKey(e) === priceKey(p))?.id)),
    chunks: () => chunks,
    plan: (chunk) => chunk.ops.flatMap((op) => opRow(op) ?? []),
    size: (chunk) => chunk.ops.length,
    describe: (chunk) => {
      if (chunk.productId) return `the prices of ${chunk.variants!.length} variant${chunk.variants!.length === 1 ? "" : "s"} of product ${chunk.productId}`;
      const rows = chunk.ops.flatMap((op) => (op.kind === "delete" ? [] : [op.kind === "create" ? op.p.row : op.u.price.row]));
      return rows.length ? `rows ${rowRange(rows)}` : `${chunk.ops.length} deletions`;
    },
    async prepare(signal) {
      if (!withList || list) return;
      list = (await sdk.admin.priceList.create({ title: listTitle, description: listTitle, type: "sale", status: "active", rules: {} } as never, undefined, undefined, { signal })).price_list as unknown as Rec;
      result.price_list = { id: list.id as string, title: listTitle!, created: true };
      notice(f.io, `Created price list "${listTitle}" (${list.id}).`, o.quiet);
    },
    async write(chunk, _planned, signal) {
      const sent = chunk.productId ? await writeVariants(chunk as Required<PriceChunk>, signal) : await writeList(chunk.ops, signal);
      const out: ReportRow[] = [];
      for (const d of sent.done) {
        if (d.item.kind === "delete") deleted++;
        else if (d.item.kind === "create" && withList) {
          keptIds.set(priceKey(d.item.p), d.result);
          out.push(opRow(d.item, d.result)!);
        } else out.push(opRow(d.item)!);
      }
      const err = sent.failed.length ? rowError(sent.error) : undefined;
      failedDeletes += sent.failed.filter((op) => op.kind === "delete").length;
      for (const op of sent.failed) if (op.kind !== "delete") out.push({ ...(op.kind === "create" ? rowFor(op.p, "create") : rowFor(op.u.price, "update", op.u.id)), action: "failed", error: err });
      return out;
    },
    async finish(signal) {
      // A batch our timeout gave up on can land after its read-back found nothing and it was sent
      // again: a price list takes the same price twice (nothing on the server refuses it).
      if (lostAny && !signal.aborted) duplicatesRemoved = await removeDuplicates({ sdk, listId: listId(), readBack: readBack(signal), keptIds, signal });
      if (duplicatesRemoved) notice(f.io, `Removed ${duplicatesRemoved} duplicate price${duplicatesRemoved === 1 ? "" : "s"}: a batch whose answer was lost landed after it had been sent again.`);
    },
    extra: () => ({ deleted, delete_failed: failedDeletes, price_list_id: list?.id ?? null, ...(duplicatesRemoved ? { duplicates_removed: duplicatesRemoved } : {}) }),
    beside: () => ({ failed: failedDeletes, what: "deletions" }),
  };

  /** One batch on the price list; a lost answer is read back by key (creates), id and amount (updates) or absence (deletes). */
  function writeList(ops: PriceOp[], signal: AbortSignal) {
    return sendSettled<PriceOp, string | undefined>(ops, {
      signal,
      send: async (pending) => {
        const body = {
          create: pending.flatMap((op) => (op.kind === "create" ? [priceBody(op.p, true)] : [])),
          update: pending.flatMap((op) => (op.kind === "update" ? [{ id: op.u.id, variant_id: op.u.price.variant_id, amount: op.u.price.amount }] : [])),
          delete: pending.flatMap((op) => (op.kind === "delete" ? [op.e.id] : [])),
        };
        const res = (await sdk.admin.priceList.batchPrices(listId(), body as never, undefined, undefined, { signal })) as unknown as { created?: Rec[] };
        // `created` is not in input order: match the new ids by key.
        const createdIds = new Map(((res.created as Rec[]) ?? []).map((c) => [priceKey(fromListPrice(c)), c.id as string]));
        return pending.map((op) => (op.kind === "create" ? createdIds.get(priceKey(op.p)) : undefined));
      },
      readBack: async (pending) => {
        lostAny = true;
        const now = await readBack(signal)();
        const byKey = new Map(now.map((x) => [priceKey(x), x]));
        const byId = new Map(now.map((x) => [x.id, x]));
        // "" marks an update or delete that holds (a price id is never empty).
        return pending.map((op) => (op.kind === "create" ? byKey.get(priceKey(op.p))?.id : op.kind === "update" ? (sameAmount(byId.get(op.u.id)?.amount, op.u.price.amount) ? "" : undefined) : byId.has(op.e.id) ? undefined : ""));
      },
    });
  }

  /**
   * One variants/batch of a product. A lost answer: the variants are read back, and the write
   * counts as done when every price of the sheet is there with its amount (the same merge sent
   * again changes nothing).
   */
  function writeVariants(chunk: Required<PriceChunk>, signal: AbortSignal) {
    const mine = (vid: string) => chunk.ops.filter((op) => (op.kind === "create" ? op.p.variant_id : op.kind === "update" ? op.u.price.variant_id : "") === vid);
    const wanted = (op: PriceOp) => (op.kind === "create" ? op.p : op.kind === "update" ? op.u.price : undefined)!;
    return sendSettled<PriceOp[], true>([chunk.ops], {
      signal,
      send: async () => {
        const update = chunk.variants.map((vid) => ({ id: vid, prices: mergedVariantPrices(variantPrices.get(vid) ?? [], planOf(mine(vid))) }));
        await sdk.admin.product.batchVariants(chunk.productId, { update } as never, undefined, undefined, { signal });
        return [true];
      },
      readBack: async () => {
        const now = await listByKeys<Rec>(sdk, "productVariant", "id", chunk.variants, { fields: "id,*prices,*prices.price_rules" }, { signal });
        const have = new Map(now.flatMap((v) => ((v.prices as Rec[]) ?? []).map((p) => fromVariantPrice(v.id as string, p))).map((p) => [priceKey(p), p]));
        return [chunk.ops.every((op) => sameAmount(have.get(priceKey(wanted(op)))?.amount, wanted(op).amount)) ? true : undefined];
      },
    }).then((sent) => ({ done: sent.done.flatMap((d) => d.item.map((item) => ({ item, result: undefined }))), failed: sent.failed.flat(), error: sent.error }));
  }

  const since = o.dryRun ? await savedAt(file) : undefined;
  const listIsNew = withList && !list;
  await runEngine(f, o, engine, (run) => {
    result.summary = { ...run.summary, delete: run.dryRun ? plan.delete.length : deleted };
    if (!run.dryRun) return writeSummary(f, result, format);
    const walked = new Set(run.walked.flatMap((w) => w.chunk.ops));
    const shown: PricePlan<PriceRow> = { ...plan, create: [], update: [], delete: [] };
    for (const op of walked) {
      if (op.kind === "create") shown.create.push(op.p);
      else if (op.kind === "update") shown.update.push(op.u);
      else shown.delete.push(op.e);
    }
    // The preview keeps the sheet's order (the variant path walks product by product).
    const order = new Map([...plan.create, ...plan.update, ...plan.delete].map((x, i) => [x, i]));
    for (const k of ["create", "update", "delete"] as const) (shown[k] as object[]).sort((a, b) => order.get(a as never)! - order.get(b as never)!);
    writeDryRun(f, result, shown, skuOf, format, listIsNew, listTitle, { file, since });
  });
  return result;
}

/** A price the run sends: a row of the sheet to create or update, or (--prune) one to delete. */
type PriceOp = { kind: "create"; p: PriceRow } | { kind: "update"; u: PricePlan<PriceRow>["update"][number] } | { kind: "delete"; e: ExistingPrice };
/** One request: a batch on the price list, or (no list) the variants of one product. */
interface PriceChunk {
  ops: PriceOp[];
  productId?: string;
  variants?: string[];
}

function planOf(ops: PriceOp[]): PricePlan<PriceRow> {
  return {
    create: ops.flatMap((op) => (op.kind === "create" ? [op.p] : [])),
    update: ops.flatMap((op) => (op.kind === "update" ? [op.u] : [])),
    unchanged: [],
    delete: [],
  };
}

/**
 * Deletes the extra copies of prices this run created (same variant, currency, region and
 * quantities), keeping the one each row reports. Only keys the run created are looked at: a key
 * the list held before was planned as an update, so a second price under it is not ours to
 * remove. Deletions whose answer is lost are read back like any other write. Says how many went.
 */
async function removeDuplicates(o: { sdk: Medusa; listId: string; readBack: () => Promise<ExistingPrice[]>; keptIds: Map<string, string | undefined>; signal: AbortSignal }): Promise<number> {
  const extras = (now: ExistingPrice[]) => {
    const byKey = new Map<string, ExistingPrice[]>();
    for (const p of now) {
      const key = priceKey(p);
      if (o.keptIds.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), p]);
    }
    return [...byKey].flatMap(([key, ps]) => {
      if (ps.length < 2) return [];
      const keep = ps.find((p) => p.id === o.keptIds.get(key)) ?? ps[0]!;
      return ps.filter((p) => p !== keep).map((p) => p.id);
    });
  };
  let left = extras(await o.readBack());
  const seen = new Set(left);
  for (let attempt = 0; left.length && attempt < UNCERTAIN_TRIES; attempt++) {
    try {
      for (const ids of chunked(left, { maxItems: DELETE_CHUNK })) await o.sdk.admin.priceList.batchPrices(o.listId, { create: [], update: [], delete: ids } as never, undefined, undefined, { signal: o.signal });
    } catch (e) {
      if (!tryAgainAfter(e, attempt)) throw e;
      await settle(attempt, o.signal, e);
    }
    left = extras(await o.readBack());
    for (const id of left) seen.add(id);
  }
  if (left.length) throw new Error(`price list ${o.listId} still holds ${left.length} duplicate price${left.length === 1 ? "" : "s"} this run created (ids ${left.slice(0, 3).join(", ")}${left.length > 3 ? ", …" : ""}): delete them from the list`);
  return seen.size;
}

function writeSummary(f: Factory, r: PricesResult, format: string): void {
  const s = r.summary;
  if (format === "json") {
    f.io.out.write(JSON.stringify(r, null, 2) + "\n");
    return;
  }
  const where = r.price_list ? ` in price list "${r.price_list.title}" (${r.price_list.id})` : " on variants";
  const changed = s.create + s.update + s.delete;
  const text =
    changed === 0 && s.failed === 0
      ? `No changes: ${s.unchanged} price${s.unchanged === 1 ? "" : "s"} unchanged${where}.`
      : `Prices${where}: ${s.create} created, ${s.update} updated, ${s.unchanged} unchanged${r.price_list ? `, ${s.delete} deleted` : ""}${s.failed ? `, ${s.failed} failed` : ""}.`;
  f.io.out.write(text + "\n");
}

function writeDryRun(f: Factory, r: PricesResult, plan: PricePlan<PriceRow>, skuOf: Map<string, string | undefined>, format: string, listIsNew: boolean, title: string | undefined, saved: { file: string; since?: number }): void {
  const money = (a: number, c: string) => formatMoney(a, c);
  // A price the store changed after the sheet was saved: applying the sheet would undo that change.
  const newer = (u: PricePlan<PriceRow>["update"][number]) => fieldDiff("amount", u.old, u.price.amount, u.at, saved.since).newer;
  const flagged = plan.update.filter((u) => newer(u)).length;
  const lines = [
    ...plan.create.map((p) => ({ change: "new", ...describe(p), old: "", new: money(p.amount, p.currency_code), note: "" })),
    ...plan.update.map((u) => ({ change: "changed", ...describe(u.price), old: money(u.old, u.price.currency_code), new: money(u.price.amount, u.price.currency_code), note: newer(u) ? `undoes a change made at ${formatDate(newer(u))} UTC, after the sheet was saved` : "" })),
    ...plan.delete.map((e) => ({ change: "delete", ...describe({ ...e, sku: skuOf.get(e.variant_id) }), old: money(e.amount, e.currency_code), new: "", note: "" })),
  ];
  const s = r.summary;
  if (format === "json") {
    const rec = (p: PriceRow) => ({ row: p.row, sku: p.sku, variant_id: p.variant_id, currency_code: p.currency_code, region_id: p.region_id, min_quantity: p.min_quantity, max_quantity: p.max_quantity, amount: p.amount });
    r.plan = {
      create: plan.create.map(rec),
      update: plan.update.map((u) => ({ ...rec(u.price), id: u.id, old_amount: u.old, ...(newer(u) ? { newer: newer(u) } : {}) })),
      unchanged: plan.unchanged.map(rec),
      delete: plan.delete.map((e) => ({ ...e, sku: skuOf.get(e.variant_id) })),
    };
    f.io.out.write(JSON.stringify(r, null, 2) + "\n");
    return;
  }
  if (listIsNew) notice(f.io, `Price list "${title}" does not exist; a real run creates it (type sale, status active).`);
  if (lines.length) f.io.out.write(renderTable(f.io, lines, ["change", "variant", "currency", "region_id", "quantities", "old", "new", ...(flagged ? ["note"] : [])]));
  const newerText = newerSummary(flagged, saved.file, saved.since);
  if (newerText) notice(f.io, newerText);
  const where = r.price_list ? ` in price list "${r.price_list.title}"` : " on variants";
  notice(
    f.io,
    lines.length
      ? `Dry run${where}: ${s.create} new, ${s.update} changed, ${s.unchanged} unchanged${r.price_list ? `, ${s.delete} to delete` : ""}; nothing was written.\n`
      : `Dry run${where}: no changes; ${s.unchanged} price${s.unchanged === 1 ? "" : "s"} unchanged.\n`,
  );
}
