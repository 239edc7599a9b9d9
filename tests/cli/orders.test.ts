// Not a mirror: the order verbs of several nouns (orders, returns, claims, exchanges, draft orders) through main() against one fake back-end.
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createFactory, type Factory } from "../../src/cli/cmdutil/factory.js";
import type { Prompter } from "../../src/cli/cmdutil/prompter.js";
import { reportError } from "../../src/cli/main.js";
import { makeFulfillCommand, fulfillRun } from "../../src/cli/commands/orders/fulfill.js";
import { makeRefundCommand, refundRun } from "../../src/cli/commands/orders/refund.js";
import { makeCaptureCommand } from "../../src/cli/commands/orders/capture.js";
import { cancelRun } from "../../src/cli/commands/orders/cancel.js";
import { makeShipCommand } from "../../src/cli/commands/orders/ship.js";
import { makeListCommand } from "../../src/cli/commands/orders/list.js";
import { parseSince } from "../../src/cli/cmdutil/input.js";
import { renderOrder } from "../../src/cli/commands/orders/show.js";
import { makeClaimCreateCommand } from "../../src/cli/commands/claims/create.js";
import { makeExchangeCreateCommand } from "../../src/cli/commands/exchanges/create.js";
import { makeReturnCreateCommand } from "../../src/cli/commands/returns/create.js";
import { makeReturnReceiveCommand } from "../../src/cli/commands/returns/receive.js";
import { makeDraftCreateCommand, makeDraftPromotionsCommand } from "../../src/cli/commands/draft-orders/create.js";
import { toCliError } from "../../src/cli/cmdutil/order-action.js";
import { OrderError } from "../../src/shared/orders/errors.js";
import { testIO } from "../helpers/test-io.js";
import { stubRegistry, type Responder } from "../helpers/medusa-stub/registry.js";
import { orderFixture } from "../helpers/medusa-stub/order-fixture.js";

/** A route table on a stub registry; retries on with no delay, so a lost answer is retried at once. */
function fakeApi(table: Record<string, Responder>, o: { optional?: boolean } = {}) {
  const reg = stubRegistry();
  for (const stub of reg.routes(table)) if (o.optional) stub.optional();
  return { reg, sdk: reg.sdk({ retry: { baseDelayMs: 0, maxDelayMs: 0 } }), calls: reg.requests, writes: () => reg.writes() };
}


const noCtx = { factory: () => ({}) as Factory };

/** Parses argv through a command's `run` seam and returns the options it would run with. */
async function parse(make: (ctx: typeof noCtx, run: (f: Factory, o: any) => Promise<void>) => Command, argv: string[]): Promise<any> {
  let got: unknown;
  const cmd = make(noCtx, async (_f, o) => {
    got = o;
  });
  cmd.exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  await cmd.parseAsync(argv, { from: "user" });
  return got;
}

