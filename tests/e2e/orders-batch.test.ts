/**
 * Orders in batches (issue 27) against the real back-end: orders placed through the store API,
 * a carrier's file in two header dialects shipped through the fault proxy and through a kill -9,
 * a rerun that changes nothing, captures from stdin; then every order read back: shipped once
 * with its tracking numbers, captured once.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpTypes } from "@medusajs/types";
import { BIN, runCli } from "../helpers/cli.js";
import { startFaultProxy } from "../helpers/fault-proxy.js";
import { placeOrder, purchasableVariants, regionFor } from "./helpers/orders.js";
import { adminSdk, backend, storeSdk } from "./helpers/sdk.js";

type Rec = Record<string, any>;

/**
 * Orders per run (ORDERS_BATCH_N=200 for the full proof). CI keeps it short: 20 still gives
 * ten shipments through faults, a kill -9 with seven of ten left, and twenty captures through faults,
 * and each order costs Medusa about 2 CPU-seconds over the file (placed, shipped, captured, read).
 */
const N = Number(process.env.ORDERS_BATCH_N ?? 20);
const admin = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-orders-batch-"));
const envFor = (url: string) => ({ MEDUSA_URL: url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(work, "data"), MEDUSACTL_CONFIG_DIR: path.join(work, "config") });
const FIELDS = "id,display_id,status,payment_status,fulfillment_status,*items,*fulfillments,*fulfillments.labels,*fulfillments.items,*payment_collections.payments.captures";

let orders: HttpTypes.StoreOrder[] = [];
let twoLine: HttpTypes.StoreOrder;
let canceled: HttpTypes.StoreOrder;

async function read(id: string): Promise<Rec> {
  return (await admin.admin.order.retrieve(id, { fields: FIELDS })).order as Rec;
}

const tracking = (o: { display_id?: number | null }, n = 1) => `MC${o.display_id}X${n}`;

beforeAll(async () => {
  const store = storeSdk();
  const region = await regionFor(store, "eur");
  // Spread over a few variants so that no one runs out of stock.
  const variants = await purchasableVariants(store, region.id, 4, Math.ceil(N / 4) + 5);
  const variant = variants[0];
  const placed: HttpTypes.StoreOrder[] = [];
  // Four at a time: how fast the back-end takes checkouts on two cores.
  const queue = Array.from({ length: N }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) placed.push((await placeOrder({ sdk: store, region, items: [{ variant_id: variants[i % variants.length]!.id, quantity: 1 }] })).order);
    }),
  );
  orders = placed.sort((a, b) => Number(a.display_id) - Number(b.display_id));
  twoLine = (await placeOrder({ sdk: store, region, lines: 2, quantity: 2 })).order;
  canceled = (await placeOrder({ sdk: store, region, items: [{ variant_id: variant!.id, quantity: 1 }] })).order;
  await admin.admin.order.cancel(canceled.id);
}, 900_000);

describe("orders pick-list", () => {
  it("lists one row per line still to ship of the new orders, streamed, without the canceled one; --since last remembers", async () => {
    const since = new Date(Date.parse(String(orders[0]!.created_at)) - 1000).toISOString();
    const r = await runCli(["orders", "pick-list", "--since", since, "-o", "ndjson"], { env: envFor(backend.url) });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Rec);
    const mine = new Set([...orders, twoLine].map((o) => o.id));
    const ours = rows.filter((x) => mine.has(x.order_id));
    expect(new Set(ours.map((x) => x.order_id)).size).toBe(N + 1);
    expect(ours).toHaveLength(N + 2);
    expect(rows.some((x) => x.order_id === canceled.id)).toBe(false);
    expect(ours[0]).toMatchObject({ quantity_to_ship: "1", currency_code: "eur", email: expect.stringContaining("@") });
    expect(ours[0]!.address_1).toBeTruthy();
    const csv = await runCli(["orders", "pick-list", "--since", since, "--out", path.join(work, "picks.csv")], { env: envFor(backend.url) });
    expect(csv.code, csv.stderr).toBe(0);
    expect(readFileSync(path.join(work, "picks.csv"), "utf8").split("\r\n")[0]).toMatch(/^display_id,order_id,created_at,customer_name,email,/);
    // A daily run: the next one lists only what came after this one.
    const last = await runCli(["orders", "pick-list", "--since", "last", "-o", "ndjson"], { env: envFor(backend.url) });
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout.split("\n").filter((l) => l && mine.has((JSON.parse(l) as Rec).order_id))).toEqual([]);
  });
});

