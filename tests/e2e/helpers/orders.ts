/**
 * Real orders for end-to-end tests, placed through the store API exactly as a shopper would
 * (cart → items → addresses → shipping → payment session → complete). Use it whenever a test needs
 * an order in a known state: seeded orders are shared and change under other tests.
 *
 * @example
 * const { order } = await placeOrder();                        // guest order in EUR, 2 × 2 t-shirts
 * const { order } = await placeOrder({ sdk: customerSdk });    // as a logged-in customer
 * const { order } = await placeOrder({ currency: "usd", items: [{ variant_id, quantity: 1 }] });
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../../src/sdk/index.js";
import { ok, type CliResult } from "../../helpers/cli.js";
import { storeSdk, uniq } from "./sdk.js";

export type Currency = "eur" | "usd";

/** Seeded products whose variants are priced in both regions and stocked by thousands. */
const SEEDED_HANDLES = ["classic-t-shirt", "classic-mug", "classic-cap", "classic-poster"];

/** A shipping (and billing) address in the region of each currency. */
export const ADDRESSES: Record<Currency, HttpTypes.StoreAddAddress> = {
  eur: { first_name: "Erika", last_name: "Mustermann", address_1: "Torstraße 1", city: "Berlin", postal_code: "10119", country_code: "de", phone: "+49301234567" },
  usd: { first_name: "John", last_name: "Public", address_1: "500 SW Broadway", city: "Portland", postal_code: "97205", province: "or", country_code: "us", phone: "+15035550100" },
};

export interface PlaceOrderOptions {
  /** The store client that checks out. Pass a logged-in customer's client to place the order as that customer. Default: a new guest client. */
  sdk?: Medusa;
  /** Region by currency: "eur" (Europe, German address, 19 % VAT) or "usd" (North America, US address, no tax). Default "eur". */
  currency?: Currency;
  /** Lines to buy. Default: `lines` seeded variants, `quantity` each. */
  items?: { variant_id: string; quantity: number }[];
  /** Number of default lines (distinct seeded variants). Default 2. */
  lines?: number;
  /** Quantity of each default line. Default 2. */
  quantity?: number;
  /** Default: a unique address at example.com (or the customer's own when `sdk` is logged in). */
  email?: string;
  /** Shipping option type code: "standard" (5 € / 6 $) or "express" (12 € / 15 $). Default "standard". */
  shipping?: "standard" | "express";
  /** Promotion codes applied to the cart before payment. */
  promoCodes?: string[];
  /** Another region than the currency's (e.g. the tax-inclusive one of helpers/regions.ts), with an address in it. */
  region?: HttpTypes.StoreRegion;
  address?: HttpTypes.StoreAddAddress;
}

export interface PlacedOrder {
  /** The order as `cart.complete` answered it (status "pending"; payment "authorized" by pp_system_default). */
  order: HttpTypes.StoreOrder;
  /** The cart just before completion (items, totals, shipping method, payment collection). */
  cart: HttpTypes.StoreCart;
  region: HttpTypes.StoreRegion;
  shippingOption: HttpTypes.StoreCartShippingOption;
  /** The client that checked out (reuse it to read the order through the store API). */
  sdk: Medusa;
  email: string;
}

/**
 * Priced, stocked variants of the seeded catalogue in a region, seeded t-shirts first; falls back
 * to any priced variant with stock if the seeded products were changed.
 */
export async function purchasableVariants(sdk: Medusa, regionId: string, count: number, minStock = 10): Promise<HttpTypes.StoreProductVariant[]> {
  const fields = "id,handle,variants.id,variants.sku,variants.title,variants.calculated_price.calculated_amount,+variants.inventory_quantity";
  const usable = (products: HttpTypes.StoreProduct[]) =>
    products
      .flatMap((p) => p.variants ?? [])
      .filter((v) => v.calculated_price?.calculated_amount != null && (v.inventory_quantity ?? 0) >= minStock);
  const seeded = (await sdk.store.product.list({ handle: SEEDED_HANDLES, region_id: regionId, fields, limit: SEEDED_HANDLES.length })).products;
  seeded.sort((a, b) => SEEDED_HANDLES.indexOf(a.handle!) - SEEDED_HANDLES.indexOf(b.handle!));
  let found = usable(seeded);
  if (found.length < count) found = [...found, ...usable((await sdk.store.product.list({ region_id: regionId, fields, limit: 50 })).products)];
  const unique = [...new Map(found.map((v) => [v.id, v])).values()];
  if (unique.length < count) throw new Error(`only ${unique.length} purchasable variants in region ${regionId}, ${count} wanted`);
  return unique.slice(0, count);
}

