/**
 * Order handling through the built CLI against the real back-end: each test places its own order
 * through the store API, drives it with `medusactl`, and checks the result through the SDK.
 */
import { describe, expect, it } from "vitest";
import { ok, runCli } from "../helpers/cli.js";
import { startFaultProxy } from "../helpers/fault-proxy.js";
import { adminEnv, adminSdk, backend } from "./helpers/sdk.js";
import { eventually } from "./helpers/admin-fixtures.js";
import { orderState, placeOrder, registerCustomer } from "./helpers/orders.js";

const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const cli = (...args: string[]) => runCli(args, { env });
const admin = adminSdk();

describe("medusactl orders: fulfil, ship, deliver, capture, refund", () => {
  it("takes an order from placed to partially refunded, one command per step", async () => {
    const { order } = await placeOrder({ lines: 2, quantity: 2 });
    const ref = `#${order.display_id}`;

    // Fulfil one unit of line 1 first, then the rest by default.
    const part = ok(await cli("orders", "fulfill", ref, "--item", "1:1", "--yes"));
    expect(part.stdout).toMatch(/^fulfilled 1 × line 1 \(/m);
    expect(part.stdout).toContain(`order ${ref}: pending · payment authorized · fulfilment partially_fulfilled`);
    let state = await orderState(admin, order.id);
    expect(state.fulfillment_status).toBe("partially_fulfilled");

    const rest = ok(await cli("orders", "fulfill", String(order.display_id), "--yes", "--json"));
    const reread = JSON.parse(rest.stdout);
    expect(reread.id).toBe(order.id);
    expect(reread.fulfillment_status).toBe("fulfilled");
    expect(reread.fulfillments).toHaveLength(2);

    // Ship ships every unshipped fulfilment, each with the tracking given (one parcel); again, it has nothing to ship.
    const [first, second] = reread.fulfillments.map((f: { id: string }) => f.id);
    const both = ok(await cli("orders", "ship", ref, "--tracking-number", "TRK-1", "--tracking-url", "https://track.example/TRK-1", "--yes"));
    expect(both.stdout).toContain(`shipped fulfilment ${first} (tracking TRK-1 https://track.example/TRK-1)`);
    expect(both.stdout).toContain(`shipped fulfilment ${second} (tracking TRK-1 https://track.example/TRK-1)`);
    const nothing = await cli("orders", "ship", ref, "--yes");
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`order ${ref} has no unshipped fulfilment: everything fulfilled is shipped`);
    state = await orderState(admin, order.id, "id,fulfillment_status,*fulfillments,*fulfillments.labels");
    expect(state.fulfillment_status).toBe("shipped");
    for (const f of state.fulfillments as { labels?: { tracking_number: string; tracking_url: string }[] }[]) {
      expect(f.labels?.[0]).toMatchObject({ tracking_number: "TRK-1", tracking_url: "https://track.example/TRK-1" });
    }

    ok(await cli("orders", "deliver", order.id, "--yes"));
    expect((await orderState(admin, order.id)).fulfillment_status).toBe("delivered");

    // Refunding before capturing explains itself and changes nothing.
    const early = await cli("orders", "refund", ref, "--amount", "5", "--yes");
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`order ${ref}: payment not captured`);

    const cap = ok(await cli("orders", "capture", ref, "--yes"));
    expect(cap.stdout).toContain(`order ${ref}: pending · payment captured · fulfilment delivered`);
    state = await orderState(admin, order.id);
    expect(state.payment_status).toBe("captured");
    const again = await cli("orders", "capture", ref, "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("payment already captured");

    const refund = ok(await cli("orders", "refund", ref, "--amount", "7.5", "--note", "late parcel", "--yes"));
    expect(refund.stdout).toContain("refunded €7.50 of payment pay_");
    expect(refund.stdout).toContain("payment partially_refunded");
    state = await orderState(admin, order.id);
    expect(state.payment_status).toBe("partially_refunded");
    const refunds = state.payment_collections!.flatMap((pc) => pc.payments ?? []).flatMap((p) => (p as { refunds?: { amount: number; note?: string }[] }).refunds ?? []);
    expect(refunds).toEqual([expect.objectContaining({ amount: 7.5, note: "late parcel" })]);

    // The human view shows what happened.
    const show = ok(await cli("orders", "show", ref));
    expect(show.stdout).toContain("Status    pending · payment partially_refunded · fulfilment delivered");
    expect(show.stdout).toContain("tracking TRK-1  https://track.example/TRK-1");
    expect(show.stdout).toMatch(/refund ref_\w+ +€7\.50 .*"late parcel"/);
    expect(show.stdout).toMatch(/^ {2}1 {2}\S+ .* 2 +2 +2 +2 +0 /m);
    // About fifteen runs of the binary: give a loaded machine room.
  }, 300_000);

  it("says which line is already fulfilled instead of Medusa's reservation message", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    ok(await cli("orders", "fulfill", order.id, "--yes"));
    const r = await cli("orders", "fulfill", order.id, "--item", "1:1", "--yes");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`order #${order.display_id}: line 1 \\(.*\\) is already fulfilled`));
    const unknown = await cli("orders", "fulfill", order.id, "--item", "NO-SUCH-SKU:1", "--yes");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`order #${order.display_id} has no line or SKU "NO-SUCH-SKU"`);
  });
});

