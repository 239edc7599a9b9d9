import { useCallback, useEffect, useMemo, useState } from "react";
import { Box } from "ink";
import { Text } from "../components/text.js";
import { formatDate, formatDisplayId, formatMoney } from "../../shared/format.js";
import { moneyBreakdown, type TotalsLike } from "../../shared/money.js";
import { lineQuantities, orderLines as sortedLines, type OrderLine } from "../../shared/orders/lines.js";
import { loadOrderDetail } from "../../shared/orders/read.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { ErrorBox } from "../components/error-box.js";
import { line, ScrollView, scrollHandlers, scrollTo, type Line } from "../components/scroll-view.js";
import { useKeymap } from "../hooks/use-keymap.js";
import { useOrderActions } from "../hooks/use-order-actions.js";
import { useOrderJumps } from "../hooks/use-order-jumps.js";
import { usePoll } from "../hooks/use-poll.js";
import { isFatal } from "../error-text.js";
import { useOnDataChange, useTuiState } from "../hooks/use-tui-state.js";
import { useReportStatus, useTuiActions } from "../hooks/use-tui-actions.js";
import { fulfilmentNeed } from "../order-queue.js";
import type { Theme } from "../theme.js";
import { ORDER_DETAIL } from "../views.js";

type Rec = Record<string, any>;

export interface OrderView {
  order: Rec;
  changes: Rec[];
  claims?: Rec[];
  exchanges?: Rec[];
}

function address(a: Rec | null | undefined): string {
  if (!a) return "—";
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ");
  const city = [a.postal_code, a.city].filter(Boolean).join(" ");
  return [name, a.company, a.address_1, a.address_2, city, a.province, a.country_code?.toUpperCase(), a.phone].filter(Boolean).join(", ");
}

