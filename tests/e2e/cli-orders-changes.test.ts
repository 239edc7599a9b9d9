/**
 * Returns, claims, exchanges, order edits and draft orders through the built CLI against the
 * real back-end, each on an order placed for the test; the outcome is checked through the SDK.
 */
import type { HttpTypes } from "@medusajs/types";
import { beforeAll, describe, expect, it } from "vitest";
import { ok, runCli } from "../helpers/cli.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";
import { deliveredOrder, orderState, placeOrder, purchasableVariants, regionFor, warehouseId } from "./helpers/orders.js";

const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const cli = (...args: string[]) => runCli(args, { env });
const admin = adminSdk();

type Line = HttpTypes.AdminOrderLineItem;
const sortLines = (items: Line[]) => [...items].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || a.id.localeCompare(b.id));

let otherSku: string;
let otherVariantId: string;

beforeAll(async () => {
  // A variant none of the default orders contain, to send out in claims, exchanges and edits.
  const region = await regionFor(storeSdk(), "eur");
  const variants = await purchasableVariants(storeSdk(), region.id, 4);
  otherVariantId = variants[3]!.id;
  otherSku = variants[3]!.sku!;
});

describe("medusactl returns", () => {
  it("requests and receives a return in one command, then refunds what is due", async () => {
    const { order } = await deliveredOrder(cli);
    const before = await orderState(admin, order.id);
    const line1 = sortLines(before.items!)[0]!;
    const { return_reason } = await admin.admin.returnReason.create({ value: uniq("ord-damaged"), label: "Damaged (ord e2e)" });
    // Money is owed back only once it was taken.
    ok(await cli("orders", "capture", order.id, "--yes"));

    const r = ok(await cli("returns", "create", `#${order.display_id}`, "--item", `${line1.variant_sku}:1`, "--reason", return_reason.id, "--receive", "--yes"));
    expect(r.stdout).toMatch(/^return return_\w+ requested \(to sloc_\w+\): 1 × line 1 \(/m);
    expect(r.stdout).toMatch(/^return return_\w+ received: 1 × line 1/m);
    const due = /refund due to the customer: €[\d.,]+ \(medusactl orders refund '#\d+' --amount ([\d.]+)\)/.exec(r.stdout);
    expect(due).not.toBeNull();

    const after = await orderState(admin, order.id, "id,*items,*returns,*returns.items,summary");
    const item = after.items!.find((i) => i.id === line1.id)!;
    expect(item.detail.return_received_quantity).toBe(1);
    const ret = (after as { returns?: { status: string; location_id: string; items: { reason_id: string }[] }[] }).returns!;
    expect(ret).toEqual([expect.objectContaining({ status: "received", location_id: await warehouseId(admin) })]);
    expect(ret[0]!.items[0]!.reason_id).toBe(return_reason.id);
    // Medusa owes back the line's price with tax: unit price × 1.19 (German VAT).
    expect(Number(due![1])).toBeCloseTo(Number(line1.unit_price) * 1.19, 2);

    ok(await cli("orders", "refund", order.id, "--amount", due![1]!, "--yes"));
    const paid = await orderState(admin, order.id, "id,payment_status,summary");
    expect(paid.payment_status).toBe("partially_refunded");
    expect(Number((paid.summary as { pending_difference: number }).pending_difference)).toBeCloseTo(0, 4);
  });

  it("receives a requested return later with `returns receive`", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1, quantity: 2 });
    const created = JSON.parse(ok(await cli("returns", "create", order.id, "--item", "1:2", "--shipping-option", "Standard Return", "--yes", "--json")).stdout);
    const { return: requested } = await admin.admin.return.retrieve(created.return_id, { fields: "id,status,*shipping_methods" } as never);
    expect((requested as { shipping_methods?: { name: string }[] }).shipping_methods?.map((m) => m.name)).toEqual(["Standard Return"]);
    expect(created.return_id).toMatch(/^return_/);
    expect(created.order.id).toBe(order.id);
    const r = ok(await cli("returns", "receive", created.return_id, "--item", "1:1", "--dismiss", "1:1", "--yes"));
    expect(r.stdout).toContain(`return ${created.return_id} received: 1 × line 1`);
    expect(r.stdout).toContain(`return ${created.return_id} dismissed as damaged: 1 × line 1`);
    const item = (await orderState(admin, order.id)).items![0]!;
    expect(item.detail.return_received_quantity).toBe(1);
    expect(item.detail.return_dismissed_quantity).toBe(1);
    const again = await cli("returns", "receive", created.return_id, "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is already received");
  });
});

