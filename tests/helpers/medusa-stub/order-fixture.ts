/** An order as Medusa reads it with the fields order operations ask for. */
export function orderFixture(over: Record<string, unknown> = {}): any {
  const item = (id: string, sku: string, title: string, quantity: number, fulfilled = 0, created = "2026-01-01T00:00:00.000Z") => ({
    id,
    title,
    product_title: title,
    variant_title: "M",
    variant_sku: sku,
    variant_id: `variant_${sku}`,
    quantity,
    unit_price: 10,
    // Medusa's line totals: 19 % VAT on a price that excludes it.
    subtotal: 10 * quantity,
    total: 11.9 * quantity,
    is_tax_inclusive: false,
    created_at: created,
    detail: { quantity, fulfilled_quantity: fulfilled, shipped_quantity: 0, delivered_quantity: 0, return_requested_quantity: 0, return_received_quantity: 0, return_dismissed_quantity: 0 },
  });
  return {
    id: "order_1",
    display_id: 7,
    status: "pending",
    payment_status: "authorized",
    fulfillment_status: "not_fulfilled",
    email: "jane@example.com",
    currency_code: "eur",
    total: 40.7,
    item_total: 35.7,
    item_subtotal: 30,
    shipping_subtotal: 5,
    shipping_total: 5,
    tax_total: 5.7,
    discount_total: 0,
    discount_subtotal: 0,
    summary: { paid_total: 0, refunded_total: 0, pending_difference: 40.7 },
    created_at: "2026-01-01T00:00:00.000Z",
    // Deliberately out of creation order: line numbers follow created_at, not the array.
    items: [item("ordli_B", "MUG-1", "Mug", 1, 0, "2026-01-01T00:00:01.000Z"), item("ordli_A", "TEE-M", "Tee", 2, 0)],
    fulfillments: [],
    shipping_methods: [{ id: "ordsm_1", name: "Standard", shipping_option_id: "so_std" }],
    payment_collections: [{ id: "pay_col_1", status: "authorized", amount: 40.7, payments: [{ id: "pay_1", amount: 40.7, provider_id: "pp_system_default", captures: [], refunds: [] }] }],
    returns: [],
    ...over,
  };
}