/** The order as lines: header, customer, items, totals, payments, fulfilments, addresses, history. */
export function orderViewLines({ order: o, changes, claims = [], exchanges = [] }: OrderView, theme: Theme): Line[] {
  const cur = o.currency_code as string;
  const money = (n: unknown) => formatMoney(n as number, cur);
  const state = (v: unknown) => ({ text: String(v ?? "—"), color: theme.state(v as string) });
  const head = (t: string) => line({ text: t, bold: true, color: theme.accent });
  const out: Line[] = [];
  out.push(
    line({ text: `Order ${formatDisplayId(o.display_id)}`, bold: true }, "  ", state(o.status), " · payment ", state(o.payment_status), " · fulfilment ", state(fulfilmentNeed(o))),
    line(`Placed ${formatDate(o.created_at)}`, o.canceled_at ? `  canceled ${formatDate(o.canceled_at)}` : "", `  ${o.id}`),
  );
  const c = o.customer ?? {};
  const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
  out.push(line(`Customer ${name ? `${name} ` : ""}<${o.email ?? c.email ?? "no email"}>`), []);

  // Numbered as `orders show` numbers them, so "line 2" means the same in the TUI and the CLI.
  const items = sortedLines(o as never) as (OrderLine & Rec)[];
  // Item rows and totals come from the one shared breakdown: rows add up to Items, lines to Total.
  const b = moneyBreakdown({ ...o, items } as TotalsLike);
  out.push(head(`Items (${items.length}) · prices ${b.basis === "incl" ? "incl." : "excl."} ${b.taxName}`));
  items.forEach((it, i) => {
    const q = lineQuantities(it);
    const r = b.items[i]!;
    const progress = [`fulfilled ${q.fulfilled}`, `shipped ${q.shipped}`, `delivered ${q.delivered}`];
    if (q.returnRequested) progress.push(`returning ${q.returnRequested}`);
    if (q.returned) progress.push(`returned ${q.returned}`);
    const discount = r.discount.minor ? `  discount −${r.discount.text}` : "";
    out.push(
      line(` ${String(i + 1).padStart(2)}  ${it.title ?? it.product_title ?? "item"}${it.variant_title && it.variant_title !== it.title ? ` / ${it.variant_title}` : ""}  ${it.variant_sku ?? ""}`),
      line({ text: `     ${r.quantity} × ${r.unit.text} = ${r.amount.text}${discount}   ${progress.join(", ")}`, color: theme.muted }),
    );
  });
  out.push([]);

  // Told as the sum it is, in two lines so the payments below stay on a 24-row screen.
  out.push(head(`Totals · ${b.basisNote.replace(/\.$/, "")}`));
  out.push(line(` ${b.lines.map((l, i) => `${i === 0 ? "" : l.sign < 0 ? "− " : "+ "}${l.label} ${l.sign < 0 ? l.text.replace(/^−/, "") : l.text}`).join(" ")}`));
  const s = o.summary ?? {};
  out.push(
    line(
      { text: ` = Total ${b.total.text} ${b.currency.toUpperCase()}`, bold: true },
      b.taxIncluded ? `, incl. ${b.taxName} ${b.taxIncluded.text}` : "",
      { text: `   paid ${money(s.paid_total ?? 0)}  refunded ${money(s.refunded_total ?? 0)}${s.pending_difference ? `  outstanding ${money(s.pending_difference)}` : ""}`, color: theme.muted },
    ),
    [],
  );

  const payments: Rec[] = (o.payment_collections ?? []).flatMap((pc: Rec) => pc.payments ?? []);
  out.push(head(`Payments (${payments.length})`));
  for (const p of payments) {
    const captured = (p.captures ?? []).reduce((n: number, x: Rec) => n + Number(x.amount ?? 0), 0);
    const refunded = (p.refunds ?? []).reduce((n: number, x: Rec) => n + Number(x.amount ?? 0), 0);
    const st = p.canceled_at ? "canceled" : refunded > 0 ? "refunded" : p.captured_at ? "captured" : "authorized";
    out.push(line(` ${p.id}  `, state(st), `  ${money(p.amount)}  captured ${money(captured)}  refunded ${money(refunded)}  ${p.provider_id ?? ""}`));
  }
  if (!payments.length) out.push(line({ text: " none", color: theme.muted }));
  out.push([]);

  const fulfillments: Rec[] = o.fulfillments ?? [];
  out.push(head(`Fulfilments (${fulfillments.length})`));
  for (const f of fulfillments) {
    const st = f.canceled_at ? "canceled" : f.delivered_at ? "delivered" : f.shipped_at ? "shipped" : "fulfilled";
    const when = f.delivered_at ?? f.shipped_at ?? f.packed_at ?? f.created_at;
    out.push(line(` ${f.id}  `, state(st), `  ${formatDate(when)}`));
    for (const l of f.labels ?? []) out.push(line({ text: `   tracking ${l.tracking_number ?? "—"}${l.tracking_url ? `  ${l.tracking_url}` : ""}`, color: theme.muted }));
  }
  if (!fulfillments.length) out.push(line({ text: " none", color: theme.muted }));
  out.push([]);

  const returns: Rec[] = o.returns ?? [];
  if (returns.length || claims.length || exchanges.length) {
    out.push(head(`Returns, claims, exchanges (${returns.length + claims.length + exchanges.length})`));
    for (const r of returns) out.push(line(` return ${formatDisplayId(r.display_id)}  `, state(r.status), `  ${formatDate(r.created_at)}  ${r.id}`));
    for (const c of claims) out.push(line(` claim ${formatDisplayId(c.display_id)}  ${c.type ?? ""}  ${formatDate(c.created_at)}  ${c.id}`));
    for (const x of exchanges) out.push(line(` exchange ${formatDisplayId(x.display_id)}  ${formatDate(x.created_at)}  ${x.id}`));
    out.push([]);
  }

  out.push(head("Shipping address"), line(` ${address(o.shipping_address)}`));
  const method = (o.shipping_methods ?? []).map((m: Rec) => `${m.name} ${money(m.amount)}`).join(", ");
  if (method) out.push(line({ text: ` via ${method}`, color: theme.muted }));
  out.push(head("Billing address"), line(` ${address(o.billing_address)}`), []);

  out.push(head("History"));
  const events: { at: string; text: string }[] = [{ at: o.created_at, text: "order placed" }];
  for (const p of payments) {
    for (const x of p.captures ?? []) events.push({ at: x.created_at, text: `payment captured ${money(x.amount)}` });
    for (const x of p.refunds ?? []) events.push({ at: x.created_at, text: `refunded ${money(x.amount)}${x.note ? ` (${x.note})` : ""}` });
  }
  for (const f of fulfillments) {
    events.push({ at: f.created_at, text: `fulfilment ${f.id} created` });
    if (f.shipped_at) events.push({ at: f.shipped_at, text: `fulfilment ${f.id} shipped` });
    if (f.delivered_at) events.push({ at: f.delivered_at, text: `fulfilment ${f.id} delivered` });
    if (f.canceled_at) events.push({ at: f.canceled_at, text: `fulfilment ${f.id} canceled` });
  }
  for (const ch of changes) {
    const actions = [...new Set((ch.actions ?? []).map((a: Rec) => String(a.action).toLowerCase().replace(/_/g, " ")))].join(", ");
    events.push({ at: ch.created_at, text: `change: ${ch.change_type ?? actions ?? "edit"}${ch.change_type && actions ? ` (${actions})` : ""} — ${ch.status}` });
  }
  if (o.canceled_at) events.push({ at: o.canceled_at, text: "order canceled" });
  events.sort((a, b) => String(a.at).localeCompare(String(b.at)));
  for (const e of events) out.push(line({ text: ` ${formatDate(e.at)}  `, color: theme.muted }, e.text));
  return out;
}