describe("orders ship --file", () => {
  it("dry run: a plan per row, in two carrier dialects, and nothing written", async () => {
    const file = path.join(work, "dry.csv");
    writeFileSync(file, ["Order Number,Carrier,Tracking Number", `${orders[0]!.display_id},DPD,${tracking(orders[0]!)}`, `#${canceled.display_id},DPD,XCANCEL`].join("\n"));
    const r = await runCli(["orders", "ship", "--file", file, "--dry-run"], { env: envFor(backend.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`2\\t#${orders[0]!.display_id}\\tfulfil 1 item\\(s\\), then ship`));
    expect(r.stdout).toMatch(new RegExp(`3\\t#${canceled.display_id}\\tskipped\\tthe order is canceled`));
    expect((await read(orders[0]!.id)).fulfillments).toEqual([]);
  });

  it("ships the first half from a Click & Drop file through faults, exactly once, each with its tracking", async () => {
    const half = orders.slice(0, Math.ceil(N / 2));
    const file = path.join(work, "click-and-drop.csv");
    writeFileSync(file, ["Order Reference,Service,Consignment Number,Tracking Link,Weight (kg)", ...half.map((o) => `#${o.display_id},Tracked 48,${tracking(o)},https://track.example/${tracking(o)},0.4`), `${canceled.display_id},Tracked 48,XCANCEL,,1`].join("\n"));
    const proxy = await startFaultProxy(backend.url, { seed: 2701, rate: 0.25, slowMs: 6_000, retryAfter: 1, maxConsecutive: 2, only: (m) => m === "POST" });
    const report = path.join(work, "ship-report.json");
    try {
      const r = await runCli(["--timeout", "4", "orders", "ship", "--file", file, "--yes", "--report", report, "--quiet"], { env: envFor(proxy.url), timeoutMs: 900_000 });
      expect(r.code, r.stderr).toBe(0);
      console.log(`ship through faults: ${JSON.stringify(proxy.counts())}, ${proxy.log.length} requests`);
      expect(Object.values(proxy.counts()).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
    const rows = (JSON.parse(readFileSync(report, "utf8")) as { rows: Rec[] }).rows;
    expect(rows.filter((x) => x.action === "update")).toHaveLength(half.length);
    expect(rows.filter((x) => x.action === "skipped").map((x) => x.error.message)).toEqual(["the order is canceled"]);
    for (const o of half) {
      const got = await read(o.id);
      const live = (got.fulfillments as Rec[]).filter((f) => !f.canceled_at);
      expect(live, `#${o.display_id}`).toHaveLength(1);
      expect(live[0]!.shipped_at).toBeTruthy();
      expect((live[0]!.labels as Rec[]).map((l) => [l.tracking_number, l.tracking_url])).toEqual([[tracking(o), `https://track.example/${tracking(o)}`]]);
    }
  }, 900_000);

  it("a ShipStation-style file killed with -9 mid-way, then --resume: the rest shipped once; a rerun changes nothing", async () => {
    const rest = orders.slice(Math.ceil(N / 2));
    const file = path.join(work, "shipstation.csv");
    const lines = ["Order Number,Carrier,Tracking Number,Tracking URL", ...rest.map((o) => `${o.display_id},UPS,${tracking(o)},`)];
    // Two parcels of one order: one shipment with both labels.
    lines.push(`${rest[0]!.display_id},UPS,${tracking(rest[0]!, 2)},`);
    writeFileSync(file, lines.join("\n"));
    // Each write held 300 ms so the kill lands mid-way.
    const proxy = await startFaultProxy(backend.url, { seed: 2702, rate: 1, kinds: ["slow"], slowMs: 300, maxConsecutive: 1e9, only: (m) => m === "POST" });
    const env = { ...process.env, ...envFor(proxy.url) };
    const child = spawn(process.execPath, [BIN, "orders", "ship", "--file", file, "--yes", "--concurrency", "2", "--quiet"], { env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise((r) => child.on("close", r));
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline && child.exitCode === null && proxy.log.filter((e) => e.forwarded && e.path.includes("/shipments")).length < Math.max(2, Math.floor(rest.length / 3))) await new Promise((r) => setTimeout(r, 50));
    expect(child.exitCode).toBeNull();
    child.kill("SIGKILL");
    await exited;
    // The checkpoint is keyed by the URL: the resumed run goes the same way.
    const resumed = await runCli(["orders", "ship", "--file", file, "--yes", "--resume", "--json"], { env: envFor(proxy.url), timeoutMs: 600_000 });
    await proxy.close();
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming: \d+ rows? done by the interrupted run/);
    for (const o of rest) {
      const got = await read(o.id);
      const live = (got.fulfillments as Rec[]).filter((f) => !f.canceled_at);
      expect(live, `#${o.display_id}`).toHaveLength(1);
      const want = o.id === rest[0]!.id ? [tracking(o), tracking(o, 2)] : [tracking(o)];
      expect((live[0]!.labels as Rec[]).map((l) => l.tracking_number).sort()).toEqual(want.sort());
    }
    const again = await runCli(["orders", "ship", "--file", file, "--yes", "--json"], { env: envFor(backend.url) });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).summary).toMatchObject({ update: 0, unchanged: lines.length - 1, failed: 0 });
  }, 900_000);

  it("a partial shipment by SKU and quantity, and a conflicting tracking number skipped with the reason", async () => {
    const items = (await read(twoLine.id)).items as Rec[];
    const [a, b] = items.map((i) => i.variant_sku as string);
    const file = path.join(work, "partial.csv");
    writeFileSync(file, ["Order,Tracking,SKU,Quantity", `${twoLine.display_id},PART-A,${a},2`, `${twoLine.display_id},PART-B,${b},1`, `${orders[0]!.display_id},SOMETHING-ELSE,,`].join("\n"));
    const r = await runCli(["orders", "ship", "--file", file, "--yes", "--report", path.join(work, "partial.json")], { env: envFor(backend.url) });
    expect(r.code, r.stderr).toBe(0);
    const got = await read(twoLine.id);
    const live = (got.fulfillments as Rec[]).filter((f) => !f.canceled_at);
    expect(live.map((f) => (f.labels as Rec[]).map((l) => l.tracking_number)).sort()).toEqual([["PART-A"], ["PART-B"]]);
    expect(got.fulfillment_status).toBe("partially_shipped");
    const rows = (JSON.parse(readFileSync(path.join(work, "partial.json"), "utf8")) as { rows: Rec[] }).rows;
    expect(rows.find((x) => x.row === 4)).toMatchObject({ action: "skipped", error: { message: `already shipped with tracking ${tracking(orders[0]!)}` } });
  }, 300_000);
});

describe("orders capture - (references on stdin)", () => {
  it("captures each order once through faults; a second run finds them all captured", async () => {
    const refs = orders.map((o) => `#${o.display_id}`).join("\n") + "\n";
    const proxy = await startFaultProxy(backend.url, { seed: 2703, rate: 0.2, kinds: ["reset-after", "status-502", "truncate"], maxConsecutive: 1, only: (m, p) => m === "POST" && p.includes("/capture") });
    let failed: Rec[] = [];
    try {
      const report = path.join(work, "capture.json");
      const r = await runCli(["--timeout", "4", "orders", "capture", "-", "--yes", "--report", report, "--quiet"], { env: envFor(proxy.url), input: refs, timeoutMs: 900_000 });
      expect([0, 3], r.stderr).toContain(r.code);
      failed = (JSON.parse(readFileSync(report, "utf8")) as { rows: Rec[] }).rows.filter((x) => x.action === "failed");
      // A capture whose answer was lost is read back; one that cannot be confirmed is failed for a person, never sent again.
      for (const x of failed) expect(x.error.message).toMatch(/capture/);
    } finally {
      await proxy.close();
    }
    const again = await runCli(["orders", "capture", "-", "--yes", "--json"], { env: envFor(backend.url), input: refs });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).summary.failed).toBe(0);
    for (const o of orders) {
      const captures = ((await read(o.id)).payment_collections as Rec[]).flatMap((c) => (c.payments as Rec[]).flatMap((p) => p.captures as Rec[]));
      expect(captures, `#${o.display_id}`).toHaveLength(1);
    }
  }, 900_000);

  it("refuses a batch off a terminal without --yes (exit 2) and names what --columns can map", async () => {
    const r = await runCli(["orders", "capture", "-"], { env: envFor(backend.url), input: `#${orders[0]!.display_id}\n` });
    expect(r.code).toBe(2);
    const bad = path.join(work, "bad.csv");
    writeFileSync(bad, "Ref No,Tracking Number\n1,X\n");
    const b = await runCli(["orders", "ship", "--file", bad, "--yes"], { env: envFor(backend.url) });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("--columns order=HEADER");
    expect(existsSync(path.join(work, "data", "jobs")) ? readdirSync(path.join(work, "data", "jobs")).filter((x) => x.endsWith(".lock")) : []).toEqual([]);
  });
});