describe("medusactl orders: cancel, confirmation, transfer, list", () => {
  it("needs --yes off a terminal and does nothing without it", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const r = await cli("orders", "cancel", order.id);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--yes required");
    expect((await orderState(admin, order.id)).status).toBe("pending");
  });

  it("cancels an unfulfilled order", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const r = ok(await cli("orders", "cancel", `#${order.display_id}`, "--yes"));
    expect(r.stdout).toContain(`canceled order #${order.display_id}`);
    expect(r.stdout).toMatch(new RegExp(`order #${order.display_id}: canceled · payment canceled`));
    const state = await orderState(admin, order.id);
    expect(state.status).toBe("canceled");
    expect(state.payment_status).toBe("canceled");
    const twice = await cli("orders", "cancel", order.id, "--yes");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("is already canceled");
  });

  it("requests a transfer to a registered customer and withdraws it", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const { customer, email } = await registerCustomer();
    const guest = (await orderState(admin, order.id)).customer_id;
    const r = ok(await cli("orders", "transfer", `#${order.display_id}`, "--customer", email, "--yes"));
    expect(r.stdout).toContain(`requested transfer of order #${order.display_id} to customer ${customer.id}`);
    const pending = (await admin.admin.order.listChanges(order.id)).order_changes.filter((c) => c.change_type === "transfer");
    expect(pending).toEqual([expect.objectContaining({ status: "requested" })]);
    expect(pending[0]!.actions?.[0]).toMatchObject({ action: "TRANSFER_CUSTOMER", reference_id: customer.id });

    // Medusa lets only an admin user withdraw a transfer; with a secret key the CLI says so.
    const asKey = await runCli(["orders", "cancel-transfer", order.id, "--yes"], { env: { MEDUSA_URL: backend.url, MEDUSA_API_KEY: backend.apiKey } });
    expect(asKey.code).toBe(1);
    expect(asKey.stderr).toContain("not a secret API key");
    const withdrawn = ok(await runCli(["orders", "cancel-transfer", order.id, "--yes"], { env: adminEnv() }));
    expect(withdrawn.stdout).toContain(`canceled the transfer request of order #${order.display_id}`);
    // Withdrawing deletes the pending change; the order keeps its customer.
    const after = (await admin.admin.order.listChanges(order.id)).order_changes.filter((c) => c.change_type === "transfer");
    expect(after).toEqual([]);
    expect((await orderState(admin, order.id)).customer_id).toBe(guest);
  });

  it("lists orders newest first with filters on computed statuses and e-mail", async () => {
    const a = await placeOrder({ lines: 1, quantity: 1 });
    const b = await placeOrder({ lines: 1, quantity: 1 });
    ok(await cli("orders", "capture", b.order.id, "--yes"));
    const recent = JSON.parse(ok(await cli("orders", "list", "--since", "10m", "--limit", "200", "--json")).stdout) as { id: string; created_at: string }[];
    const ids = recent.map((o) => o.id);
    expect(ids.indexOf(b.order.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.order.id)).toBeLessThan(ids.indexOf(a.order.id));
    expect(recent.every((o) => Date.parse(o.created_at) >= Date.now() - 11 * 60_000)).toBe(true);

    const byEmail = JSON.parse(ok(await cli("orders", "list", "--email", b.email, "--json")).stdout) as { id: string }[];
    expect(byEmail.map((o) => o.id)).toEqual([b.order.id]);
    const captured = JSON.parse(ok(await cli("orders", "list", "--email", b.email, "--payment-status", "authorized", "--json")).stdout);
    expect(captured).toEqual([]);
    const tsv = ok(await cli("orders", "list", "--email", a.email, "--payment-status", "authorized"));
    expect(tsv.stdout.trim().split("\t")).toEqual([`#${a.order.display_id}`, expect.any(String), a.email, "pending", "authorized", "not_fulfilled", expect.stringMatching(/^€/)]);

    // --fields picks Medusa's fields and the columns; the status filter still works when its field is not asked for.
    const csv = ok(await cli("orders", "list", "--email", b.email, "--payment-status", "captured", "--fields", "id,display_id", "-o", "csv"));
    expect(csv.stdout.trim().split("\r\n")).toEqual(["id,display_id", `${b.order.id},${b.order.display_id}`]);
    const ascending = JSON.parse(ok(await cli("orders", "list", "--since", "10m", "--limit", "200", "--order", "created_at", "--fields", "id,created_at", "--json")).stdout) as { id: string }[];
    expect(ascending.map((o) => o.id).indexOf(a.order.id)).toBeLessThan(ascending.map((o) => o.id).indexOf(b.order.id));
  });
});

