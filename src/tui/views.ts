/**
 * The screens of `medusactl tui`, as data: the `:` palette, the `?` help, --read-only filtering
 * and the non-TTY hint all read this table. It imports no React or Ink, so the CLI can read it
 * (for the hint) without paying for the renderer.
 */
import { formatDate, formatDisplayId, formatMoney } from "../shared/format.js";
import type { Binding, Column, DetailEntry, ViewEntry } from "./types.js";
import { declaredList } from "./columns.js";
import { claim } from "../sdk/admin/claim.js";
import { customer } from "../sdk/admin/customer.js";
import { exchange } from "../sdk/admin/exchange.js";
import { inventoryItem } from "../sdk/admin/inventory-item.js";
import { order } from "../sdk/admin/order.js";
import { product } from "../sdk/admin/product.js";
import { returnResource } from "../sdk/admin/return.js";
import { findQueue, fulfilmentNeed, isStatusWord, ORDER_QUEUES, type OrderQueue } from "./order-queue.js";

type Row = Record<string, unknown>;

export const GLOBAL_BINDINGS: readonly Binding[] = [
  { keys: ["?"], action: "help", hint: "help", help: "show this help (keys of the current view)" },
  { keys: [":"], action: "palette", hint: "views", help: "switch view by name (:orders, :products…)" },
  { keys: ["esc"], action: "back", hint: "back", help: "go back (close the order, leave the view)" },
  { keys: ["r"], action: "refresh", help: "refresh now; retry after an error" },
  { keys: ["p"], action: "pause", help: "pause or resume live refresh" },
  { keys: ["l"], action: "log", help: "show or hide the API call log" },
  { keys: ["q", "ctrl+c"], action: "quit", hint: "quit", help: "quit" },
];

const MOVE: readonly Binding[] = [
  { keys: ["j", "down"], action: "down", help: "next row" },
  { keys: ["k", "up"], action: "up", help: "previous row" },
  { keys: ["pagedown", "ctrl+f"], action: "pageDown", help: "next page" },
  { keys: ["pageup", "ctrl+b"], action: "pageUp", help: "previous page" },
  { keys: ["g", "home"], action: "first", help: "first row" },
  { keys: ["G", "end"], action: "last", help: "last row" },
];

const LIST: readonly Binding[] = [
  ...MOVE,
  { keys: ["/"], action: "filter", hint: "filter", help: "filter as you type; /!text keeps rows NOT matching; esc clears" },
  { keys: ["o"], action: "sortNext", help: "sort by the next field" },
  { keys: ["O"], action: "sortFlip", help: "reverse the sort order" },
];

/** The order list's queue keys (0 all, 1 to fulfil, …), from the queue table. */
export const QUEUE_KEYS: readonly Binding[] = ORDER_QUEUES.map((q) => ({ keys: [q.key], action: `queue:${q.name}`, help: q.help }));

/** New orders arrived above the rows shown: one key shows them. */
export const SHOW_NEW: Binding = { keys: ["N"], action: "showNew", help: 'show new orders ("3 new"): clear the filter, go to the top' };

/** `y`: the id of the row or record to the clipboard (OSC 52), and on the status line to select by hand. */
export const COPY: Binding = { keys: ["y"], action: "copy", hint: "copy id", help: "copy the id of the row or record (OSC 52; shown below too)" };

/** One-key order actions, the same operations as `medusactl orders <verb>`. */
export const ORDER_ACTIONS: readonly Binding[] = [
  { keys: ["f"], action: "fulfill", hint: "fulfil", help: "fulfil the unfulfilled items", mutating: true },
  { keys: ["s"], action: "ship", hint: "ship", help: "ship every unshipped fulfilment (asks tracking, URL, label URL)", mutating: true },
  { keys: ["d"], action: "deliver", hint: "deliver", help: "mark a shipment delivered", mutating: true },
  { keys: ["c"], action: "capture", hint: "capture", help: "capture the authorized payment", mutating: true },
  { keys: ["$"], action: "refund", hint: "refund", help: "refund (asks for the amount; type the order number)", mutating: true },
  { keys: ["x"], action: "cancel", hint: "cancel", help: "cancel the order (type the order number)", mutating: true },
  { keys: ["R"], action: "return", hint: "return", help: "start a return (asks for the items)", mutating: true },
  { keys: ["F"], action: "cancelFulfillment", help: "cancel an unshipped fulfilment (asks which if several)", mutating: true },
  { keys: ["C"], action: "complete", help: "complete the order", mutating: true },
  { keys: ["A"], action: "archive", help: "archive the order", mutating: true },
];

