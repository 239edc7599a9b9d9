import { useCallback, useEffect } from "react";
import { Box } from "ink";
import { Text } from "../components/text.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { ErrorBox } from "../components/error-box.js";
import { fit } from "../components/table.js";
import { usePoll } from "../hooks/use-poll.js";
import { isFatal } from "../error-text.js";
import { useOnDataChange, useTuiState } from "../hooks/use-tui-state.js";
import { useTuiActions } from "../hooks/use-tui-actions.js";
import type { Theme } from "../theme.js";
import { OrderList } from "./order-list.js";
import { CUSTOMER_ORDERS } from "../views.js";

type Rec = Record<string, any>;

export const CUSTOMER_FIELDS = "id,email,first_name,last_name,phone,company_name,has_account,created_at,*addresses,*groups";

/** How many address lines the header gives room to; the rest is counted. */
const MAX_ADDRESSES = 2;

function addressText(a: Rec): string {
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ");
  const city = [a.postal_code, a.city].filter(Boolean).join(" ");
  const uses = [a.is_default_shipping ? "default shipping" : "", a.is_default_billing ? "default billing" : ""].filter(Boolean).join(", ");
  const text = [name, a.company, a.address_1, a.address_2, city, a.province, a.country_code?.toUpperCase(), a.phone].filter(Boolean).join(", ");
  return `${text}${uses ? ` (${uses})` : ""}`;
}

export interface CustomerLine {
  text: string;
  bold?: boolean;
  color?: string;
}

/** The customer as a few lines above their orders: who, how to reach them, account, groups, addresses. */
export function customerLines(c: Rec, theme: Theme, width: number): CustomerLine[] {
  const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
  const groups: string[] = (c.groups ?? []).map((g: Rec) => String(g.name ?? g.id));
  const addresses: Rec[] = c.addresses ?? [];
  const out: CustomerLine[] = [
    { text: fit(`${name || "(no name)"} <${c.email ?? "no email"}>${c.company_name ? ` · ${c.company_name}` : ""}`, width), bold: true },
    {
      text: fit(`phone ${c.phone || "—"} · ${c.has_account ? "registered account" : "guest (no account)"} · groups: ${groups.length ? groups.join(", ") : "none"}`, width),
    },
  ];
  if (!addresses.length) out.push({ text: fit("addresses: none", width), color: theme.muted });
  addresses.slice(0, MAX_ADDRESSES).forEach((a, i) => out.push({ text: fit(`${i === 0 ? "addresses: " : "           "}${addressText(a)}`, width) }));
  if (addresses.length > MAX_ADDRESSES) out.push({ text: fit(`           and ${addresses.length - MAX_ADDRESSES} more (medusactl customers get ${c.id} --json)`, width), color: theme.muted });
  return out;
}

/**
 * A customer: name, e-mail, phone, account or guest, groups and addresses, above the list of their
 * orders (the order list's keys: enter opens one, the action keys work on the row).
 */
export function CustomerDetail({ customerId, active, width, height }: { customerId: string; active: boolean; width: number; height: number }) {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const fetcher = useCallback(async (signal: AbortSignal): Promise<Rec> => (await sdk.admin.customer.retrieve(customerId, { fields: CUSTOMER_FIELDS }, undefined, { signal })).customer as Rec, [sdk, customerId]);
  // The order list below reports the freshness to the header; this only keeps the details current.
  const data = usePoll(fetcher, { key: customerId, intervalMs: tui.refreshMs, paused: tui.paused, active, now: tui.now });
  useOnDataChange(() => data.refresh());
  useEffect(() => {
    if (data.error && isFatal(data.error)) act.fatal(data.error);
  }, [data.error, act]);
  const lines = data.data ? customerLines(data.data, tui.theme, width) : [];
  const head = data.error ? 5 : Math.max(1, lines.length);
  const label = data.data?.email ? String(data.data.email) : customerId;
  return (
    <Box flexDirection="column" width={width} height={height} display={active ? "flex" : "none"}>
      {data.error ? (
        <ErrorBox error={data.error} theme={tui.theme} width={width} stale={data.data !== undefined} />
      ) : data.data ? (
        lines.map((l, i) => (
          <Text key={i} bold={l.bold} color={l.color} wrap="truncate">
            {l.text}
          </Text>
        ))
      ) : (
        <Text color={tui.theme.muted}>loading the customer…</Text>
      )}
      <OrderList
        view={CUSTOMER_ORDERS}
        scope={{ query: { customer_id: customerId }, label }}
        active={active}
        width={width}
        height={Math.max(3, height - head)}
        extraHandlers={{ copy: () => act.copy(customerId) }}
      />
    </Box>
  );
}
