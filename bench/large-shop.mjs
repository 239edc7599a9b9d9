#!/usr/bin/env node
// Issue 40: what an operator's daily work costs as the shop grows. Against sandbox snapshots made
// with `medusactl sandbox seed` (see bench/RESULTS.md for the commands), one size after another:
//   index     the first build of the local index of order states (reads every order once)
//   tui       launch → first order row; each queue key (1 to fulfil, 2 to ship, 3 to capture) →
//             its first screen; G in to ship → the oldest order of the queue (the planted one)
//   refresh   what a queue's refresh does: index sync + one page read by id (requests and time)
//   list      orders list of every unshipped order (-o ids), from the index and walking (index off)
//   pick      orders pick-list of every unshipped order (time, RSS), from the index and walking
//   search    orders list --search <number | e-mail | last name>, customers list q=<e-mail>
//   export    products export of the whole catalogue (time, RSS)
// The TUI runs in a pseudo-terminal (util-linux `script`) at 80x24. Times are wall clock on a
// shared 2-core machine: the load average is recorded before and after each size.
// Usage: node bench/large-shop.mjs [--sizes 1k,10k,50k] [--runs 7] [--walk 1k,10k,50k] [--only tui,refresh,…] [--no-restore]
//   --only measures those parts again and keeps the other figures of an earlier run.
//   MEDUSACTL_DATA_DIR must be the sandbox's data root (the snapshots size-<size> live there).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { writeLargeShopReport } from "./lib/large-shop-report.mjs";
import { BIN, root } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const SIZES = String(opt("sizes", "1k,10k,50k")).split(",");
const RUNS = Number(opt("runs", 7));
const WALK = new Set(String(opt("walk", "1k,10k,50k")).split(","));
const ONLY = opt("only", undefined)?.split(",");
// --no-restore measures the sandbox as it is, as the one size named (e.g. after an earlier run restored it).
const NO_RESTORE = args.includes("--no-restore");
const part = (name) => !ONLY || ONLY.includes(name);
const OUT = path.join(root, "bench/results/large-shop.json");

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const strip = (s) => s.replace(/\u001b\[[0-9;?<>=]*[ -/]*[@-~]/g, "");

function cli(argv, env = {}) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`medusactl ${argv.join(" ")} → ${r.status}: ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

/** Wall time and peak RSS of one CLI run (GNU time). */
function timed(argv, env = {}) {
  const t = now();
  const r = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, BIN, ...argv], { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 1 << 30 });
  const ms = now() - t;
  if (r.status !== 0) throw new Error(`medusactl ${argv.join(" ")} → ${r.status}: ${r.stderr.slice(-2000)}`);
  const rssKb = Number(r.stderr.trim().split("\n").at(-1));
  return { ms, rssMiB: rssKb / 1024, stdout: r.stdout };
}

// The snapshots are made once by hand (bench/RESULTS.md says how); without them there is nothing to measure.
const listed = spawnSync(process.execPath, [BIN, "sandbox", "snapshot", "list", "--json"], { encoding: "utf8" });
const have = new Set(listed.status === 0 ? JSON.parse(listed.stdout).map((s) => s.name) : []);
const missing = SIZES.filter((s) => !have.has(`size-${s}`));
if (missing.length) {
  console.error(`skipped: no sandbox snapshot ${missing.map((s) => `size-${s}`).join(", ")} in ${process.env.MEDUSACTL_DATA_DIR ?? "the default data folder"} (make them with \`medusactl sandbox seed\` and \`sandbox snapshot save\`: see bench/RESULTS.md)`);
  process.exit(0);
}

const sandbox = Object.fromEntries(
  cli(["sandbox", "up", "--env"])
    .trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
process.env.MEDUSA_URL = sandbox.MEDUSA_URL;
process.env.MEDUSA_API_KEY = sandbox.MEDUSA_API_KEY;
process.env.MEDUSACTL_CONFIG_DIR = mkdtempSync(path.join(tmpdir(), "medusactl-bench-large-"));
const auth = { authorization: `Basic ${Buffer.from(`${sandbox.MEDUSA_API_KEY}:`).toString("base64")}` };
const api = async (p) => (await fetch(`${sandbox.MEDUSA_URL}${p}`, { headers: auth })).json();

/** The TUI in a pty at 80x24: output as it arrives, keys written to it. */
function startTui() {
  const env = { ...process.env, TERM: "xterm-256color" };
  delete env.CI;
  const cmd = `stty rows 24 cols 80; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} tui --refresh 3600`;
  const started = now();
  const child = spawn("script", ["-qfec", cmd, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] });
  const s = { child, started, text: "", exited: new Promise((r) => child.on("close", r)) };
  child.stdout.on("data", (d) => (s.text += d.toString()));
  return s;
}

