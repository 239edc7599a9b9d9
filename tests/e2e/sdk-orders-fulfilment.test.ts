/**
 * Admin order handling on orders this file places itself: fulfil → ship → deliver → capture →
 * refund, standalone fulfillments, cancellation, completion, credit lines and transfers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { adminSdk, adminUserSdk, backend, uniq } from "./helpers/sdk.js";
import { orderState, placeOrder, registerCustomer, warehouseId } from "./helpers/orders.js";

/** Long flows make dozens of requests to a back-end shared with other suites. */
const LONG = { timeout: 300_000 };

const sdk = adminSdk();
const admin = sdk.admin;
let locationId: string;

beforeAll(async () => {
  locationId = await warehouseId(sdk);
});

describe("admin order: fulfil, ship, deliver, capture, refund", () => {
  it("walks a two-line order through every fulfilment and payment state", LONG, async () => {
    const { order } = await placeOrder({ lines: 2, quantity: 2 });
    const [line1, line2] = (await orderState(sdk, order.id)).items!;

    const { orders, count } = await admin.order.list({ id: [order.id], fields: "id,display_id,email,status" });
    expect(count).toBe(1);
    expect(orders[0]!.email).toBe(order.email);

    const { order_items } = await admin.order.listLineItems(order.id, { fields: "item_id,quantity,fulfilled_quantity" });
    expect(order_items.map((i) => i.item_id).sort()).toEqual([line1!.id, line2!.id].sort());
    // The AdminOrderItem type lacks the quantity columns the route returns.
    const quantities = order_items as unknown as { quantity: number; fulfilled_quantity: number }[];
    expect(quantities.every((i) => Number(i.quantity) === 2 && Number(i.fulfilled_quantity) === 0)).toBe(true);

    const { shipping_options } = await admin.order.listShippingOptions(order.id);
    expect(shipping_options.map((o) => o.name)).toContain("Standard Shipping");

    // Line 1 first: a partial fulfilment.
    const afterFirst = await admin.order.createFulfillment(order.id, { items: [{ id: line1!.id, quantity: 2 }], location_id: locationId }, { fields: "id,*fulfillments" });
    expect(afterFirst.order.fulfillments).toHaveLength(1);
    const ful1 = afterFirst.order.fulfillments![0]!;
    expect((await orderState(sdk, order.id)).fulfillment_status).toBe("partially_fulfilled");

    // Line 2 fulfilled, cancelled, fulfilled again.
    const second = await admin.order.createFulfillment(order.id, { items: [{ id: line2!.id, quantity: 2 }], location_id: locationId }, { fields: "id,*fulfillments" });
    const ful2 = second.order.fulfillments!.find((f) => f.id !== ful1.id)!;
    expect((await orderState(sdk, order.id)).fulfillment_status).toBe("fulfilled");
    await admin.order.cancelFulfillment(order.id, ful2.id, { no_notification: true });
    let state = await orderState(sdk, order.id);
    expect(state.fulfillment_status).toBe("partially_fulfilled");
    expect(state.fulfillments!.find((f) => f.id === ful2.id)!.canceled_at).not.toBeNull();
    const third = await admin.order.createFulfillment(order.id, { items: [{ id: line2!.id, quantity: 2 }], location_id: locationId }, { fields: "id,*fulfillments" });
    const ful3 = third.order.fulfillments!.find((f) => f.id !== ful1.id && f.id !== ful2.id)!;

    const label = { tracking_number: uniq("track"), tracking_url: "https://tracking.example.com/t", label_url: "https://tracking.example.com/l" };
    await admin.order.createShipment(order.id, ful1.id, { items: [{ id: line1!.id, quantity: 2 }], labels: [label] });
    expect((await orderState(sdk, order.id)).fulfillment_status).toBe("partially_shipped");
    await admin.order.createShipment(order.id, ful3.id, { items: [{ id: line2!.id, quantity: 2 }] });
    state = await orderState(sdk, order.id, "id,fulfillment_status,*fulfillments,*fulfillments.labels");
    expect(state.fulfillment_status).toBe("shipped");
    const labels = (state.fulfillments!.find((f) => f.id === ful1.id) as { labels?: { tracking_number: string }[] }).labels!;
    expect(labels.map((l) => l.tracking_number)).toEqual([label.tracking_number]);

    await admin.order.markAsDelivered(order.id, ful1.id);
    expect((await orderState(sdk, order.id)).fulfillment_status).toBe("partially_delivered");
    await admin.order.markAsDelivered(order.id, ful3.id, {});
    state = await orderState(sdk, order.id);
    expect(state.fulfillment_status).toBe("delivered");
    expect(state.payment_status).toBe("authorized");

    // Payments: capture part, then the rest, then refund part.
    const payment = state.payment_collections![0]!.payments![0]!;
    expect(payment.amount).toBeCloseTo(state.total, 4);
    const { payments } = await admin.payment.list({ id: payment.id });
    expect(payments.map((p) => p.id)).toEqual([payment.id]);
    await admin.payment.capture(payment.id, { amount: 10 });
    expect((await orderState(sdk, order.id)).payment_status).toBe("partially_captured");
    // Without an amount Medusa captures the whole authorized amount again, so the rest is explicit.
    const { payment: captured } = await admin.payment.capture(payment.id, { amount: state.total - 10 }, { fields: "id,captured_at,*captures" });
    expect(captured.captures!.reduce((s, c) => s + Number(c.amount), 0)).toBeCloseTo(state.total, 4);
    expect(captured.captured_at).toBeTruthy();
    expect((await orderState(sdk, order.id)).payment_status).toBe("captured");

    await admin.payment.refund(payment.id, { amount: 7.5, note: "scratched mug" });
    const { payment: refunded } = await admin.payment.retrieve(payment.id, { fields: "id,*refunds" });
    expect(refunded.refunds!.map((r) => Number(r.amount))).toEqual([7.5]);
    expect((await orderState(sdk, order.id)).payment_status).toBe("partially_refunded");

    // Complete and archive the finished order.
    await admin.order.complete(order.id, {});
    expect((await orderState(sdk, order.id)).status).toBe("completed");
    const { order: archived } = await admin.order.archive(order.id, { fields: "id,status" });
    expect(archived.status).toBe("archived");
  });

  it("lists the enabled payment providers", async () => {
    const { payment_providers } = await admin.payment.listPaymentProviders({ is_enabled: true });
    expect(payment_providers.map((p) => p.id)).toContain("pp_system_default");
  });

  it("creates, ships and cancels fulfillments through the fulfillment resource", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const state = await orderState(sdk, order.id, "id,*items,*shipping_address,*shipping_methods");
    const item = state.items![0]!;
    const address = state.shipping_address!;
    const body = {
      location_id: locationId,
      provider_id: "manual_manual",
      delivery_address: { first_name: address.first_name!, last_name: address.last_name!, address_1: address.address_1!, city: address.city!, postal_code: address.postal_code!, country_code: address.country_code! },
      items: [{ title: item.title, sku: item.variant_sku ?? "", quantity: 1, barcode: "", line_item_id: item.id }],
      labels: [],
      order_id: order.id,
      shipping_option_id: state.shipping_methods![0]!.shipping_option_id,
      data: null,
      metadata: { source: "sdk-e2e" },
    };
    const { fulfillment } = await admin.fulfillment.create(body);
    expect(fulfillment.id).toMatch(/^ful_/);
    expect(fulfillment.shipped_at).toBeNull();

    const label = { tracking_number: uniq("trk"), tracking_url: "https://tracking.example.com/x", label_url: "https://tracking.example.com/y" };
    const { fulfillment: shipped } = await admin.fulfillment.createShipment(fulfillment.id, { labels: [label] }, { fields: "id,shipped_at,*labels" });
    expect(shipped.shipped_at).toBeTruthy();
    expect(shipped.labels!.map((l) => l.tracking_number)).toEqual([label.tracking_number]);

    const { fulfillment: other } = await admin.fulfillment.create({ ...body, metadata: null });
    const { fulfillment: canceled } = await admin.fulfillment.cancel(other.id, { fields: "id,canceled_at" });
    expect(canceled.canceled_at).toBeTruthy();
  });
});