describe("argv", () => {
  it.each([
    [makeFulfillCommand, ["#7"], { order: "#7" }],
    [makeFulfillCommand, ["7", "--item", "1:2", "--item", "TEE-M:1", "--location", "sloc_1", "-y"], { order: "7", item: ["1:2", "TEE-M:1"], location: "sloc_1", yes: true }],
    [makeShipCommand, ["order_1", "--fulfillment", "ful_1", "--tracking-number", "T1", "--tracking-url", "https://t.example/T1"], { order: "order_1", fulfillment: "ful_1", trackingNumber: "T1", trackingUrl: "https://t.example/T1" }],
    [makeCaptureCommand, ["7", "--amount", "19.99", "--json"], { order: "7", amount: 19.99, json: true }],
    [makeRefundCommand, ["7", "--amount", "5", "--reason", "refr_1", "--note", "late"], { order: "7", amount: 5, reason: "refr_1", note: "late" }],
    [makeClaimCreateCommand, ["7", "--item", "1:1", "--type", "replace", "--add", "SKU:1", "--shipping-amount", "0"], { order: "7", item: ["1:1"], type: "replace", add: ["SKU:1"], shippingAmount: 0 }],
    [makeClaimCreateCommand, ["7", "--item", "1:1", "--type", "refund", "--return-shipping-option", "Standard Return"], { order: "7", item: ["1:1"], type: "refund", returnShippingOption: "Standard Return" }],
    [makeExchangeCreateCommand, ["7", "--item", "1:1", "--add", "SKU:1", "--return-shipping-option", "so_1", "--return-shipping-amount", "0"], { order: "7", item: ["1:1"], add: ["SKU:1"], returnShippingOption: "so_1", returnShippingAmount: 0 }],
    [makeExchangeCreateCommand, ["7", "--item", "1:1", "--add", "SKU:1", "--return-shipping-option", "so_1", "--return-shipping-amount", "4.5"], { order: "7", item: ["1:1"], add: ["SKU:1"], returnShippingOption: "so_1", returnShippingAmount: 4.5 }],
    [makeReturnCreateCommand, ["7", "--item", "1:1", "--receive", "--refund"], { order: "7", item: ["1:1"], receive: true, refund: true }],
    [makeReturnCreateCommand, ["7", "--item", "1:1", "--refund", "12.5", "--yes"], { order: "7", item: ["1:1"], refund: 12.5, yes: true }],
    [(ctx: typeof noCtx, run: never) => makeReturnReceiveCommand(ctx as never, "receive", run), ["return_1", "--refund"], { id: "return_1", refund: true }],
    [makeDraftCreateCommand, ["--email", "a@b.co", "--region", "eur", "--add", "SKU:1", "--promo-code", "CI10", "--promo-code", "VIP"], { email: "a@b.co", region: "eur", add: ["SKU:1"], promoCode: ["CI10", "VIP"] }],
    [(ctx: typeof noCtx, run: never) => makeDraftPromotionsCommand(ctx as never, "add-promotions", run), ["order_1", "--code", "CI10", "-y"], { draft: "order_1", code: ["CI10"], yes: true }],
    [makeListCommand, ["--status", "pending,completed", "--payment-status", "captured", "--payment-status", "authorized", "--limit", "5"], { status: ["pending", "completed"], paymentStatus: ["captured", "authorized"], limit: 5 }],
  ] as const)("%#: parses %j", async (make, argv, want) => {
    expect(await parse(make as never, [...argv])).toEqual(want);
  });

  it.each([
    [makeRefundCommand, ["7"], "required option '--amount <amount>' not specified"],
    [makeRefundCommand, ["7", "--amount", "abc"], '"abc" is not an amount'],
    [makeRefundCommand, ["7", "--amount", "-3"], "is not an amount"],
    [makeClaimCreateCommand, ["7", "--item", "1:1", "--type", "swap"], "Allowed choices are refund, replace"],
    [makeReturnCreateCommand, ["7", "--item", "1:1", "--refund", "-2"], "is not an amount"],
    [makeExchangeCreateCommand, ["7", "--return-shipping-amount", "free"], '"free" is not an amount'],
    [(ctx: typeof noCtx, run: never) => makeDraftPromotionsCommand(ctx as never, "remove-promotions", run), ["order_1"], "required option '--code <code>' not specified"],
  ] as const)("%#: rejects %j", async (make, argv, msg) => {
    await expect(parse(make as never, [...argv])).rejects.toThrow(msg);
  });
});

function scripted(answers: { confirm?: boolean; typed?: string }) {
  const asked: string[] = [];
  const prompter: Prompter = {
    async confirm(q) {
      asked.push(q);
      return answers.confirm ?? false;
    },
    async confirmTyped(q, expected) {
      asked.push(`${q} [type ${expected}]`);
      return answers.typed === expected;
    },
    input: async () => "",
    secret: async () => "",
  };
  return { prompter, asked };
}

function factory(opts: { tty: boolean; sdk: unknown; production?: boolean; prompter?: Prompter }) {
  const t = testIO({ tty: opts.tty });
  const f = createFactory(t.io, {}, new AbortController().signal, {
    sdk: async () => opts.sdk as never,
    target: async () => ({ url: "http://medusa.test", profileName: "shop", source: "profile", production: Boolean(opts.production) }),
    prompter: () => opts.prompter ?? scripted({}).prompter,
  });
  return { f, ...t };
}