/** Waits until the output written since `from` (plain text) matches; resolves to when it did. */
async function until(s, from, re, timeoutMs = 120_000) {
  const t0 = now();
  for (;;) {
    if (re.test(strip(s.text.slice(from)))) return now();
    if (now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${re}; screen:\n${strip(s.text).slice(-1500)}`);
    await sleep(3);
  }
}

const QUEUES = [
  { key: "1", title: "to fulfil" },
  { key: "2", title: "to ship" },
  { key: "3", title: "to capture" },
];

async function tuiRuns(planted) {
  const first = [];
  const queues = Object.fromEntries(QUEUES.map((q) => [q.title, []]));
  const oldest = [];
  for (let i = 0; i <= RUNS; i++) {
    const s = startTui();
    const t = await until(s, 0, /> #\d+/);
    if (i > 0) first.push(t - s.started); // the first launch warms the page cache
    await sleep(300);
    for (const q of QUEUES) {
      const from = s.text.length;
      const t0 = now();
      s.child.stdin.write(q.key);
      const hit = await until(s, from, new RegExp(`Orders ${q.title}  1–\\d+ of [\\d,]+[\\s\\S]*> #\\d+`));
      if (i > 0) queues[q.title].push(hit - t0);
      await sleep(200);
      if (q.title === "to ship" && planted) {
        const from2 = s.text.length;
        const t1 = now();
        s.child.stdin.write("G");
        const got = await until(s, from2, new RegExp(`> #${planted} `));
        if (i > 0) oldest.push(got - t1);
        s.child.stdin.write("g");
        await sleep(200);
      }
    }
    s.child.stdin.write("q");
    await s.exited;
  }
  const stat = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), n: xs.length });
  return { first: stat(first), queues: Object.fromEntries(Object.entries(queues).map(([k, v]) => [k, stat(v)])), oldestToShip: stat(oldest) };
}

/** A queue refresh as the TUI does it: index sync, then the first page of to ship read by id. */
async function refreshRuns() {
  const { OrderIndex } = await import(path.join(root, "dist/cli/bulk/order-index.js"));
  const { inQueue } = await import(path.join(root, "dist/shared/orders/queues.js"));
  const { Medusa } = await import(path.join(root, "dist/sdk/index.js"));
  let requests = 0;
  const sdk = new Medusa({ baseUrl: sandbox.MEDUSA_URL, apiKey: sandbox.MEDUSA_API_KEY, hooks: { afterResponse: () => requests++ } });
  const idx = await OrderIndex.open(sdk, process.env.MEDUSACTL_DATA_DIR, sandbox.MEDUSA_URL);
  const times = [];
  const reqs = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const before = requests;
    const t = now();
    await idx.sync();
    const ids = idx.candidates((f) => inQueue("to-ship", f)).slice(0, 25).map((f) => f.id);
    await sdk.admin.order.list({ id: ids, limit: ids.length, fields: "id,display_id,status,payment_status,fulfillment_status,total,email" });
    if (i > 0) times.push(now() - t);
    if (i > 0) reqs.push(requests - before);
    await sleep(200);
  }
  return { p50: pct(times, 50), p95: pct(times, 95), requests: Math.max(...reqs) };
}

const UNSHIPPED = "not_fulfilled,partially_fulfilled,fulfilled,partially_shipped";
const results = JSON.parse((() => {
  try {
    return readFileSync(OUT, "utf8");
  } catch {
    return "{}";
  }
})());