/** The region of a currency, with its countries. */
export async function regionFor(sdk: Medusa, currency: Currency): Promise<HttpTypes.StoreRegion> {
  const { regions } = await sdk.store.region.list({ currency_code: currency, fields: "id,name,currency_code,*countries" });
  const region = regions.find((r) => r.currency_code === currency);
  if (!region) throw new Error(`no region in ${currency}`);
  return region;
}

/** Places a real order through the store API and returns it with the cart it came from. */
export async function placeOrder(opts: PlaceOrderOptions = {}): Promise<PlacedOrder> {
  const sdk = opts.sdk ?? storeSdk();
  const currency = opts.currency ?? "eur";
  const quantity = opts.quantity ?? 2;
  const region = opts.region ?? (await regionFor(sdk, currency));
  const items = opts.items ?? (await purchasableVariants(sdk, region.id, opts.lines ?? 2, quantity)).map((v) => ({ variant_id: v.id, quantity }));

  const address = opts.address ?? ADDRESSES[currency];
  // E-mail and addresses go with the cart's creation, as a checkout that knows them would send
  // them: one cart workflow less per order (0.9 instead of 1.3 Medusa CPU-seconds). A signed-in
  // customer's cart takes the customer's e-mail unless one is given.
  const signedIn = Boolean(await sdk.client.getToken());
  const given = opts.email ?? (signedIn ? undefined : `${uniq("order")}@example.com`);
  // The steps before the last read answer with what the next step needs, not the whole cart with
  // its totals: 0.67 instead of 0.77 Medusa CPU-seconds an order (eight orders each way, twice).
  const lean = { fields: "id,email,payment_collection.id" };
  let { cart } = await sdk.store.cart.create({ region_id: region.id, items, ...(given ? { email: given } : {}), shipping_address: address, billing_address: address }, lean);
  if (!cart.email) ({ cart } = await sdk.store.cart.update(cart.id, { email: `${uniq("order")}@example.com` }, lean));
  const email = cart.email!;

  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
  const code = opts.shipping ?? "standard";
  const shippingOption = shipping_options.find((o) => o.type?.code === code);
  if (!shippingOption) throw new Error(`no "${code}" shipping option for cart ${cart.id}`);
  ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shippingOption.id }, lean));
  if (opts.promoCodes?.length) ({ cart } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: opts.promoCodes }, lean));

  // The payment session goes last: changing the cart afterwards would drop it (NOTES.md §9).
  await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" }, { fields: "id" });
  ({ cart } = await sdk.store.cart.retrieve(cart.id, { fields: "*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions,+total,+email" }));

  const done = await sdk.store.cart.complete(cart.id);
  if (done.type !== "order") throw new Error(`cart ${cart.id} did not complete: ${done.error?.message ?? "unknown reason"}`);
  return { order: done.order, cart, region, shippingOption, sdk, email };
}

/** Fields that make an admin order read show its computed statuses and what tests check. */
export const ORDER_STATE_FIELDS =
  "id,status,payment_status,fulfillment_status,total,currency_code,email,customer_id,*items,*fulfillments,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds";

/**
 * Reads an order with its computed statuses (POST answers omit them, NOTES.md §11).
 * @example const o = await orderState(adminSdk(), order.id); expect(o.fulfillment_status).toBe("shipped")
 */
export async function orderState(admin: Medusa, id: string, fields = ORDER_STATE_FIELDS): Promise<HttpTypes.AdminOrder> {
  return (await admin.admin.order.retrieve(id, { fields })).order;
}

/** The seeded stock location every order ships from. */
export async function warehouseId(admin: Medusa): Promise<string> {
  const { stock_locations } = await admin.admin.stockLocation.list({ name: "Sandbox Warehouse", fields: "id,name" });
  const id = stock_locations[0]?.id;
  if (!id) throw new Error("the seeded stock location Sandbox Warehouse is missing");
  return id;
}