function fulfilApi() {
  const order = orderFixture();
  // Shared by tests that stop before any request or before the write: no route is required.
  return fakeApi(
    {
      "GET /admin/orders": () => ({ orders: [{ id: "order_1", display_id: 7 }], count: 1 }),
      "GET /admin/orders/:id": () => ({ order: structuredClone(order) }),
      "POST /admin/orders/:id/fulfillments": ({ body }) => {
        order.fulfillments = [{ id: "ful_1", location_id: "sloc_1", items: body.items.map((i: any) => ({ line_item_id: i.id, quantity: i.quantity })) }];
        for (const i of order.items) i.detail.fulfilled_quantity = i.quantity;
        order.fulfillment_status = "fulfilled";
        return { order: { id: "order_1" } };
      },
    },
    { optional: true },
  );
}

describe("confirmation (CONTRACT.md §7)", () => {
  it("off a terminal without --yes: exit 2 before any request", async () => {
    const api = fulfilApi();
    const { f, err } = factory({ tty: false, sdk: api.sdk });
    const e = await fulfillRun(f, { order: "#7" }).catch((x) => x);
    expect(reportError(e, f.io, false)).toBe(2);
    expect(err()).toContain("Error: --yes required when not running interactively");
    expect(api.calls).toEqual([]);
  });

  it("on a terminal: asks y/N for a fulfilment and stops at no (exit 130, nothing sent)", async () => {
    const api = fulfilApi();
    const s = scripted({ confirm: false });
    const { f } = factory({ tty: true, sdk: api.sdk, prompter: s.prompter });
    const e = await fulfillRun(f, { order: "#7" }).catch((x) => x);
    expect(reportError(e, f.io, false)).toBe(130);
    expect(s.asked).toEqual(["Fulfil 2 × line 1 (Tee M, TEE-M); 1 × line 2 (Mug M, MUG-1) of order #7? [profile shop, http://medusa.test]"]);
    expect(api.writes()).toEqual([]);
  });

  it("on a production profile a fulfilment asks for the display id to be typed", async () => {
    const api = fulfilApi();
    const s = scripted({ typed: "7" });
    const { f, out } = factory({ tty: true, sdk: api.sdk, production: true, prompter: s.prompter });
    await fulfillRun(f, { order: "7" });
    expect(s.asked[0]).toMatch(/, PRODUCTION\] \[type 7\]$/);
    expect(api.writes()).toHaveLength(1);
    expect(out()).toContain("order #7: pending · payment authorized · fulfilment fulfilled\n");
  });

  it("a refund shows the amount and wants the display id typed; a wrong answer cancels", async () => {
    const order = orderFixture();
    order.payment_collections[0].payments[0].captures = [{ id: "capt_1", amount: 40.7 }];
    const api = fakeApi({
      "GET /admin/orders": () => ({ orders: [{ id: "order_1", display_id: 7 }], count: 1 }),
      "GET /admin/orders/:id": () => ({ order: structuredClone(order) }),
    });
    const s = scripted({ typed: "8" });
    const { f } = factory({ tty: true, sdk: api.sdk, prompter: s.prompter });
    const e = await refundRun(f, { order: "#7", amount: 10 }).catch((x) => x);
    expect(reportError(e, f.io, false)).toBe(130);
    expect(s.asked).toEqual(["Refund €10.00 on order #7 (total €40.70, captured €40.70, refunded so far €0.00)? [profile shop, http://medusa.test] [type 7]"]);
    expect(api.writes()).toEqual([]);
  });

  it("a cancel names the customer and total, and --yes skips the prompt", async () => {
    const order = orderFixture();
    const api = fakeApi({
      "GET /admin/orders/:id": () => ({ order: structuredClone(order) }),
      "POST /admin/orders/:id/cancel": () => {
        order.status = "canceled";
        order.payment_status = "canceled";
        return { order: { id: "order_1" } };
      },
    });
    const s = scripted({ typed: "7" });
    const asked = factory({ tty: true, sdk: api.sdk, prompter: s.prompter });
    await cancelRun(asked.f, { order: "order_1" });
    expect(s.asked[0]).toBe("Cancel order #7 of jane@example.com, total €40.70 (payment authorized)? [profile shop, http://medusa.test] [type 7]");
    expect(asked.out()).toBe("canceled order #7 (€40.70)\norder #7: canceled · payment canceled · fulfilment not_fulfilled\n");

    order.status = "pending";
    const quiet = scripted({});
    const yes = factory({ tty: true, sdk: api.sdk, prompter: quiet.prompter });
    await cancelRun(yes.f, { order: "order_1", yes: true, json: true });
    expect(quiet.asked).toEqual([]);
    expect(JSON.parse(yes.out())).toMatchObject({ id: "order_1", status: "canceled" });
  });
});

