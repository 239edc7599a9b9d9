import { Command } from "commander";
import type { HttpTypes } from "@medusajs/types";
import { sanitize, sanitizeFields } from "../../../term/sanitize.js";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import type { OrderDetail } from "../../../shared/orders/read.js";
import type { TotalsLike } from "../../../shared/money.js";
import { mapOrderErrors } from "../../cmdutil/order-action.js";

export interface ShowOptions {
  order: string;
  json?: boolean;
}

export function makeShowCommand(ctx: CommandContext, run: (f: Factory, o: ShowOptions) => Promise<void> = showRun): Command {
  const cmd = new Command("show")
    .description("One order for people: customer, addresses, items, totals, payments, fulfilments, returns, claims, exchanges, history")
    .argument("<order>", "order_… id, display id (123) or #123")
    .option("--json", "the full record: the order plus its claims, exchanges and order_changes")
    .addHelpText("after", "\nThe line numbers are what --item <line>:<qty> refers to.\n\nExamples:\n  medusactl orders show '#21'\n  medusactl orders show 21 --json | jq .payment_status");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function showRun(f: Factory, o: ShowOptions): Promise<void> {
  const { loadOrderDetail } = await import("../../../shared/orders/read.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const detail = await loadOrderDetail(sdk, o.order, { signal: f.signal });
    if (o.json) {
      f.io.out.write(JSON.stringify({ ...detail.order, claims: detail.claims, exchanges: detail.exchanges, order_changes: detail.changes }, null, 2) + "\n");
      return;
    }
    // The human view: notes, names and titles are the shop's text, so they are shown sanitised.
    f.io.out.write(await orderView(detail));
  });
}

/** Left-aligned columns (right-aligned where `right[i]`), two spaces apart. */
function columns(rows: string[][], right: boolean[] = []): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd());
}

type Addr = HttpTypes.AdminOrderAddress | null | undefined;

function address(a: Addr): string {
  if (!a) return "–";
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ");
  const city = [a.postal_code, a.city].filter(Boolean).join(" ");
  return [name, a.company, a.address_1, a.address_2, city, a.province, a.country_code?.toUpperCase(), a.phone].filter(Boolean).join(", ") || "–";
}

function sameAddress(a: Addr, b: Addr): boolean {
  const key = (x: Addr) => JSON.stringify([x?.first_name, x?.last_name, x?.company, x?.address_1, x?.address_2, x?.city, x?.postal_code, x?.province, x?.country_code]);
  return Boolean(a && b) && key(a) === key(b);
}

/**
 * What `orders show` prints: each field made one safe line first (an address holding "\r\n"
 * must not forge a line of the view), then the whole view once more, for what the renderer adds.
 */
export async function orderView(d: OrderDetail): Promise<string> {
  return sanitize(await renderOrder(sanitizeFields(d)), { newlines: true });
}