/** One order in full, with the one-key actions (unless --read-only). */
export function OrderDetail({ orderId, active, width, height }: { orderId: string; active: boolean; width: number; height: number }) {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const [top, setTop] = useState(0);
  const fetcher = useCallback(
    async (signal: AbortSignal): Promise<OrderView> => {
      const d = await loadOrderDetail(sdk, orderId, { signal });
      return { order: d.order as unknown as Rec, changes: d.changes as unknown as Rec[], claims: d.claims as unknown as Rec[], exchanges: d.exchanges as unknown as Rec[] };
    },
    [sdk, orderId],
  );
  const data = usePoll(fetcher, { key: orderId, intervalMs: tui.refreshMs, paused: tui.paused, active, now: tui.now });
  useReportStatus(active, data.updatedAt, data.busy);
  useOnDataChange(() => data.refresh());
  useEffect(() => {
    if (data.error && isFatal(data.error)) act.fatal(data.error);
  }, [data.error, act]);

  const currentOrder = () => data.data?.order as { id: string } | undefined;
  const actions = useOrderActions(currentOrder);
  const jumps = useOrderJumps(currentOrder);
  const lines = useMemo(() => (data.data ? orderViewLines(data.data, tui.theme) : []), [data.data, tui.theme]);
  const errorLines = data.error ? 5 : 0;
  const viewHeight = Math.max(1, height - errorLines);
  useKeymap(
    {
      bindings: ORDER_DETAIL.bindings,
      handlers: {
        ...scrollHandlers(setTop, lines.length, viewHeight),
        refresh: () => data.refresh(),
        copy: () => act.copy(orderId),
        ...actions,
        ...jumps,
      },
    },
    active,
  );
  if (!active) return null;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {data.error ? <ErrorBox error={data.error} theme={tui.theme} width={width} stale={data.data !== undefined} /> : null}
      {data.data ? (
        <ScrollView lines={lines} top={scrollTo(top, lines.length, viewHeight)} height={viewHeight} width={width} />
      ) : data.status === "loading" ? (
        <Text color={tui.theme.muted}>loading the order…</Text>
      ) : null}
    </Box>
  );
}