/** Marking orders for a batch: the action keys then act on every marked order. */
export const MARKS: readonly Binding[] = [
  { keys: ["space"], action: "mark", hint: "mark", help: "mark or unmark; f s d c C A then act on all marked" },
  { keys: ["*"], action: "markAll", help: "mark every order shown (again: unmark all)" },
];

/** From an order to what hangs off it; esc comes back to the order, where you were. */
export const ORDER_JUMPS: readonly Binding[] = [
  { keys: ["u"], action: "toCustomer", help: "go to the order's customer" },
  { keys: ["t"], action: "toReturns", help: "go to the order's returns" },
  { keys: ["m"], action: "toClaims", help: "go to the order's claims" },
  { keys: ["e"], action: "toExchanges", help: "go to the order's exchanges" },
];

/** Actions on one fulfilment (the row under the cursor or the open one): `medusactl orders ship|deliver`, `fulfillments cancel`. */
export const FULFILLMENT_ACTIONS: readonly Binding[] = [
  { keys: ["s"], action: "ship", hint: "ship", help: "ship this fulfilment (asks tracking number, URL, label URL)", mutating: true },
  { keys: ["d"], action: "deliver", hint: "deliver", help: "mark this fulfilment delivered", mutating: true },
  { keys: ["F"], action: "cancelFulfillment", hint: "cancel", help: "cancel this fulfilment (not once shipped)", mutating: true },
];

const customerOf = (o: Row): string => {
  const c = (o.customer ?? {}) as Row;
  const a = (o.shipping_address ?? {}) as Row;
  const name = [c.first_name ?? a.first_name, c.last_name ?? a.last_name].filter(Boolean).join(" ");
  // A guest checkout and an account may share an e-mail and a name: say which one ordered, in
  // front, where a narrow column cannot cut it off.
  return `${c.has_account === false ? "(g) " : ""}${name || String(o.email ?? c.email ?? "")}`;
};

/** Registered account or guest record (what a guest checkout leaves): the two can share an e-mail. */
export const accountKind = (c: Row): string => (c.has_account === true ? "account" : c.has_account === false ? "guest" : "");

/** An inventory item's product and variant, through the variant it stocks (its own title is often just "L"). */
function stockedVariant(r: Row): { product: string; variant: string } {
  const v = (Array.isArray(r.variants) ? (r.variants[0] as Row | undefined) : undefined) ?? {};
  const product = (v.product ?? {}) as Row;
  return { product: str(product.title), variant: str(v.title ?? r.title) };
}

/** Returns, claims and exchanges sort by when they were made or last changed. */
const BY_DATE = [
  { field: "created_at", label: "date" },
  { field: "updated_at", label: "last change" },
];

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** Returns, claims and exchanges show their order's number: read from the orders by id. */
const ORDER_JOIN = { key: "order_id", resource: "order", fields: "id,display_id", as: "order" };

/** How many of the newest orders `:fulfillments` reads its fulfilments from (one request). */
export const FULFILLMENT_ORDERS = 100;

export const FULFILLMENT_ORDER_FIELDS =
  "id,display_id,email,created_at,fulfillments.id,fulfillments.created_at,fulfillments.packed_at,fulfillments.shipped_at," +
  "fulfillments.delivered_at,fulfillments.canceled_at,fulfillments.location_id,fulfillments.labels.tracking_number";

/** A fulfilment's state in one word, newest step first. */
export function fulfillmentState(f: Row): string {
  return f.canceled_at ? "canceled" : f.delivered_at ? "delivered" : f.shipped_at ? "shipped" : "fulfilled";
}

/** The fulfilments of a page of orders, one row each, with the order they belong to. */
export function fulfillmentRows(answer: Record<string, unknown>): Row[] {
  const out: Row[] = [];
  for (const o of (answer.orders as Row[] | undefined) ?? []) {
    for (const f of (o.fulfillments as Row[] | undefined) ?? []) {
      const labels = (f.labels as Row[] | undefined) ?? [];
      out.push({
        ...f,
        labels: undefined,
        status: fulfillmentState(f),
        tracking: labels.map((l) => str(l.tracking_number)).filter(Boolean).join(" "),
        order_id: o.id,
        order_display_id: o.display_id,
        email: o.email,
      });
    }
  }
  return out;
}

// The lines' quantities say what an order still needs (fulfilmentNeed, the to-fulfil and to-ship queues).
export const ORDER_LIST_FIELDS =
  "id,display_id,created_at,updated_at,email,total,currency_code,status,payment_status,fulfillment_status," +
  "customer.first_name,customer.last_name,customer.email,customer.has_account,shipping_address.first_name,shipping_address.last_name," +
  "items.id,items.quantity,items.detail.fulfilled_quantity,items.detail.shipped_quantity,items.detail.delivered_quantity";

