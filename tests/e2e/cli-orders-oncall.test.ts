/**
 * The on-call order flows of issue #18 through the built CLI against the real back-end: the
 * inbound (return) leg of claims and exchanges with its shipping method, refunds at return time,
 * and promotion codes on draft orders. Each test reads the resulting state back through the SDK.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ok, runCli } from "../helpers/cli.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";
import { deliveredOrder, orderState, placeOrder, purchasableVariants, regionFor, shippingOptionId } from "./helpers/orders.js";

const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const cli = (...args: string[]) => runCli(args, { env, timeoutMs: 120_000 });
const admin = adminSdk();

type ReturnRead = { id: string; status: string; shipping_methods?: { shipping_option_id: string; name: string; amount: number }[] };

async function readReturn(id: string): Promise<ReturnRead> {
  return (await admin.admin.return.retrieve(id, { fields: "id,status,*shipping_methods" } as never)).return as unknown as ReturnRead;
}

type Summary = { pending_difference: number; refunded_total?: number };
const summaryOf = (o: { summary?: unknown }) => o.summary as Summary;
const refundsOf = (o: { payment_collections?: unknown }) =>
  ((o.payment_collections ?? []) as { payments?: { refunds?: { amount: number }[] }[] }[]).flatMap((c) => (c.payments ?? []).flatMap((p) => p.refunds ?? [])).map((r) => Number(r.amount));

let otherSku: string;
let returnOptionId: string;

beforeAll(async () => {
  const region = await regionFor(storeSdk(), "eur");
  otherSku = (await purchasableVariants(storeSdk(), region.id, 4))[3]!.sku!;
  returnOptionId = await shippingOptionId(admin, "return");
});

describe("claims and exchanges ship the inbound leg", () => {
  it("a refund claim's return gets the return shipping method, at the store's cost by default", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1 });
    const r = ok(await cli("claims", "create", `#${order.display_id}`, "--item", "1:1", "--type", "refund", "--return-shipping-option", "Standard Return", "--yes", "--json"));
    const out = JSON.parse(r.stdout);
    const { claim } = await admin.admin.claim.retrieve(out.claim_id, { fields: "id,return_id" });
    const ret = await readReturn(claim.return_id!);
    expect(ret.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: returnOptionId, name: "Standard Return", amount: 0 })]);
    // The return is there to be received like any other.
    ok(await cli("returns", "receive", claim.return_id!, "--yes"));
    expect((await readReturn(claim.return_id!)).status).toBe("received");
  });

  it("an exchange's return ships by the named option at the given price, and the text says so", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1 });
    const r = ok(await cli("exchanges", "create", order.id, "--item", "1:1", "--add", `${otherSku}:1`, "--return-shipping-option", returnOptionId, "--return-shipping-amount", "2.5", "--yes"));
    expect(r.stdout).toMatch(/^exchange oexc_\w+ confirmed: 1 × line 1 .* to come back to sloc_\w+ by Standard Return \(€2\.50\)$/m);
    const { exchanges } = await admin.admin.exchange.list({ order_id: order.id, fields: "id,return_id" } as never);
    const ret = await readReturn(exchanges[0]!.return_id!);
    expect(ret.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: returnOptionId, amount: 2.5 })]);
  });

  it("refuses --return-shipping-amount without an option before anything is created", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1 });
    const r = await cli("claims", "create", order.id, "--item", "1:1", "--type", "refund", "--return-shipping-amount", "3", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--return-shipping-amount needs --return-shipping-option");
    expect((await admin.admin.claim.list({ order_id: order.id } as never)).claims).toHaveLength(0);
  });
});

describe("returns with --refund", () => {
  it("requests, receives and refunds what is owed back in one command", async () => {
    const { order } = await deliveredOrder(cli, { lines: 2 });
    ok(await cli("orders", "capture", order.id, "--yes"));
    const before = await orderState(admin, order.id, "id,*items");
    const line = [...before.items!].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || a.id.localeCompare(b.id))[0]!;

    const r = ok(await cli("returns", "create", `#${order.display_id}`, "--item", "1:1", "--receive", "--refund", "--yes"));
    expect(r.stdout).toMatch(/^return return_\w+ received: 1 × line 1/m);
    expect(r.stdout).toMatch(/^refunded €[\d.,]+ of payment pay_\w+$/m);
    expect(r.stdout).not.toContain("refund due to the customer");

    const after = await orderState(admin, order.id, "id,payment_status,summary,*payment_collections,*payment_collections.payments,*payment_collections.payments.refunds");
    expect(after.payment_status).toBe("partially_refunded");
    // The line's price with German VAT came back to the customer, and nothing more is owed.
    expect(refundsOf(after)).toHaveLength(1);
    expect(refundsOf(after)[0]).toBeCloseTo(Number(line.unit_price) * 1.19, 2);
    expect(Number(summaryOf(after).pending_difference)).toBeCloseTo(0, 4);
  });

  it("refunds a given amount when the return is received later with `returns receive --refund`", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1, quantity: 2 });
    ok(await cli("orders", "capture", order.id, "--yes"));
    const created = JSON.parse(ok(await cli("returns", "create", order.id, "--item", "1:1", "--yes", "--json")).stdout);
    const r = ok(await cli("returns", "receive", created.return_id, "--refund", "5", "--yes", "--json"));
    const out = JSON.parse(r.stdout);
    expect(out.id).toBe(order.id);
    const after = await orderState(admin, order.id, "id,payment_status,*payment_collections,*payment_collections.payments,*payment_collections.payments.refunds");
    expect(refundsOf(after)).toEqual([5]);
    expect((await readReturn(created.return_id)).status).toBe("received");
  });

  it("keeps the return and says how to refund when the payment was never captured", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1 });
    const r = await cli("returns", "create", order.id, "--item", "1:1", "--receive", "--refund", "--yes");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Error: return return_\w+ received, but order #\d+'s payment is not captured: nothing to refund/);
    expect(r.stderr).toMatch(/Hint: the return is done; capture with medusactl orders capture '#\d+', then refund with medusactl orders refund '#\d+' --amount <amount>/);
    const after = await orderState(admin, order.id, "id,*returns");
    expect((after as { returns?: { status: string }[] }).returns?.map((x) => x.status)).toEqual(["received"]);
  });

  it("off a terminal without --yes, refuses before anything happens", async () => {
    const { order } = await deliveredOrder(cli, { lines: 1 });
    const r = await cli("returns", "create", order.id, "--item", "1:1", "--refund");
    expect(r.code).toBe(2);
    expect((await orderState(admin, order.id, "id,*returns") as { returns?: unknown[] }).returns ?? []).toHaveLength(0);
  });
});

describe("draft orders with promotions", () => {
  it("applies a code at creation and through add/remove-promotions; the converted order keeps the discount", async () => {
    const code = uniq("DRAFT10").toUpperCase();
    await admin.admin.promotion.create({
      code,
      type: "standard",
      status: "active",
      application_method: { type: "percentage", target_type: "order", allocation: "across", value: 10 },
    } as never);
    const email = `${uniq("draft-promo")}@example.com`;
    const created = JSON.parse(ok(await cli("draft-orders", "create", "--email", email, "--region", "eur", "--add", `${otherSku}:2`, "--promo-code", code, "--json")).stdout);
    expect(created.promotions.map((p: { code: string }) => p.code)).toEqual([code]);
    expect(Number(created.discount_total)).toBeGreaterThan(0);

    const removed = ok(await cli("draft-orders", "remove-promotions", created.id, "--code", code, "--yes"));
    expect(removed.stdout).toContain(`draft order #${created.display_id}: promotion ${code} removed`);
    expect(removed.stdout).toContain("promotions now: none; discount €0.00");
    let { draft_order } = await admin.admin.draftOrder.retrieve(created.id, { fields: "id,discount_total,total,*promotions" } as never);
    expect((draft_order as { promotions?: unknown[] }).promotions ?? []).toHaveLength(0);
    const fullTotal = Number(draft_order.total);

    ok(await cli("draft-orders", "add-promotions", created.id, "--code", code, "--yes"));
    ({ draft_order } = await admin.admin.draftOrder.retrieve(created.id, { fields: "id,discount_total,total,item_total,*promotions" } as never));
    expect((draft_order as { promotions?: { code: string }[] }).promotions?.map((p) => p.code)).toEqual([code]);
    expect(Number(draft_order.total)).toBeCloseTo(fullTotal * 0.9, 2);

    ok(await cli("draft-orders", "convert", created.id, "--yes"));
    const order = await orderState(admin, created.id, "id,status,discount_total,total");
    expect(order.status).toBe("pending");
    expect(Number(order.discount_total)).toBeCloseTo(Number(draft_order.discount_total), 4);

    // Once converted it is an order, no longer a draft.
    const late = await cli("draft-orders", "add-promotions", created.id, "--code", code, "--yes");
    expect(late.code).toBe(2);
    expect(late.stderr).toContain(`no draft order ${created.id} (a converted draft is an order now`);
  });

  it("an unknown code at creation names the draft that was created", async () => {
    const r = await cli("draft-orders", "create", "--email", `${uniq("draft-bad")}@example.com`, "--region", "eur", "--add", `${otherSku}:1`, "--promo-code", "NO-SUCH-CODE");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/draft order #\d+ \(order_\w+\) was created, but .*Promotion code "NO-SUCH-CODE" not found/);
    expect(r.stderr).toContain("medusactl draft-orders add-promotions order_");
    const id = /\((order_\w+)\) was created/.exec(r.stderr)![1]!;
    // The failed code's edit was withdrawn: a second try meets the same answer, not an open edit.
    const again = await cli("draft-orders", "add-promotions", id, "--code", "NO-SUCH-CODE", "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Promotion code "NO-SUCH-CODE" not found');
  });
});

describe("completion ids against the back-end", () => {
  it("`orders show <TAB>` offers recent display ids from the profile in use, through the real bash script", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const ids = ok(await cli("completion", "ids", "orders", "display"));
    const first = ids.stdout.split("\n")[0]!.split("\t");
    expect(first[0]).toBe(String(order.display_id));
    expect(first[1]).toContain(order.id);
    const returns = ok(await cli("completion", "ids", "products"));
    expect(returns.stdout).toMatch(/^prod_\w+$/m);

    // The generated script, with the real binary first on PATH as `medusactl`.
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-complete-e2e-"));
    symlinkSync(BIN, path.join(dir, "medusactl"));
    const script = path.join(dir, "medusactl.bash");
    writeFileSync(script, ok(await cli("completion", "bash")).stdout);
    const r = spawnSync("bash", ["--norc", "-c", `. ${script}; COMP_WORDS=(medusactl orders show ''); COMP_CWORD=3; _medusactl; printf '%s\\n' "\${COMPREPLY[@]}"`], {
      encoding: "utf8",
      env: { ...process.env, ...env, PATH: `${dir}:${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout.split("\n")).toContain(String(order.display_id));
  });
});