describe("admin order: cancel, update, credit lines, changes, export", () => {
  it("cancels an unfulfilled order and its authorized payment", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    await admin.order.cancel(order.id);
    const state = await orderState(sdk, order.id);
    expect(state.status).toBe("canceled");
    expect(state.payment_status).toBe("canceled");
  });

  it("updates contact data and reads the change history", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const email = `${uniq("renamed")}@example.com`;
    await admin.order.update(order.id, { email, metadata: { ticket: "T-1" } });
    const updated = await orderState(sdk, order.id, "id,email,metadata");
    expect(updated.email).toBe(email);
    expect(updated.metadata).toEqual({ ticket: "T-1" });
    const { order_changes } = await admin.order.listChanges(order.id, { fields: "id,change_type,status,*actions" });
    const change = order_changes.find((c) => c.change_type === "update_order");
    expect(change?.status).toBe("confirmed");
  });

  it("adds a credit line that lowers what the customer owes", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const before = await orderState(sdk, order.id, "id,total,credit_line_total,summary");
    await admin.order.createCreditLine(order.id, { amount: 3, reference: "goodwill", reference_id: uniq("ticket") });
    const after = await orderState(sdk, order.id, "id,total,credit_line_total,*credit_lines,summary");
    expect(after.credit_lines!.map((c) => Number(c.amount))).toEqual([3]);
    expect(after.credit_line_total).toBeCloseTo(3, 4);
    expect(after.total).toBeCloseTo(before.total - 3, 4);
  });

  it("starts an order export in the background", async () => {
    const r = await admin.order.export({ id: "order_none" });
    expect(r.transaction_id).toBeTruthy();
  });
});

describe("admin order transfers", () => {
  it("requests a transfer to a registered customer and cancels it", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const { customer } = await registerCustomer();
    await admin.order.requestTransfer(order.id, { customer_id: customer.id, description: "wrong account" });
    let { order_changes } = await admin.order.listChanges(order.id, { change_type: "transfer", fields: "id,status,*actions" });
    expect(order_changes).toHaveLength(1);
    expect(order_changes[0]!.status).toBe("requested");
    expect(order_changes[0]!.actions![0]!.reference_id).toBe(customer.id);

    // A secret API key is not a "user" actor: Medusa lets only users (or the customer) cancel.
    await expect(adminSdk({ apiKey: backend.apiKey }).admin.order.cancelTransfer(order.id)).rejects.toMatchObject({ status: 400, message: "This customer is not allowed to cancel the transfer." });
    await (await adminUserSdk()).admin.order.cancelTransfer(order.id);
    // Cancelling deletes the pending transfer change rather than marking it.
    ({ order_changes } = await admin.order.listChanges(order.id, { change_type: "transfer", fields: "id,status" }));
    expect(order_changes).toEqual([]);
    expect((await orderState(sdk, order.id)).customer_id).not.toBe(customer.id);
  });

  it("moves an order to another guest e-mail at once", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const email = `${uniq("guest")}@example.com`;
    await admin.order.transferToGuest(order.id, { email, description: "typo in address" });
    const state = await orderState(sdk, order.id, "id,email,customer_id,*customer");
    expect(state.customer!.email).toBe(email);
    expect(state.customer!.has_account).toBe(false);
  });
});
