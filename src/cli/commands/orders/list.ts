import { Command, InvalidArgumentError, Option } from "commander";
import type { HttpTypes } from "@medusajs/types";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { UsageError } from "../../../term/errors.js";
import { collect, parseSince } from "../../cmdutil/input.js";
import { OUTPUT_FORMATS, type OutputFormat } from "../../output/render.js";
import { notice } from "../../output/notice.js";
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, type StatusKind, statusProblem, statusWord } from "../../../shared/orders/statuses.js";
import { CSV_RAW_HELP } from "../../output/csv-field.js";

export interface ListOptions {
  status?: string[];
  paymentStatus?: string[];
  fulfillmentStatus?: string[];
  since?: string;
  email?: string;
  search?: string;
  query?: string[];
  limit?: number;
  offset?: number;
  all?: boolean;
  fields?: string;
  order?: string;
  output?: OutputFormat;
  json?: boolean;
}

export const LIST_COLUMNS = ["display_id", "created_at", "email", "status", "payment_status", "fulfillment_status", "total"];

function count(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number");
  return n;
}

/** Comma lists and repeated flags both work: `--status pending,completed` = `--status pending --status completed`. */
function list(v: string, prev: string[] = []): string[] {
  return [...prev, ...v.split(",").map((s) => s.trim()).filter(Boolean)];
}

/** A status list checked before any request (Medusa answers an unknown status with a 500): exit 2 with the allowed words. */
export function statuses(kind: StatusKind) {
  return (v: string, prev: string[] = []): string[] => {
    const words = list(v);
    for (const w of words) {
      const problem = statusProblem(kind, w);
      if (problem) throw new InvalidArgumentError(problem);
    }
    return [...prev, ...words.map(statusWord)];
  };
}

export function makeListCommand(ctx: CommandContext, run: (f: Factory, o: ListOptions) => Promise<void> = listRun): Command {
  const cmd = new Command("list")
    .description("List orders, newest first")
    .option("--status <s>", `order status: ${ORDER_STATUSES.join(", ")} (comma list or repeat)`, statuses("status"))
    .option("--payment-status <s>", `${PAYMENT_STATUSES.join(", ")} (comma list or repeat)`, statuses("payment"))
    .option("--fulfillment-status <s>", `${FULFILLMENT_STATUSES.join(", ")} (comma list or repeat)`, statuses("fulfillment"))
    .option("--since <date|duration>", "created at or after: 2026-11-01, or 30m, 24h, 7d, 2w ago")
    .option("--email <address>", "the customer's e-mail (exact)")
    .option("--search <text>", "free-text search (Medusa's q: e-mail, names, display id…)")
    .option("--query <querystring>", "extra query parameters, qs syntax: region_id=reg_…&sales_channel_id[]=sc_… (repeatable)", collect)
    .option("--limit <n>", "how many orders (default 50)", count)
    .option("--offset <n>", "skip this many orders", count)
    .option("--all", "every matching order")
    .option("--fields <fields>", "Medusa fields selection (e.g. id,display_id,email,*items); the table and CSV show these columns")
    .option("--order <field>", "sort by a field; prefix - for descending (default -created_at)")
    .addOption(new Option("-o, --output <format>", "table, json, ndjson, csv, or ids (one id per line)").choices(OUTPUT_FORMATS as string[]))
    .option("--json", "same as --output json")
    .option("--csv-raw", `with -o csv: ${CSV_RAW_HELP}`)
    .addHelpText(
      "after",
      "\nPayment and fulfilment statuses are computed by Medusa and cannot be filtered on the server. Work still to do\n(not_fulfilled, fulfilled, partially_*, authorized, …) and canceled orders come from a local index of order states\n(built once by reading every order, then kept up to date from what changed); each order is read again before it is\nshown. Other statuses (delivered, captured, …) walk pages until enough orders match.\n\nExamples:\n  medusactl orders list --since 24h --payment-status authorized\n  medusactl orders list --fulfillment-status not_fulfilled --all --output csv\n  medusactl orders list --email jane@example.com --json\n  medusactl orders list --fields id,display_id,email,total --order display_id",
    );
  return cmd.action(async (o, c: Command) => run(ctx.factory(c), o));
}

type Order = HttpTypes.AdminOrder;

/** Orders read by id in one request (Medusa 2.21 takes `id[]` lists of 100). */
const BY_ID = 100;