/** "11-22 14:03": the year goes, so the queue keeps room for its three statuses at 80 columns. */
const shortDate = (v: unknown) => formatDate(v as string).slice(5);

/** The order list's status columns: the order's own, its payment's, and the fulfilment it needs. */
const ORDER_STATUS_COLUMNS: Column[] = [
  { header: "Status", width: 9, value: (o) => str(o.status), state: (o) => str(o.status) },
  { header: "Payment", width: 10, value: (o) => str(o.payment_status), state: (o) => str(o.payment_status) },
  { header: "Fulfilment", width: 13, value: (o) => fulfilmentNeed(o), state: (o) => fulfilmentNeed(o) },
];

export const VIEWS: readonly ViewEntry[] = [
  {
    name: "orders",
    aliases: ["order", "o"],
    title: "Orders",
    screen: "order-list",
    cli: "medusactl orders list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "open", help: "open the order" }, ...ORDER_ACTIONS, ...MARKS, COPY, ...ORDER_JUMPS, ...QUEUE_KEYS, SHOW_NEW],
    queues: ORDER_QUEUES,
    // The on-call queue needs more than the declared columns: the three statuses, the customer, the total.
    list: {
      ...declaredList(order),
      fields: ORDER_LIST_FIELDS,
      columns: [
        { header: "#", width: 6, value: (o) => formatDisplayId(o.display_id as number) },
        { header: "Date", width: 11, value: (o) => shortDate(o.created_at) },
        { header: "Customer", value: customerOf },
        { header: "Total", width: 10, align: "right", value: (o) => formatMoney(o.total as number, o.currency_code as string) },
        ...ORDER_STATUS_COLUMNS,
      ],
      sorts: [
        { field: "created_at", label: "date" },
        { field: "display_id", label: "number" },
        { field: "email", label: "email" },
        { field: "updated_at", label: "last change" },
      ],
      defaultOrder: "-created_at",
      search: true,
      label: (o) => `order ${formatDisplayId(o.display_id as number)}`,
    },
  },
  {
    name: "returns",
    aliases: ["return", "ret"],
    title: "Returns",
    screen: "resource-list",
    cli: "medusactl returns list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "describe", help: "describe the return" }, COPY],
    list: {
      ...declaredList(returnResource),
      join: ORDER_JOIN,
      sorts: BY_DATE,
      defaultOrder: "-created_at",
      search: false,
      label: (r) => `return ${formatDisplayId(r.display_id as number)}`,
    },
  },
  {
    name: "claims",
    aliases: ["claim"],
    title: "Claims",
    screen: "resource-list",
    cli: "medusactl claims list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "describe", help: "describe the claim" }, COPY],
    list: {
      ...declaredList(claim),
      join: ORDER_JOIN,
      sorts: BY_DATE,
      defaultOrder: "-created_at",
      search: false,
      label: (r) => `claim ${formatDisplayId(r.display_id as number)}`,
    },
  },
  {
    name: "exchanges",
    aliases: ["exchange", "ex"],
    title: "Exchanges",
    screen: "resource-list",
    cli: "medusactl exchanges list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "describe", help: "describe the exchange" }, COPY],
    list: {
      ...declaredList(exchange),
      join: ORDER_JOIN,
      sorts: BY_DATE,
      defaultOrder: "-created_at",
      search: false,
      label: (r) => `exchange ${formatDisplayId(r.display_id as number)}`,
    },
  },
  {
    name: "fulfillments",
    aliases: ["fulfillment", "fulfilments", "fulfilment", "ful", "f"],
    title: "Fulfilments",
    screen: "fulfillment-list",
    cli: "medusactl api GET /admin/orders --query 'fields=id,display_id,*fulfillments&order=-created_at&limit=100'",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "open", help: "open the fulfilment" }, ...FULFILLMENT_ACTIONS, COPY],
    // Fulfilments are read inside the newest orders (nested), so the screen names its own columns.
    list: {
      ...declaredList(order),
      fields: FULFILLMENT_ORDER_FIELDS,
      columns: [
        { header: "Order", width: 8, value: (r) => formatDisplayId(r.order_display_id as number) },
        { header: "Status", width: 10, value: (r) => str(r.status), state: (r) => str(r.status) },
        { header: "Created", width: 16, value: (r) => formatDate(r.created_at as string) },
        // Tracking numbers run to 20-odd characters (UPS, DHL Express), several per parcel: they
        // share the rest with the id, which goes first on a narrow terminal.
        { header: "Tracking", grow: 3, value: (r) => str(r.tracking) },
        { header: "Id", grow: 2, optional: true, value: (r) => str(r.id) },
      ],
      sorts: [
        { field: "created_at", label: "date" },
        { field: "order_display_id", label: "order" },
        { field: "status", label: "status" },
      ],
      defaultOrder: "-created_at",
      search: false,
      label: (r) => `fulfilment of ${formatDisplayId(r.order_display_id as number)}`,
      nested: { limit: FULFILLMENT_ORDERS, rows: fulfillmentRows, note: `of the newest ${FULFILLMENT_ORDERS} orders` },
    },
  },
  {
    name: "products",
    aliases: ["product", "prod", "p"],
    title: "Products",
    screen: "resource-list",
    cli: "medusactl products list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "describe", help: "describe the product" }, COPY],
    list: {
      ...declaredList(product),
      sorts: [
        { field: "title", label: "title" },
        { field: "created_at", label: "date" },
        { field: "updated_at", label: "last change" },
      ],
      defaultOrder: "title",
      search: true,
      label: (r) => str(r.title),
      detailFields: "id,title,handle,status,subtitle,description,created_at,updated_at,*variants,*collection,*categories",
    },
  },
  {
    name: "inventory",
    aliases: ["inventory-items", "inv", "stock"],
    title: "Inventory",
    screen: "resource-list",
    cli: "medusactl inventory-items list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "describe", help: "describe the inventory item" }, COPY],
    list: {
      ...declaredList(inventoryItem),
      fields: "id,sku,title,stocked_quantity,reserved_quantity,variants.title,variants.product.title",
      columns: [
        { header: "Product", grow: 3, value: (r) => stockedVariant(r).product },
        { header: "Variant", grow: 2, value: (r) => stockedVariant(r).variant },
        { header: "SKU", grow: 2, value: (r) => str(r.sku) },
        { header: "Stocked", width: 8, align: "right", value: (r) => str(r.stocked_quantity) },
        { header: "Reserved", width: 8, align: "right", value: (r) => str(r.reserved_quantity) },
        { header: "Id", grow: 2, optional: true, value: (r) => str(r.id) },
      ],
      sorts: [
        { field: "sku", label: "SKU" },
        { field: "title", label: "title" },
        { field: "updated_at", label: "last change" },
      ],
      defaultOrder: "sku",
      search: true,
      label: (r) => str(r.sku ?? r.id),
      detailFields: "id,sku,title,description,stocked_quantity,reserved_quantity,created_at,updated_at,*location_levels",
    },
  },
  {
    name: "customers",
    aliases: ["customer", "cus", "c"],
    title: "Customers",
    screen: "resource-list",
    cli: "medusactl customers list --json",
    bindings: [...LIST, { keys: ["enter"], action: "open", hint: "open", help: "open the customer: details, addresses, their orders" }, COPY],
    opens: "customer",
    list: {
      ...declaredList(customer),
      columns: [
        { header: "Email", grow: 3, value: (r) => str(r.email) },
        { header: "Name", grow: 2, value: (r) => [r.first_name, r.last_name].filter(Boolean).map(String).join(" ") },
        { header: "Kind", width: 7, value: accountKind, state: (r) => (accountKind(r) === "guest" ? "pending" : undefined) },
        { header: "Created", width: 16, value: (r) => formatDate(r.created_at as string) },
        { header: "Id", grow: 2, optional: true, value: (r) => str(r.id) },
      ],
      sorts: [
        { field: "created_at", label: "date" },
        { field: "email", label: "email" },
        { field: "updated_at", label: "last change" },
      ],
      defaultOrder: "-created_at",
      search: true,
      label: (r) => str(r.email ?? r.id),
      detailFields: "id,email,first_name,last_name,phone,company_name,has_account,created_at,updated_at,*addresses,*groups",
    },
  },
];