/** The readable view of `orders show`. */
export async function renderOrder(d: OrderDetail): Promise<string> {
  const { formatMoney, formatDate, formatDisplayId } = await import("../../../shared/format.js");
  const { orderLines, lineQuantities, lineLabel } = await import("../../../shared/orders/lines.js");
  const { orderPayments, statusLine } = await import("../../../shared/orders/read.js");
  const { refundDue, paymentDue } = await import("../../../shared/orders/payments.js");
  const { moneyBreakdown, breakdownText } = await import("../../../shared/money.js");
  const o = d.order;
  const m = (n: unknown) => formatMoney(Number(n ?? 0), o.currency_code);
  const out: string[] = [];
  const customer = o.customer as (HttpTypes.AdminCustomer & { has_account?: boolean }) | undefined;
  const name = customer ? [customer.first_name, customer.last_name].filter(Boolean).join(" ") : "";
  out.push(
    ...columns([
      ["Order", `${formatDisplayId(o.display_id)}  ${o.id}`],
      ["Status", statusLine(o)],
      ["Created", formatDate(o.created_at as string)],
      ["Customer", `${[name, o.email].filter(Boolean).join(" <") + (name && o.email ? ">" : "")}${o.customer_id ? `  ${o.customer_id}${customer && !customer.has_account ? " (guest)" : ""}` : ""}` || "–"],
      ["Ship to", address(o.shipping_address)],
      ["Bill to", sameAddress(o.shipping_address, o.billing_address) ? "same as shipping" : address(o.billing_address)],
    ]),
  );

  const lines = orderLines(o);
  // Every amount below comes from the one shared breakdown, so the rows add up to Items and the lines to Total.
  const b = moneyBreakdown({ ...o, items: lines } as TotalsLike);
  const rowOf = new Map(b.items.map((r) => [r.id, r]));
  const priced = b.basis === "incl" ? `incl. ${b.taxName}` : `excl. ${b.taxName}`;
  out.push("", `Items (prices ${priced})`);
  const rows = [["#", "SKU", "ITEM", "QTY", "FULFILLED", "SHIPPED", "DELIVERED", "RETURNED", "BILLED", "UNIT", "AMOUNT", "DISCOUNT", "LINE ID"]];
  lines.forEach((item, i) => {
    const q = lineQuantities(item);
    const r = rowOf.get(item.id)!;
    rows.push([
      String(i + 1),
      item.variant_sku ?? "–",
      [item.product_title ?? item.title, item.variant_title].filter(Boolean).join(" "),
      String(q.ordered),
      String(q.fulfilled),
      String(q.shipped),
      String(q.delivered),
      q.returnRequested ? `${q.returned} (+${q.returnRequested} requested)` : String(q.returned),
      String(r.quantity),
      r.unit.text,
      r.amount.text,
      r.discount.minor ? `−${r.discount.text}` : "–",
      item.id,
    ]);
  });
  out.push(...columns(rows, [true, false, false, true, true, true, true, true, true, true, true, true, false]).map((l) => `  ${l}`));
  if (lines.some((l) => rowOf.get(l.id)!.returned > 0)) out.push("  BILLED is the quantity ordered less the quantity returned: UNIT × BILLED = AMOUNT.");

  const s = (o.summary ?? {}) as unknown as Record<string, number>;
  out.push("", `Totals (${b.basisNote.replace(/\.$/, "")})`);
  const totals: string[][] = breakdownText(b).map((l) => [l.label, l.amount]);
  totals.push(["Paid", m(s.paid_total)], ["Refunded", m(s.refunded_total)]);
  if (refundDue(o) > 0) totals.push(["Refund due", m(refundDue(o))]);
  if (paymentDue(o) > 0) totals.push(["Outstanding", m(paymentDue(o))]);
  out.push(...columns(totals, [false, true]).map((l) => `  ${l}`));

  const payments = orderPayments(o);
  out.push("", "Payments");
  if (!payments.length) out.push("  none");
  for (const p of payments) {
    const state = p.payment.canceled_at ? "canceled" : p.captured >= p.amount ? "captured" : p.captured > 0 ? "partially captured" : "authorized";
    out.push(`  ${p.payment.id}  ${p.payment.provider_id}  ${m(p.amount)}  ${state}  captured ${m(p.captured)}  refunded ${m(p.refunded)}`);
    for (const c of p.payment.captures ?? []) out.push(`    capture ${c.id}  ${m(c.amount)}  ${formatDate((c as unknown as { created_at?: string }).created_at)}`);
    for (const r of (p.payment.refunds ?? []) as { id: string; amount: number; created_at?: string; note?: string | null; refund_reason_id?: string | null }[]) {
      out.push(`    refund ${r.id}  ${m(r.amount)}  ${formatDate(r.created_at)}${r.refund_reason_id ? `  reason ${r.refund_reason_id}` : ""}${r.note ? `  "${r.note}"` : ""}`);
    }
  }

  const byLine = (id: string) => {
    const item = lines.find((l) => l.id === id);
    return item ? lineLabel(o, item) : id;
  };
  out.push("", "Fulfilments");
  const fulfilments = (o.fulfillments ?? []) as (HttpTypes.AdminOrderFulfillment & { items?: { line_item_id: string; quantity: number }[]; labels?: { tracking_number?: string; tracking_url?: string }[] })[];
  if (!fulfilments.length) out.push("  none");
  for (const fu of fulfilments) {
    const state = fu.canceled_at ? "canceled" : fu.delivered_at ? "delivered" : fu.shipped_at ? "shipped" : "packed";
    const when = [
      fu.packed_at && `packed ${formatDate(fu.packed_at)}`,
      fu.shipped_at && `shipped ${formatDate(fu.shipped_at)}`,
      fu.delivered_at && `delivered ${formatDate(fu.delivered_at)}`,
      fu.canceled_at && `canceled ${formatDate(fu.canceled_at)}`,
    ].filter(Boolean);
    out.push(`  ${fu.id}  ${state}${fu.location_id ? `  from ${fu.location_id}` : ""}  ${when.join(", ")}`);
    for (const it of fu.items ?? []) out.push(`    ${it.quantity} × ${byLine(it.line_item_id)}`);
    for (const l of fu.labels ?? []) out.push(`    tracking ${l.tracking_number}${l.tracking_url ? `  ${l.tracking_url}` : ""}`);
  }

  const returns = ((o as { returns?: unknown[] }).returns ?? []) as (HttpTypes.AdminReturn & { items?: { item_id: string; quantity: number; received_quantity?: number; reason_id?: string | null }[] })[];
  if (returns.length) {
    out.push("", "Returns");
    for (const r of returns) {
      const when = [r.requested_at && `requested ${formatDate(r.requested_at as string)}`, r.received_at && `received ${formatDate(r.received_at as string)}`, r.canceled_at && `canceled ${formatDate(r.canceled_at as string)}`].filter(Boolean);
      out.push(`  ${r.id}  ${r.status}${r.location_id ? `  to ${r.location_id}` : ""}  ${when.join(", ")}${r.claim_id ? `  (claim ${r.claim_id})` : ""}${r.exchange_id ? `  (exchange ${r.exchange_id})` : ""}`);
      for (const it of r.items ?? []) out.push(`    ${it.quantity} × ${byLine(it.item_id)}${it.received_quantity ? `, ${it.received_quantity} received` : ""}${it.reason_id ? `  reason ${it.reason_id}` : ""}`);
    }
  }
  if (d.claims.length) {
    out.push("", "Claims");
    for (const c of d.claims) {
      const cl = c as HttpTypes.AdminClaim & { canceled_at?: string | null; refund_amount?: number | null };
      out.push(`  ${cl.id}  ${cl.type}${cl.canceled_at ? "  canceled" : ""}  ${formatDate(cl.created_at as string)}${cl.return_id ? `  return ${cl.return_id}` : ""}${cl.refund_amount ? `  refund ${m(cl.refund_amount)}` : ""}`);
    }
  }
  if (d.exchanges.length) {
    out.push("", "Exchanges");
    for (const x of d.exchanges) {
      const ex = x as HttpTypes.AdminExchange & { canceled_at?: string | null; difference_due?: number | null };
      out.push(`  ${ex.id}${ex.canceled_at ? "  canceled" : ""}  ${formatDate(ex.created_at as string)}${ex.return_id ? `  return ${ex.return_id}` : ""}${ex.difference_due ? `  difference due ${m(ex.difference_due)}` : ""}`);
    }
  }
  if (d.changes.length) {
    out.push("", "History");
    const hist = [...d.changes].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    for (const c of hist) {
      const actions = [...new Set((c.actions ?? []).map((a) => a.action))].join(", ");
      // Fulfilment steps are order changes without a change_type; their actions say what they were.
      const kind = c.change_type ?? ((c.actions ?? [])[0]?.action ?? "change").toLowerCase().replace(/_item$/, "").replace(/_/g, " ");
      out.push(`  ${formatDate(c.created_at as string)}  ${kind}  ${c.status}${actions ? `  ${actions}` : ""}`);
    }
  }
  return out.join("\n") + "\n";
}