export async function listRun(f: Factory, o: ListOptions): Promise<void> {
  const { parseUserQuery } = await import("../../../sdk/query.js");
  const { pickColumns, writeList } = await import("../../output/render.js");
  const format: OutputFormat = o.json ? "json" : (o.output ?? "table");
  const query: Record<string, unknown> = {};
  for (const part of o.query ?? []) Object.assign(query, parseUserQuery(part));
  if (o.status?.length) query.status = o.status;
  if (o.since) query.created_at = { ...((query.created_at as object) ?? {}), $gte: parseSince(o.since, f.now()) };
  const search = o.search ?? o.email;
  if (search) query.q = search;
  // Filters on computed statuses and e-mail need those fields whatever --fields says.
  const computed = [o.paymentStatus?.length ? "+payment_status" : "", o.fulfillmentStatus?.length ? "+fulfillment_status" : "", o.email ? "+email" : ""].filter(Boolean);
  query.fields = o.fields ? [o.fields, ...computed].join(",") : "+email,+currency_code";
  query.order = o.order ?? "-created_at";
  const email = o.email?.toLowerCase();
  const keep = (ord: Order) =>
    (!o.paymentStatus?.length || o.paymentStatus.includes(String(ord.payment_status))) &&
    (!o.fulfillmentStatus?.length || o.fulfillmentStatus.includes(String(ord.fulfillment_status))) &&
    (!email || ord.email?.toLowerCase() === email);
  const clientFilter = Boolean(o.paymentStatus?.length || o.fulfillmentStatus?.length || email);
  const limit = o.limit ?? 50;
  const sdk = await f.sdk();
  const orders: Order[] = [];
  let total: number | undefined;
  const { indexAnswers } = await import("../../../shared/orders/queues.js");
  const statusFilter = { payment: o.paymentStatus, fulfillment: o.fulfillmentStatus };
  // Sparse states (work still to do, canceled orders) from the local index, whatever their age;
  // the orders themselves are read again and filtered on what Medusa answers now.
  const indexed = indexAnswers(statusFilter) && o.offset === undefined && (query.order === "-created_at" || query.order === "created_at");
  const index = indexed ? await (await import("../../bulk/order-index.js")).syncedOrderIndex(f) : undefined;
  if (index) {
    const { matchesFilter } = await import("../../../shared/orders/queues.js");
    const { readOrdersById } = await import("../../bulk/order-index.js");
    const ids = index.candidates((x) => matchesFilter(x, statusFilter), query.order === "created_at" ? "oldest" : "newest").map((x) => x.id);
    const { order: _order, ...rest } = query;
    for (let at = 0; at < ids.length && (o.all || orders.length < limit); at += BY_ID) {
      const rows = await readOrdersById(sdk, ids.slice(at, at + BY_ID), rest, f.signal);
      index.observe(rows);
      for (const ord of rows as unknown as Order[]) if (keep(ord) && (o.all || orders.length < limit)) orders.push(ord);
    }
    await index.flush();
  } else if (!clientFilter && !o.all) {
    const page = await sdk.admin.order.list({ ...query, limit, offset: o.offset ?? 0 } as HttpTypes.AdminOrderFilters, undefined, { signal: f.signal });
    orders.push(...page.orders);
    total = page.count;
  } else {
    const pageSize = clientFilter ? 100 : limit;
    for await (const ord of sdk.admin.order.paginate<Order>({ ...query, limit: pageSize, offset: o.offset ?? 0 }, { signal: f.signal })) {
      if (!keep(ord)) continue;
      orders.push(ord);
      if (!o.all && orders.length >= limit) break;
    }
  }
  // `items` comes back even when not asked for (Medusa forces it); a list has no use for it.
  const rows = orders.map(({ items: _items, ...rest }) => rest as Record<string, unknown>);
  if (rows.length === 0 && format === "table") {
    if (f.io.isStderrTTY) notice(f.io, "no orders found");
    return;
  }
  writeList(f.io, format, format === "json" || format === "ndjson" || format === "ids" ? (orders as unknown as Record<string, unknown>[]) : rows, pickColumns(rows, LIST_COLUMNS, o.fields));
  if (format === "table" && f.io.isStdoutTTY) {
    if (!f.io.quiet) f.io.err.write(total !== undefined ? `Showing ${rows.length} of ${total} orders\n` : `Showing ${rows.length} orders${clientFilter ? " (filtered)" : ""}\n`);
  }
}