describe("medusactl orders capture/refund with the answer lost (fault proxy)", () => {
  it("reads the order back after a capture whose answer was lost, reports it done, and sends it once", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const proxy = await startFaultProxy(backend.url, { seed: 11, rate: 1, kinds: ["reset-after"], maxFaults: 1, only: (m, p) => m === "POST" && p.includes("/capture") });
    try {
      const r = ok(await runCli(["orders", "capture", order.id, "--yes"], { env: { MEDUSA_URL: proxy.url, MEDUSA_TOKEN: backend.adminToken } }));
      expect(r.stdout).toMatch(/^captured €[\d.,]+ of payment pay_\w+$/m);
      expect(r.stdout).toContain("reading the order back shows the capture went through");
      expect(r.stdout).toContain("payment captured");
      expect(proxy.log.filter((e) => e.method === "POST" && e.path.includes("/capture"))).toHaveLength(1);
    } finally {
      await proxy.close();
    }
    const state = await orderState(admin, order.id);
    expect(state.payment_status).toBe("captured");
    const captures = state.payment_collections!.flatMap((pc) => pc.payments ?? []).flatMap((p) => (p as { captures?: unknown[] }).captures ?? []);
    expect(captures).toHaveLength(1);
  });

  it("never repeats a refund that timed out; says what the order shows", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    ok(await cli("orders", "capture", order.id, "--yes"));
    const proxy = await startFaultProxy(backend.url, { seed: 12, rate: 1, kinds: ["slow"], slowMs: 2_500, maxConsecutive: 10, only: (m, p) => m === "POST" && p.includes("/refund") });
    try {
      const r = await runCli(["orders", "refund", order.id, "--amount", "3", "--timeout", "1", "--yes"], { env: { MEDUSA_URL: proxy.url, MEDUSA_TOKEN: backend.adminToken } });
      // The slow answer still reaches Medusa: either way exactly one refund exists, and the CLI said which.
      const refunds = async () =>
        (await orderState(admin, order.id)).payment_collections!.flatMap((pc) => pc.payments ?? []).flatMap((p) => (p as { refunds?: unknown[] }).refunds ?? []);
      if (r.code === 0) {
        expect(r.stdout).toContain("reading the order back shows the refund went through");
      } else {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/refund: no answer from Medusa .*reading the order back shows no refund recorded/);
        expect(r.stderr).toContain("before retrying");
      }
      expect(proxy.log.filter((e) => e.method === "POST" && e.path.includes("/refund"))).toHaveLength(1);
      // The refund lands when Medusa finishes the held request: poll for it (bounded) rather than sleep.
      const landed = await eventually(async () => {
        const list = await refunds();
        return list.length > 0 ? list : undefined;
      }, "the refund to land", 30_000);
      expect(landed).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
