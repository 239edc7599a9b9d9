/**
 * `orders pick-list`: what the warehouse (or the 3PL) picks and packs, one row per order line that
 * still has something to ship. Streamed page by page (memory stays flat however many orders);
 * CSV cells are neutralised for spreadsheets as every export is. `--since last` continues from
 * the previous pick list of the same profile, for a daily run.
 */
import path from "node:path";
import { promises as fs } from "node:fs";
import type { Writable } from "node:stream";
import type { Factory } from "../../cmdutil/factory.js";
import { openOutputFile } from "../../cmdutil/output-file.js";
import { parseSince } from "../../cmdutil/input.js";
import { writeFileAtomic } from "../../../sdk/atomic-write.js";
import { moneyNumberText } from "../../../shared/format.js";
import { lineQuantities } from "../../../shared/orders/lines.js";
import { CsvWriter } from "../csv.js";
import { createProgress } from "../progress.js";
import { notice } from "../../output/notice.js";
import { UsageError } from "../../../term/errors.js";
import { sanitize } from "../../../term/sanitize.js";
import { resolveRef, REFS } from "../lookup.js";
import { readOrdersById, syncedOrderIndex } from "../order-index.js";
import { indexAnswers, matchesFilter } from "../../../shared/orders/queues.js";

/** Orders read by id in one request (Medusa 2.21 takes `id[]` lists of 100). */
const BY_ID = 100;
/** Orders nothing is picked for. */
const CLOSED = new Set(["canceled", "archived", "draft"]);

type Rec = Record<string, any>;

export interface PickListOptions {
  paymentStatus?: string[];
  fulfillmentStatus?: string[];
  since?: string;
  salesChannel?: string;
  region?: string;
  output?: "csv" | "ndjson";
  out?: string;
  csvRaw?: boolean;
  quiet?: boolean;
}

export const PICK_COLUMNS = [
  "display_id",
  "order_id",
  "created_at",
  "customer_name",
  "email",
  "ship_to_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
  "shipping_method",
  "sku",
  "title",
  "variant",
  "quantity_to_ship",
  "unit_price",
  "currency_code",
  "payment_status",
  "fulfillment_status",
] as const;

const FIELDS = [
  "id",
  "display_id",
  "created_at",
  "status",
  "payment_status",
  "fulfillment_status",
  "email",
  "currency_code",
  "*customer",
  "*shipping_address",
  "*shipping_methods",
  "*items",
].join(",");

/** Statuses Medusa 2.21 does not filter on (the list ignores them): they are checked here. */
const NEED_WORK = new Set(["not_fulfilled", "partially_fulfilled", "fulfilled", "partially_shipped"]);

/** The rows of one order: each line with something left to ship. */
export function pickRows(o: Rec): Record<(typeof PICK_COLUMNS)[number], string>[] {
  const a = (o.shipping_address ?? {}) as Rec;
  const c = (o.customer ?? {}) as Rec;
  const name = (x: Rec) => [x.first_name, x.last_name].filter(Boolean).join(" ");
  const out: Record<(typeof PICK_COLUMNS)[number], string>[] = [];
  for (const item of (o.items ?? []) as Rec[]) {
    const q = lineQuantities(item as never);
    const left = q.ordered - q.shipped - q.returnRequested - q.returned;
    if (left <= 0) continue;
    out.push({
      display_id: String(o.display_id ?? ""),
      order_id: o.id,
      created_at: o.created_at ?? "",
      customer_name: name(c),
      email: o.email ?? c.email ?? "",
      ship_to_name: name(a),
      company: a.company ?? "",
      address_1: a.address_1 ?? "",
      address_2: a.address_2 ?? "",
      city: a.city ?? "",
      province: a.province ?? "",
      postal_code: a.postal_code ?? "",
      country_code: a.country_code ?? "",
      phone: a.phone ?? "",
      shipping_method: ((o.shipping_methods ?? []) as Rec[]).map((m) => m.name).filter(Boolean).join("; "),
      sku: item.variant_sku ?? "",
      title: item.product_title ?? item.title ?? "",
      variant: item.variant_title ?? "",
      quantity_to_ship: String(left),
      unit_price: moneyNumberText(item.unit_price, o.currency_code) ?? "",
      currency_code: o.currency_code ?? "",
      payment_status: o.payment_status ?? "",
      fulfillment_status: o.fulfillment_status ?? "",
    });
  }
  return out;
}

/** Where `--since last` is remembered: one timestamp per profile (or URL). */
function sinceFile(f: Factory): string {
  return path.join(f.dataDir(), "pick-list.json");
}

/** What `--since last` reads: only an instant in the form it writes (`toISOString`), never any stored text. */
const WRITTEN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isWritten = (v: unknown): v is string => typeof v === "string" && WRITTEN.test(v) && new Date(v).toISOString() === v;