/** A seeded shipping option by type code: "standard", "express" or "return" (the return option). */
export async function shippingOptionId(admin: Medusa, code: "standard" | "express" | "return"): Promise<string> {
  const { shipping_options } = await admin.admin.shippingOption.list({ fields: "id,name,type.code", limit: 100 });
  const option = shipping_options.find((o) => o.type?.code === code);
  if (!option) throw new Error(`no seeded shipping option of type ${code}`);
  return option.id;
}

export interface RegisteredCustomer {
  /** A store client logged in as the new customer (JWT in memory). */
  sdk: Medusa;
  customer: HttpTypes.StoreCustomer;
  email: string;
  password: string;
}

/**
 * Registers a new customer account through the store API (NOTES.md §10) and logs it in.
 * @example const { sdk, customer } = await registerCustomer(); await placeOrder({ sdk });
 */
export async function registerCustomer(opts: { email?: string; password?: string; first_name?: string; last_name?: string } = {}): Promise<RegisteredCustomer> {
  const sdk = storeSdk();
  const email = opts.email ?? `${uniq("customer")}@example.com`;
  const password = opts.password ?? uniq("pw");
  await sdk.auth.register("customer", "emailpass", { email, password });
  const { customer } = await sdk.store.customer.create({ email, first_name: opts.first_name ?? "Test", last_name: opts.last_name ?? "Shopper" });
  // The registration token has no actor; a fresh login binds the token to the new customer.
  await sdk.auth.login("customer", "emailpass", { email, password });
  return { sdk, customer, email, password };
}

/** One pending change action as an order preview shows it (on an item or a shipping method). */
export interface PreviewAction {
  id: string;
  action: string;
  /** The item or shipping method the action sits on in the preview. */
  on: string;
  details?: Record<string, unknown>;
  /** Set on the inbound (return) side of a claim or exchange. */
  return_id?: string | null;
}

/**
 * The pending actions of an order preview (answers of return/claim/exchange/order-edit/draft-order
 * edit calls), newest last. Action ids are what the update/remove methods take.
 * @example const [add] = previewActions(order_preview, "ITEM_ADD")
 */
export function previewActions(preview: { items?: unknown[] | null; shipping_methods?: unknown[] | null }, type?: string): PreviewAction[] {
  const out: PreviewAction[] = [];
  type Holder = { id: string; actions?: { id: string; action: string; details?: Record<string, unknown>; return_id?: string | null }[] };
  for (const holder of [...(preview.items ?? []), ...(preview.shipping_methods ?? [])] as Holder[]) {
    for (const a of holder.actions ?? []) out.push({ id: a.id, action: a.action, on: holder.id, details: a.details, return_id: a.return_id });
  }
  return type ? out.filter((a) => a.action === type) : out;
}

/** Fulfils every line of a fresh (unfulfilled) order in full from the seeded warehouse; optionally ships it too. */
export async function fulfilOrder(admin: Medusa, orderId: string, opts: { ship?: boolean } = {}): Promise<HttpTypes.AdminOrder> {
  const location_id = await warehouseId(admin);
  const items = (await orderState(admin, orderId, "id,*items")).items!.map((i) => ({ id: i.id, quantity: Number(i.quantity) }));
  const { order } = await admin.admin.order.createFulfillment(orderId, { items, location_id }, { fields: "id,*fulfillments" });
  const fulfillment = order.fulfillments!.find((f) => !f.canceled_at && !f.shipped_at);
  if (opts.ship && fulfillment) await admin.admin.order.createShipment(orderId, fulfillment.id, { items });
  return orderState(admin, orderId);
}

/** A placed order, fulfilled, shipped and delivered through the CLI (`cli` runs the binary against the back-end). */
export async function deliveredOrder(cli: (...args: string[]) => Promise<CliResult>, opts: { lines?: number; quantity?: number } = {}) {
  const placed = await placeOrder({ lines: opts.lines ?? 2, quantity: opts.quantity ?? 1 });
  for (const verb of ["fulfill", "ship", "deliver"]) ok(await cli("orders", verb, placed.order.id, "--yes"));
  return placed;
}