const SCROLL: readonly Binding[] = [
  { keys: ["j", "down"], action: "down", help: "scroll down" },
  { keys: ["k", "up"], action: "up", help: "scroll up" },
  { keys: ["pagedown", "ctrl+f"], action: "pageDown", help: "next page" },
  { keys: ["pageup", "ctrl+b"], action: "pageUp", help: "previous page" },
  { keys: ["g", "home"], action: "first", help: "top" },
  { keys: ["G", "end"], action: "last", help: "bottom" },
];

export const ORDER_DETAIL: DetailEntry = {
  screen: "order-detail",
  title: "Order",
  cli: "medusactl orders show <ref>",
  bindings: [...SCROLL, ...ORDER_ACTIONS, COPY, ...ORDER_JUMPS],
};

export const RESOURCE_DETAIL: DetailEntry = {
  screen: "resource-detail",
  title: "Record",
  cli: "medusactl <noun> get <id> --json",
  bindings: [...SCROLL, COPY],
};

export const FULFILLMENT_DETAIL: DetailEntry = {
  screen: "fulfillment-detail",
  title: "Fulfilment",
  cli: "medusactl orders show <ref>",
  bindings: [...SCROLL, ...FULFILLMENT_ACTIONS, COPY, { keys: ["enter", "o"], action: "toOrder", hint: "order", help: "open the order this fulfilment belongs to" }],
};

