import { useCallback, useEffect, useMemo, useState } from "react";
import { Box } from "ink";
import { Text } from "../components/text.js";
import { formatDate, formatDisplayId } from "../../shared/format.js";
import { loadOrder, statusLine } from "../../shared/orders/read.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { ErrorBox } from "../components/error-box.js";
import { line, ScrollView, scrollHandlers, scrollTo, type Line } from "../components/scroll-view.js";
import { useKeymap } from "../hooks/use-keymap.js";
import { useOrderActions } from "../hooks/use-order-actions.js";
import { usePoll } from "../hooks/use-poll.js";
import { isFatal } from "../error-text.js";
import { useOnDataChange, useTuiState } from "../hooks/use-tui-state.js";
import { useReportStatus, useTuiActions } from "../hooks/use-tui-actions.js";
import type { Theme } from "../theme.js";
import { FULFILLMENT_DETAIL, fulfillmentState } from "../views.js";

type Rec = Record<string, any>;

/** One fulfilment as lines: state, its order, the steps with their dates, items, tracking. */
export function fulfillmentLines(order: Rec, f: Rec | undefined, theme: Theme): Line[] {
  const head = (t: string) => line({ text: t, bold: true, color: theme.accent });
  if (!f) return [line({ text: `order ${formatDisplayId(order.display_id)} has no such fulfilment any more`, color: theme.status.warn })];
  const st = fulfillmentState(f);
  const out: Line[] = [
    line({ text: `Fulfilment ${f.id}`, bold: true }, "  ", { text: st, color: theme.state(st) }),
    line(`Order ${formatDisplayId(order.display_id)}  ${order.email ?? ""}  ${statusLine(order as never)}`),
    line({ text: `location ${f.location_id ?? "—"}  provider ${f.provider_id ?? "—"}`, color: theme.muted }),
    [],
    head("Steps"),
  ];
  for (const [label, at] of [
    ["created", f.created_at],
    ["packed", f.packed_at],
    ["shipped", f.shipped_at],
    ["delivered", f.delivered_at],
    ["canceled", f.canceled_at],
  ] as const) {
    if (at) out.push(line(` ${label.padEnd(10)} ${formatDate(at)}`));
  }
  const items: Rec[] = f.items ?? [];
  out.push([], head(`Items (${items.length})`));
  for (const it of items) out.push(line(` ${it.quantity} × ${it.title ?? it.line_item_id ?? "item"}${it.sku ? `  ${it.sku}` : ""}`));
  const labels: Rec[] = f.labels ?? [];
  out.push([], head(`Tracking (${labels.length})`));
  for (const l of labels) out.push(line(` ${l.tracking_number ?? "—"}${l.tracking_url ? `  ${l.tracking_url}` : ""}`));
  if (!labels.length) out.push(line({ text: " none", color: theme.muted }));
  return out;
}

/** One fulfilment of an order, with ship, deliver and cancel (unless --read-only); enter opens the order. */
export function FulfillmentDetail({ orderId, fulfillmentId, active, width, height }: { orderId: string; fulfillmentId: string; active: boolean; width: number; height: number }) {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const [top, setTop] = useState(0);
  // Medusa 2.21 has no route that reads one fulfilment: it is read from its order.
  const fetcher = useCallback(async (signal: AbortSignal) => (await loadOrder(sdk, orderId, signal)) as unknown as Rec, [sdk, orderId]);
  const data = usePoll(fetcher, { key: `${orderId}:${fulfillmentId}`, intervalMs: tui.refreshMs, paused: tui.paused, active, now: tui.now });
  useReportStatus(active, data.updatedAt, data.busy);
  useOnDataChange(() => data.refresh());
  useEffect(() => {
    if (data.error && isFatal(data.error)) act.fatal(data.error);
  }, [data.error, act]);
  const order = data.data;
  const actions = useOrderActions(
    () => (order ? { id: orderId, display_id: order.display_id } : { id: orderId }),
    () => fulfillmentId,
  );
  const f = (order?.fulfillments as Rec[] | undefined)?.find((x) => x.id === fulfillmentId);
  const lines = useMemo(() => (order ? fulfillmentLines(order, f, tui.theme) : []), [order, f, tui.theme]);
  const viewHeight = Math.max(1, height - (data.error ? 5 : 0));
  useKeymap(
    {
      bindings: FULFILLMENT_DETAIL.bindings,
      handlers: {
        ...scrollHandlers(setTop, lines.length, viewHeight),
        refresh: () => data.refresh(),
        copy: () => act.copy(fulfillmentId),
        toOrder: () => act.open({ kind: "order", orderId, label: order ? formatDisplayId(order.display_id) : orderId }),
        ...actions,
      },
    },
    active,
  );
  if (!active) return null;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {data.error ? <ErrorBox error={data.error} theme={tui.theme} width={width} stale={order !== undefined} /> : null}
      {order ? (
        <ScrollView lines={lines} top={scrollTo(top, lines.length, viewHeight)} height={viewHeight} width={width} />
      ) : data.status === "loading" ? (
        <Text color={tui.theme.muted}>loading the fulfilment…</Text>
      ) : null}
    </Box>
  );
}