describe("medusactl claims, exchanges, order edits", () => {
  it("opens a replacement claim that sends a new item", async () => {
    const { order } = await deliveredOrder(cli);
    const line2 = sortLines((await orderState(admin, order.id)).items!)[1]!;
    const r = ok(await cli("claims", "create", `#${order.display_id}`, "--item", "2:1", "--type", "replace", "--add", `${otherSku}:1`, "--yes", "--json"));
    const out = JSON.parse(r.stdout);
    expect(out.claim_id).toMatch(/^claim_/);

    const { claim } = await admin.admin.claim.retrieve(out.claim_id, { fields: "id,type,order_id,return_id,canceled_at,*additional_items" });
    expect(claim).toMatchObject({ type: "replace", order_id: order.id, canceled_at: null });
    expect((claim as { additional_items: { item_id: string }[] }).additional_items).toHaveLength(1);
    const after = await orderState(admin, order.id);
    const added = after.items!.find((i) => i.variant_id === otherVariantId);
    expect(added).toBeDefined();
    expect(added!.detail.fulfilled_quantity).toBe(0);
    expect(after.items!.find((i) => i.id === line2.id)!.detail.return_requested_quantity).toBe(1);

    // The replacement is fulfilled like any line.
    const ful = ok(await cli("orders", "fulfill", order.id, "--item", `${added!.id}:1`, "--yes"));
    expect(ful.stdout).toContain(`fulfilled 1 × line 3`);
    const show = ok(await cli("orders", "show", order.id));
    expect(show.stdout).toContain(`Claims\n  ${out.claim_id}  replace`);
  });

  it("exchanges an item for another variant", async () => {
    const { order } = await deliveredOrder(cli);
    const line1 = sortLines((await orderState(admin, order.id)).items!)[0]!;
    const r = ok(await cli("exchanges", "create", order.id, "--item", `${line1.id}:1`, "--add", `${otherVariantId}:1`, "--yes"));
    const exchangeId = /^exchange (oexc_\w+) confirmed/m.exec(r.stdout)?.[1];
    expect(exchangeId).toBeDefined();
    const { exchanges } = await admin.admin.exchange.list({ order_id: order.id });
    expect(exchanges.map((x) => x.id)).toEqual([exchangeId]);
    const after = await orderState(admin, order.id);
    expect(after.items!.find((i) => i.id === line1.id)!.detail.return_requested_quantity).toBe(1);
    const sent = after.items!.find((i) => i.variant_id === otherVariantId);
    expect(sent).toBeDefined();
    // The exchange shipped with a method, so Medusa reserved stock and the new line can be fulfilled.
    ok(await cli("orders", "fulfill", order.id, "--item", `${sent!.id}:1`, "--yes"));
    expect((await orderState(admin, order.id)).items!.find((i) => i.id === sent!.id)!.detail.fulfilled_quantity).toBe(1);

    // An exchange that names nothing to send is refused before anything is created.
    const bad = await cli("exchanges", "create", order.id, "--item", "2:1", "--yes");
    expect(bad.code).toBe(2);
    expect((await admin.admin.exchange.list({ order_id: order.id })).exchanges).toHaveLength(1);
  });

  it("adds an item with an order edit, and the amount to collect is marked paid", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    ok(await cli("orders", "capture", order.id, "--yes"));
    const r = ok(await cli("order-edits", "create", `#${order.display_id}`, "--add", `${otherSku}:2`, "--yes"));
    expect(r.stdout).toContain(`added 2 × ${otherSku}`);
    expect(r.stdout).toContain(`edit of order #${order.display_id} confirmed`);
    expect(r.stdout).toMatch(/to collect from the customer: €[\d.,]+/);
    let state = await orderState(admin, order.id);
    const added = state.items!.find((i) => i.variant_id === otherVariantId);
    expect(added?.quantity).toBe(2);
    expect(state.payment_status).toBe("partially_captured");

    const paid = ok(await cli("payment-collections", "mark-as-paid", `#${order.display_id}`, "--yes"));
    expect(paid.stdout).toMatch(/^marked payment collection pay_col_\w+ \(€[\d.,]+\) as paid$/m);
    state = await orderState(admin, order.id, "id,payment_status,summary");
    expect(state.payment_status).toBe("captured");
    expect(Number((state.summary as { pending_difference: number }).pending_difference)).toBeCloseTo(0, 4);
  });

  it("cancels a claim, which withdraws its return", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1, quantity: 1 });
    const out = JSON.parse(ok(await cli("claims", "create", order.id, "--item", "1:1", "--type", "refund", "--yes", "--json")).stdout);
    ok(await cli("claims", "cancel", out.claim_id, "--yes"));
    const { claim } = await admin.admin.claim.retrieve(out.claim_id, { fields: "id,canceled_at" });
    expect(claim.canceled_at).not.toBeNull();
    expect((await orderState(admin, order.id)).items![0]!.detail.return_requested_quantity).toBe(0);
  });
});

describe("medusactl draft-orders", () => {
  it("creates a draft, converts it to an order and records the payment", async () => {
    const email = `${uniq("ord-draft")}@example.com`;
    const address = JSON.stringify({ first_name: "Erika", last_name: "Mustermann", address_1: "Torstraße 1", city: "Berlin", postal_code: "10119", country_code: "de" });
    const r = ok(await cli("draft-orders", "create", "--email", email, "--region", "eur", "--add", `${otherSku}:2`, "--shipping-option", "Standard Shipping", "--address", address, "--json"));
    const draft = JSON.parse(r.stdout);
    expect(draft).toMatchObject({ status: "draft", email });
    const conv = ok(await cli("draft-orders", "convert", draft.id, "--yes"));
    expect(conv.stdout).toContain(`draft ${draft.id} is now order #${draft.display_id}`);
    let state = await orderState(admin, draft.id);
    expect(state.status).toBe("pending");
    expect(state.payment_status).toBe("not_paid");
    expect(state.items!.map((i) => [i.variant_id, i.quantity])).toEqual([[otherVariantId, 2]]);

    ok(await cli("payment-collections", "mark-as-paid", draft.id, "--yes"));
    state = await orderState(admin, draft.id);
    expect(state.payment_status).toBe("captured");
  });
});