/** A customer's orders, under their details (customer-detail.tsx): the order list's keys, no queues. */
export const CUSTOMER_ORDERS: ViewEntry = {
  name: "orders",
  aliases: [],
  title: "Orders",
  screen: "order-list",
  cli: "medusactl orders list --json",
  bindings: [
    ...LIST,
    { keys: ["enter"], action: "open", hint: "open order", help: "open the order" },
    ...ORDER_ACTIONS,
    { keys: ["y"], action: "copy", hint: "copy id", help: "copy the customer's id (OSC 52; shown below too)" },
    ...ORDER_JUMPS.filter((b) => b.action !== "toCustomer"),
  ],
  list: {
    ...VIEWS[0]!.list,
    columns: [
      { header: "#", width: 6, value: (o) => formatDisplayId(o.display_id as number) },
      { header: "Date", width: 16, value: (o) => formatDate(o.created_at as string) },
      { header: "Total", width: 12, align: "right", value: (o) => formatMoney(o.total as number, o.currency_code as string) },
      ...ORDER_STATUS_COLUMNS.map((c) => (c.header === "Fulfilment" ? { ...c, width: undefined } : c)),
    ],
  },
};

export const CUSTOMER_DETAIL: DetailEntry = {
  screen: "customer-detail",
  title: "Customer",
  cli: "medusactl customers get <id> --json",
  bindings: CUSTOMER_ORDERS.bindings,
};

export const START_VIEW = VIEWS[0]!;

/** Rows per page of a list view. */
// 25, not 50: the order list is the slowest read of the first frame, and its cost grows with the rows.
export const PAGE_SIZE = 25;

/** The list query of a view; the CLI sends the start view's first one before Ink has loaded. */
export function listQuery(
  view: ViewEntry,
  p: { offset: number; limit?: number; order?: string; filter?: string; scope?: Record<string, string>; queue?: OrderQueue },
): Record<string, unknown> {
  if (view.list.nested) return { limit: view.list.nested.limit, offset: 0, order: "-created_at", fields: view.list.fields };
  const query: Record<string, unknown> = { limit: p.limit ?? PAGE_SIZE, offset: p.offset, order: p.order ?? view.list.defaultOrder, fields: view.list.fields, ...p.queue?.server, ...p.scope };
  // "#21" is how people write an order number; Medusa's q finds it as "21".
  if (p.filter && serverFilter(view, p.filter)) query.q = /^#\d+$/.test(p.filter.trim()) ? p.filter.trim().slice(1) : p.filter;
  return query;
}

/**
 * Whether Medusa's `q` does the typing filter. Not for `/!text` (q cannot say "not"), nor for a
 * status word (q does not search statuses, and a status matches exactly): those run locally.
 */
export function serverFilter(view: ViewEntry, filter: string): boolean {
  return view.list.search && !isInverted(filter) && !isStatusWord(filter);
}

/** What a `:` word opens: a view, or the order list with a queue (`:to-ship`). */
export function findTarget(word: string): { view: ViewEntry; queue?: OrderQueue } | undefined {
  const view = findView(word);
  if (view) return { view };
  const queue = findQueue(word);
  const owner = queue && VIEWS.find((v) => v.queues?.includes(queue));
  return owner && queue ? { view: owner, queue } : undefined;
}

/** `/!text`: the rows that do NOT match `text` (k9s). A lone `!` filters nothing. */
export function isInverted(filter: string): boolean {
  return filter.startsWith("!") && filter.length > 1;
}

/** The view a `:` word names (name, alias or unique prefix). */
export function findView(word: string): ViewEntry | undefined {
  const w = word.trim().toLowerCase();
  if (!w) return undefined;
  const exact = VIEWS.find((v) => v.name === w || v.aliases.includes(w));
  if (exact) return exact;
  const prefixed = VIEWS.filter((v) => v.name.startsWith(w));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Why the TUI will not start without a terminal, and what to run instead (CONTRACT.md §3: exit 2). */
export function nonTtyHint(): string {
  return `use the CLI instead, e.g. \`${START_VIEW.cli}\``;
}