/** Profile (or URL) → when its last pick list started; a file of another shape is set aside (state-file.ts). */
async function readSinceFile(f: Factory): Promise<Record<string, unknown>> {
  const { readStateFile, setAsideNotice } = await import("../../cmdutil/state-file.js");
  const got = await readStateFile(sinceFile(f), (v) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined), f.now);
  if (got.setAside) notice(f.io, setAsideNotice(got.setAside));
  return got.value ?? {};
}

export async function pickListRun(f: Factory, o: PickListOptions): Promise<void> {
  const target = await f.target();
  const key = target.profileName ?? target.url;
  const startedAt = new Date(f.now()).toISOString();
  let since: string | undefined;
  const remembered = await readSinceFile(f);
  if (o.since === "last") {
    const stored = remembered[key];
    if (stored !== undefined && !isWritten(stored)) {
      throw new UsageError(`--since last: ${sinceFile(f)} holds ${sanitize(JSON.stringify(String(stored).slice(0, 40)))} for ${key}, not a time medusactl wrote`, "pass --since DATE (2026-11-01) or a duration (24h) this time; the next pick list remembers its own start again");
    }
    since = stored;
    notice(f.io, since ? `Orders created since the last pick list (${since}).` : "No earlier pick list for this profile: every order that needs work.", o.quiet);
  } else if (o.since) {
    since = parseSince(o.since, f.now());
  }
  const sdk = await f.sdk({ pool: true });
  const query: Rec = { fields: FIELDS, order: "created_at" };
  if (since) query.created_at = { $gte: since };
  if (o.salesChannel) query.sales_channel_id = [(await resolveRef(sdk, REFS.salesChannel, o.salesChannel, f.signal)).id];
  if (o.region) {
    const { resolveRegion } = await import("../../../shared/orders/shipping.js");
    query.region_id = [(await resolveRegion(sdk, o.region, { signal: f.signal })).id];
  }
  const payment = o.paymentStatus?.length ? new Set(o.paymentStatus) : undefined;
  const fulfilment = o.fulfillmentStatus?.length ? new Set(o.fulfillmentStatus) : NEED_WORK;

  const file = o.out ? await openOutputFile(o.out, "--out") : undefined;
  const stream = (file?.stream ?? f.io.out) as Writable;
  const csv = o.output !== "ndjson" ? new CsvWriter(stream, { raw: o.csvRaw }) : undefined;
  const progress = createProgress(f.io, { label: "reading orders", unit: "orders", quiet: o.quiet });
  let lines = 0;
  try {
    await csv?.write([...PICK_COLUMNS]);
    const take = async (order: Rec) => {
      progress.add();
      if (CLOSED.has(order.status)) return;
      if (!fulfilment.has(order.fulfillment_status) || (payment && !payment.has(order.payment_status))) return;
      for (const r of pickRows(order)) {
        lines++;
        if (csv) await csv.write(PICK_COLUMNS.map((c) => r[c]));
        else if (!stream.write(JSON.stringify(r) + "\n")) await new Promise<void>((res) => stream.once("drain", res));
      }
    };
    // Orders that still need work come from the local index of order states (every one, however
    // old), read again by id; other filters walk every order.
    const filter = { fulfillment: [...fulfilment], payment: payment ? [...payment] : undefined };
    const index = indexAnswers(filter) ? await syncedOrderIndex(f, { quiet: o.quiet }) : undefined;
    if (index) {
      const ids = index.candidates((x) => !CLOSED.has(x.status) && matchesFilter(x, filter), "oldest").map((x) => x.id);
      progress.setTotal(ids.length);
      const { order: _order, ...byId } = query;
      for (let at = 0; at < ids.length; at += BY_ID) {
        const rows = await readOrdersById(sdk, ids.slice(at, at + BY_ID), byId, f.signal);
        index.observe(rows);
        for (const order of rows) await take(order);
      }
      await index.flush();
    } else for await (const order of sdk.admin.order.paginate<Rec>(query, { signal: f.signal })) await take(order);
    await csv?.flush();
    await file?.commit();
  } catch (e) {
    await file?.discard();
    throw e;
  } finally {
    progress.done();
  }
  // The next `--since last` starts where this one started (orders placed while it ran are in the next one too).
  // Entries of other profiles are kept only when they are times this command wrote.
  const all = Object.fromEntries(Object.entries(await readSinceFile(f)).filter(([, v]) => isWritten(v)));
  await fs.mkdir(f.dataDir(), { recursive: true, mode: 0o700 });
  await writeFileAtomic(sinceFile(f), JSON.stringify({ ...all, [key]: startedAt }, null, 2));
  notice(f.io, `${lines} line${lines === 1 ? "" : "s"} to ship${o.out ? ` in ${o.out}` : ""}.`, o.quiet || (!o.out && !f.io.isStderrTTY));
}
