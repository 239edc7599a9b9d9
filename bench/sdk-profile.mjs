#!/usr/bin/env node
// Where a request's client CPU goes (issue 20): V8's sampling profiler over N sequential
// `GET /admin/orders?limit=12&offset=0` against the fixed 8 KB page server, for raw undici
// `request()`, our SDK on its default transport, and (with --compare) our SDK built from an older
// dist/. Each client runs in its own child process so one client's JIT state cannot help another;
// profiling starts after a warm-up and covers only the measured requests. Self time is grouped by
// where the code lives (our SDK's files by function, undici, Node's own JS, JSON.parse, GC) and
// divided by the number of requests; repeats are interleaved and reported as medians.
// Usage: node bench/sdk-profile.mjs [--repeats 3] [--requests 4000] [--compare <old dist/> [--note "how it was built"]]
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { median, root, shuffle, writeFragment } from "./lib/measure.mjs";
import { rawUndiciClient, startOrderPageServer } from "./lib/order-page-server.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};

if (args[0] === "--child") await child(args[1], args[2], args[3], Number(args[4]));
else await parent();

/** Runs in the child: warm up, profile `requests` calls, print the grouped self times (µs) as JSON. */
async function child(client, url, dist, requests) {
  const { Session } = await import("node:inspector/promises");
  let call;
  if (client === "raw") {
    call = await rawUndiciClient(url, "sk_bench");
  } else {
    const { Medusa } = await import(pathToFileURL(path.join(dist, "sdk/index.js")).href);
    const sdk = new Medusa({ baseUrl: url, apiKey: "sk_bench" });
    call = () => sdk.admin.order.list({ limit: 12, offset: 0 });
  }
  for (let i = 0; i < 2000; i++) await call();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
  await session.post("Profiler.start");
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const page = await call();
    if (page.orders.length !== 12) throw new Error("short page");
  }
  const cpu = process.cpuUsage(cpu0);
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  process.stdout.write(JSON.stringify({ groups: group(profile, dist), cpuUs: cpu.user + cpu.system }));
  process.exit(0);
}

/**
 * Self time per group in µs: samples times the median gap between samples. Not the gap to the next
 * sample, as DevTools does: with one request in flight the thread waits for the server after the
 * JSON is parsed, and that wait would be charged to whatever ran last.
 */
function group(profile, dist) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const each = median(profile.timeDeltas.slice(1));
  const self = new Map();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + each);
  const sdkDir = dist ? pathToFileURL(path.join(dist, "sdk")).href + "/" : "\0";
  const out = {};
  for (const [id, us] of self) {
    const { functionName, url } = byId.get(id).callFrame;
    let key;
    if (functionName === "(idle)") continue;
    else if (functionName === "(garbage collector)") key = "garbage collection";
    else if (functionName === "(program)") key = "V8 and native code outside JS";
    else if (url.startsWith(sdkDir)) key = `SDK ${url.slice(sdkDir.length).replace(/\.js$/, "")}: ${functionName || "(top level)"}`;
    else if (url.includes("/undici/") || url.startsWith("node:internal/deps/undici")) key = "undici";
    else if (url.startsWith("node:")) key = "Node's own JS (net, streams, timers, promises)";
    else if (url === "" && functionName === "parse") key = "JSON.parse (where V8 shows it apart from its caller)";
    else if (url === "") key = "native bindings and V8 builtins (socket writes, buffers and strings, microtasks)";
    else key = "other";
    out[key] = (out[key] ?? 0) + us;
  }
  return out;
}