describe("errors", () => {
  it.each([
    [new OrderError("order #7 has no line 9", "input"), 2],
    [new OrderError("order #7: payment already captured", "state"), 1],
    [new OrderError("order #7: capture: no answer", "uncertain", { hint: "check first" }), 1],
  ])("maps %s to exit %i with its message", (e, code) => {
    const t = testIO();
    expect(reportError(toCliError(e), t.io, false)).toBe(code);
    expect(t.err()).toContain(`Error: ${e.message}\n`);
    expect(t.err()).not.toContain("bug");
  });
});

describe("orders list --since", () => {
  const now = Date.parse("2026-11-22T12:00:00.000Z");
  it.each([
    ["30m", "2026-11-22T11:30:00.000Z"],
    ["24h", "2026-11-21T12:00:00.000Z"],
    ["7d", "2026-11-15T12:00:00.000Z"],
    ["2w", "2026-11-08T12:00:00.000Z"],
    ["2026-11-01", "2026-11-01T00:00:00.000Z"],
  ])("reads %s", (v, want) => expect(parseSince(v, now)).toBe(want));
  it("refuses what is neither", () => expect(() => parseSince("yesterday", now)).toThrow("--since \"yesterday\""));
});

describe("orders show", () => {
  it("prints lines numbered as --item expects, with quantities, money and fulfilments", async () => {
    const o = orderFixture({
      payment_status: "captured",
      fulfillment_status: "shipped",
      summary: { paid_total: 40.7, refunded_total: 0, pending_difference: 0 },
      shipping_address: { first_name: "Jane", last_name: "Doe", address_1: "1 Main St", city: "Berlin", postal_code: "10115", country_code: "de" },
      billing_address: { first_name: "Jane", last_name: "Doe", address_1: "1 Main St", city: "Berlin", postal_code: "10115", country_code: "de" },
      fulfillments: [{ id: "ful_1", location_id: "sloc_1", packed_at: "2026-01-02T10:00:00.000Z", shipped_at: "2026-01-02T11:00:00.000Z", items: [{ line_item_id: "ordli_A", quantity: 2 }], labels: [{ tracking_number: "T1", tracking_url: "https://t.example/T1" }] }],
    });
    o.items[1].detail.fulfilled_quantity = 2;
    o.items[1].detail.shipped_quantity = 2;
    o.payment_collections[0].payments[0].captures = [{ id: "capt_1", amount: 40.7, created_at: "2026-01-02T09:00:00.000Z" }];
    const text = await renderOrder({ order: o, claims: [], exchanges: [], changes: [] });
    expect(text).toContain("Status    pending · payment captured · fulfilment shipped\n");
    expect(text).toContain("Bill to   same as shipping\n");
    // Unit × billed = amount, all before VAT, and the rows add up to Items.
    expect(text).toContain("  1  TEE-M  Tee M    2          2        2          0         0       2  €10.00  €20.00         –  ordli_A\n");
    expect(text).toContain("  2  MUG-1  Mug M    1          0        0          0         0       1  €10.00  €10.00         –  ordli_B\n");
    expect(text).toContain("Totals (Prices exclude VAT; VAT is added)\n  Items        €30.00\n  Shipping      €5.00\n  VAT           €5.70\n  Total (EUR)  €40.70\n");
    expect(text).toContain("  ful_1  shipped  from sloc_1  packed 2026-01-02 10:00, shipped 2026-01-02 11:00\n    2 × line 1 (Tee M, TEE-M)\n    tracking T1  https://t.example/T1\n");
    expect(text).toContain("  pay_1  pp_system_default  €40.70  captured  captured €40.70  refunded €0.00\n    capture capt_1  €40.70  2026-01-02 09:00\n");
  });
});