for (const size of SIZES) {
  const r = { ...(ONLY ? results[size] : {}), size, loadBefore: load() };
  if (!NO_RESTORE) {
    const tr = now();
    cli(["sandbox", "snapshot", "restore", `size-${size}`, "--yes"]);
    r.restoreMs = now() - tr;
  }
  const counts = await api("/admin/orders?limit=1&fields=id");
  r.orders = counts.count;
  r.products = (await api("/admin/products?limit=1&fields=id")).count;
  r.customers = (await api("/admin/customers?limit=1&fields=id")).count;
  console.error(`size ${size}: ${r.orders} orders, ${r.products} products, ${r.customers} customers (load ${r.loadBefore})`);

  // The first build of the index (restore dropped it), through the command that needs it.
  const build = timed(["orders", "list", "--fulfillment-status", "fulfilled", "--limit", "1", "-o", "ids"]);
  if (part("index")) r.indexBuildMs = build.ms;

  // The planted order (about 90 days old, fulfilled, not shipped): the oldest of to ship reached by G.
  const toShipOldest = cli(["orders", "list", "--fulfillment-status", "fulfilled,partially_shipped,partially_fulfilled", "--status", "pending", "--order", "created_at", "--limit", "1", "--json"]);
  const oldestRow = JSON.parse(toShipOldest)[0];
  r.oldestToShip = oldestRow ? { display_id: oldestRow.display_id, created_at: oldestRow.created_at } : undefined;

  if (part("list")) {
  const list = timed(["orders", "list", "--fulfillment-status", UNSHIPPED, "--status", "pending,requires_action", "--all", "-o", "ids"]);
  r.listIndexed = { ms: list.ms, rssMiB: list.rssMiB, orders: list.stdout.trim().split("\n").filter(Boolean).length };
  const pickOut = path.join(tmpdir(), `pick-${size}.csv`);
  const pick = timed(["orders", "pick-list", "--out", pickOut, "--quiet"]);
  r.pickIndexed = { ms: pick.ms, rssMiB: pick.rssMiB, lines: readFileSync(pickOut, "utf8").trim().split("\n").length - 1 };
  if (WALK.has(size)) {
    const walkList = timed(["orders", "list", "--fulfillment-status", UNSHIPPED, "--status", "pending,requires_action", "--all", "-o", "ids"], { MEDUSACTL_ORDER_INDEX: "off" });
    r.listWalk = { ms: walkList.ms, rssMiB: walkList.rssMiB, orders: walkList.stdout.trim().split("\n").filter(Boolean).length };
    const walkPick = timed(["orders", "pick-list", "--out", pickOut, "--quiet"], { MEDUSACTL_ORDER_INDEX: "off" });
    r.pickWalk = { ms: walkPick.ms, rssMiB: walkPick.rssMiB, lines: readFileSync(pickOut, "utf8").trim().split("\n").length - 1 };
  }
  rmSync(pickOut, { force: true });
  }

  if (part("tui")) r.tui = await tuiRuns(r.oldestToShip?.display_id);
  if (part("refresh")) r.refresh = await refreshRuns();

  // Searches: an order by number, by e-mail, by last name; a customer by e-mail.
  const sample = (await api("/admin/orders?limit=1&offset=" + Math.floor(r.orders / 3) + "&fields=id,display_id,email,shipping_address.last_name")).orders[0];
  const searches = {
    "order by number": ["orders", "list", "--search", String(sample.display_id), "--limit", "20", "-o", "ids"],
    "order by e-mail": ["orders", "list", "--search", sample.email, "--limit", "20", "-o", "ids"],
    "order by last name": ["orders", "list", "--search", sample.shipping_address?.last_name ?? "Müller", "--limit", "20", "-o", "ids"],
    "customer by e-mail": ["customers", "list", "--query", `q=${sample.email}`, "--limit", "20", "-o", "ids"],
  };
  if (part("search")) r.search = {};
  for (const [name, argv] of Object.entries(part("search") ? searches : {})) {
    const xs = [];
    for (let i = 0; i < 5; i++) xs.push(timed(argv).ms);
    r.search[name] = { p50: pct(xs, 50), p95: pct(xs, 95) };
  }

  if (part("export")) {
    const exportOut = path.join(tmpdir(), `export-${size}.csv`);
    const exp = timed(["products", "export", "--out", exportOut, "--quiet"]);
    r.export = { ms: exp.ms, rssMiB: exp.rssMiB, rows: readFileSync(exportOut, "utf8").split("\n").length - 2 };
    rmSync(exportOut, { force: true });
  }

  r.loadAfter = load();
  results[size] = r;
  writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
  writeLargeShopReport(`node bench/large-shop.mjs ${args.join(" ")}`.trim());
  console.error(JSON.stringify(r));
}