function runChild(client, url, dist, requests) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [import.meta.filename, "--child", client, url, dist, String(requests)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${client} child exited ${code}`))));
  });
}

async function parent() {
  const REPEATS = Number(opt("repeats", 3));
  const REQUESTS = Number(opt("requests", 4000));
  const COMPARE = opt("compare", undefined);
  const NOTE = opt("note", "");
  const clients = { "raw undici": ["raw", ""], "medusactl SDK": ["sdk", path.join(root, "dist")] };
  if (COMPARE) clients["medusactl SDK (before)"] = ["sdk", path.resolve(COMPARE)];
  const server = await startOrderPageServer();
  const runs = Object.fromEntries(Object.keys(clients).map((k) => [k, []]));
  for (let r = 0; r < REPEATS; r++) {
    for (const name of shuffle(Object.keys(clients))) {
      const [kind, dist] = clients[name];
      runs[name].push(await runChild(kind, server.url, dist, REQUESTS));
    }
  }
  server.child.kill();

  const names = Object.keys(clients);
  const perRequest = (name, key) => median(runs[name].map((r) => (r.groups[key] ?? 0) / REQUESTS));
  const keys = [...new Set(names.flatMap((n) => runs[n].flatMap((r) => Object.keys(r.groups))))];
  const isSdk = (k) => k.startsWith("SDK ");
  const total = (name, pick) => median(runs[name].map((r) => Object.entries(r.groups).filter(([k]) => pick(k)).reduce((a, [, v]) => a + v, 0) / REQUESTS));
  const fmt = (x) => (x < 0.05 ? "–" : x.toFixed(1));
  // SDK functions above 0.3 µs in either build, largest first; the rest in one line.
  const sdkKeys = keys.filter(isSdk).sort((a, b) => Math.max(...names.map((n) => perRequest(n, b))) - Math.max(...names.map((n) => perRequest(n, a))));
  const shown = sdkKeys.filter((k) => names.some((n) => perRequest(n, k) >= 0.3));
  const rest = sdkKeys.filter((k) => !shown.includes(k));
  const otherKeys = keys.filter((k) => !isSdk(k)).sort((a, b) => perRequest(names[0], b) - perRequest(names[0], a));
  const otherShown = otherKeys.filter((k) => names.some((n) => perRequest(n, k) >= 0.3));
  const head = `| where | ${names.join(" | ")} |\n| --- | ${names.map(() => "---:").join(" | ")} |`;
  const row = (label, f) => `| ${label} | ${names.map((n) => fmt(f(n))).join(" | ")} |`;
  const lines = [
    head,
    row("**all sampled CPU**", (n) => total(n, () => true)),
    row("**our SDK's own code**", (n) => total(n, isSdk)),
    ...shown.map((k) => row(`&nbsp;&nbsp;${k.slice(4).replace(/\|/g, "\\|")}`, (n) => perRequest(n, k))),
    ...(rest.length ? [row(`&nbsp;&nbsp;${rest.length} other SDK functions`, (n) => total(n, (k) => rest.includes(k)))] : []),
    ...otherShown.map((k) => row(k, (n) => perRequest(n, k))),
    row("everything else under 0.3 µs", (n) => total(n, (k) => !isSdk(k) && !otherShown.includes(k))),
    row("process CPU (user+system) per request", (n) => median(runs[n].map((r) => r.cpuUs / REQUESTS))),
  ];
  const md = `## SDK profile: where a request's client CPU goes

Command: \`node bench/sdk-profile.mjs --repeats ${REPEATS} --requests ${REQUESTS}${COMPARE ? ` --compare ${COMPARE}` : ""}\` (after \`npm run build\`).
V8's sampling profiler (50 µs interval) over ${REQUESTS} sequential \`sdk.admin.order.list({ limit: 12, offset: 0 })\` calls (raw
undici: the same request with \`request()\` and \`body.json()\`) against the fixed 8 KB page server of the throughput
benchmark, after 2,000 warm-up calls, each client in its own process, ${REPEATS} interleaved repeats, medians.
Self time in µs per request (a sample counts as the median gap between samples), grouped by where the code lives;
"SDK file: function" rows are our code.
${COMPARE ? `"(before)" is the SDK built from \`${COMPARE}\`${NOTE ? ` (${NOTE})` : ""}, in the same run.\n` : ""}
${lines.join("\n")}

V8 usually counts \`JSON.parse\` in the function that calls it: for our SDK that is \`client: readBody\` (the body is
already text; readBody is the parse and an empty-body check), for raw undici it is inside undici's \`body.json()\`.
The sampled total is lower than the process CPU: the profiler does not see time in the kernel (system time) or
in threads other than the main one.
`;
  writeFragment("sdk-profile", md);
  process.stdout.write(md);
}
