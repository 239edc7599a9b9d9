#!/usr/bin/env node
// Requests per second and client CPU per request (issues 20 and 26): raw undici, both as
// `Pool.request()` on the origin's pool (the baseline: the fastest plain undici for one back-end)
// and as `request()` on a keep-alive Agent, our SDK on its default Node transport (undici), our SDK on the `node:http`
// transport the CLI uses for one-shot commands, and @medusajs/js-sdk, all in one run against a
// local node:http server in a child process answering a fixed 8 KB JSON page. Each client runs
// sequentially (one request in flight) and with 16 in flight; repeats are interleaved (every
// client once per repeat, in a new order each time) and reported as medians, because the machine
// is shared and noisy. CPU is this process's user+system time (process.cpuUsage), so the server's
// work is not counted.
// Usage: node bench/sdk-throughput.mjs [--repeats 5] [--requests 2000] [--compare <old dist/>]
//   --compare adds our two clients built from another dist/ (e.g. the previous commit's) to the run.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { median, root, shuffle, writeFragment } from "./lib/measure.mjs";
import { rawUndiciClient, rawUndiciPoolClient, startOrderPageServer } from "./lib/order-page-server.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const REPEATS = Number(opt("repeats", 5));
const REQUESTS = Number(opt("requests", 2000));
const IN_FLIGHT = 16;
const COMPARE = opt("compare", undefined);

const JsSdk = (await import("@medusajs/js-sdk")).default;

async function ourClients(dist, label, url, apiKey) {
  const { Medusa } = await import(pathToFileURL(path.join(dist, "sdk/index.js")).href);
  const { nodeHttpTransport } = await import(pathToFileURL(path.join(dist, "sdk/transport/node-http.js")).href);
  const pooled = new Medusa({ baseUrl: url, apiKey });
  const oneShot = new Medusa({ baseUrl: url, apiKey, transport: nodeHttpTransport() });
  return {
    [`medusactl SDK, default transport (undici)${label}`]: () => pooled.admin.order.list({ limit: 12, offset: 0 }),
    [`medusactl SDK, CLI's node:http transport${label}`]: () => oneShot.admin.order.list({ limit: 12, offset: 0 }),
  };
}

async function clients(url, apiKey) {
  const theirs = new JsSdk({ baseUrl: url, apiKey });
  return {
    "raw undici Pool.request()": await rawUndiciPoolClient(url, apiKey, IN_FLIGHT),
    "raw undici request()": await rawUndiciClient(url, apiKey, IN_FLIGHT),
    ...(await ourClients(path.join(root, "dist"), "", url, apiKey)),
    ...(COMPARE ? await ourClients(path.resolve(COMPARE), " (before)", url, apiKey) : {}),
    "@medusajs/js-sdk": () => theirs.admin.order.list({ limit: 12, offset: 0 }),
  };
}

/** `n` requests with `inFlight` workers; returns req/s and client CPU µs per request. */
async function run(fn, n, inFlight) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const page = await fn();
      if (page.orders.length !== 12) throw new Error("short page");
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { rps: (n * 1000) / ms, cpuUs: (cpu.user + cpu.system) / n };
}

const server = await startOrderPageServer();
const fns = await clients(server.url, "sk_bench");
const names = Object.keys(fns);
const modes = [
  ["sequential", 1],
  [`${IN_FLIGHT} in flight`, IN_FLIGHT],
];
const samples = {};
for (const [mode, inFlight] of modes) {
  // Warm-up: connections opened, JIT settled, lazy imports done.
  for (const name of names) await run(fns[name], 300, inFlight);
  samples[mode] = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < REPEATS; r++) {
    for (const name of shuffle([...names])) {
      if (global.gc) global.gc();
      samples[mode][name].push(await run(fns[name], REQUESTS, inFlight));
    }
  }
}
const pageBytes = server.bytes();

// The SDK's own work per request, with the network taken out: a transport answering the same page
// from memory. Far less noisy than the runs above on a shared machine; JSON.parse alone is the floor.
async function pipelineCost(dist, body) {
  const { Medusa } = await import(pathToFileURL(path.join(dist, "sdk/index.js")).href);
  const headers = { get: () => null, getSetCookie: () => [] };
  const transport = { request: async () => ({ status: 200, statusText: "OK", headers, text: async () => body, stream() {}, dump: async () => {} }) };
  const sdk = new Medusa({ baseUrl: "http://127.0.0.1:9000", apiKey: "sk_bench", transport });
  const one = () => sdk.admin.order.list({ limit: 12, offset: 0 });
  for (let i = 0; i < 2000; i++) await one();
  const c0 = process.cpuUsage();
  for (let i = 0; i < 20_000; i++) await one();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 20_000;
}
const pageBody = await (await fetch(`${server.url}/admin/orders`)).text();
const pipeline = { "JSON.parse of the page alone": [], "medusactl SDK": [], ...(COMPARE ? { "medusactl SDK (before)": [] } : {}) };
for (let r = 0; r < REPEATS; r++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < 20_000; i++) JSON.parse(pageBody);
  const c = process.cpuUsage(c0);
  pipeline["JSON.parse of the page alone"].push((c.user + c.system) / 20_000);
  pipeline["medusactl SDK"].push(await pipelineCost(path.join(root, "dist"), pageBody));
  if (COMPARE) pipeline["medusactl SDK (before)"].push(await pipelineCost(path.resolve(COMPARE), pageBody));
}
server.child.kill();

// The baseline is one origin's Pool (the fastest plain undici), not request() on an Agent, which hides the Agent's own cost.
const base = "raw undici Pool.request()";
function table(mode) {
  const s = samples[mode];
  const rps = (name) => median(s[name].map((x) => x.rps));
  const cpu = (name) => median(s[name].map((x) => x.cpuUs));
  // Paired: each repeat's ratio to the baseline of the same repeat, so a burst of load on a shared machine moves both.
  const paired = (name) => median(s[name].map((x, i) => x.rps / s[base][i].rps));
  const lines = [
    "| client | req/s (median) | range | vs raw Pool | vs raw Pool, paired | client CPU µs/request | CPU vs raw Pool |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const name of names) {
    const xs = s[name].map((x) => x.rps);
    lines.push(
      `| ${name} | ${rps(name).toFixed(0)} | ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} | ${(rps(name) / rps(base)).toFixed(2)}× | ${paired(name).toFixed(2)}× | ${cpu(name).toFixed(0)} | ${(cpu(name) / cpu(base)).toFixed(2)}× |`,
    );
  }
  return lines.join("\n");
}

const md = `## SDK throughput: requests per second and client CPU, vs raw undici and @medusajs/js-sdk

Command: \`node bench/sdk-throughput.mjs --repeats ${REPEATS} --requests ${REQUESTS}${COMPARE ? ` --compare ${COMPARE}` : ""}\` (after \`npm run build\`).
A local \`node:http\` server in a child process answers \`GET /admin/orders?limit=12&offset=0\` with a fixed JSON page
(${pageBytes}); every client sends the same request with a secret API key and parses the JSON. ${REQUESTS} requests per
client per repeat, ${REPEATS} interleaved repeats (each repeat runs the clients in a new order), medians; "paired" is the
median of each repeat's ratio to the raw Pool in that same repeat, the steadier figure on a busy machine. Client CPU is
this process's user+system time per request (the server runs in another process). Machine: 2 shared cores.
${COMPARE ? `\nRows marked "(before)" are the same SDK built from \`${COMPARE}\` (the code before this change), in the same run.\n` : ""}
### Sequential (one request in flight)

${table("sequential")}

### ${IN_FLIGHT} requests in flight

${table(`${IN_FLIGHT} in flight`)}

### The SDK's own work per request, without the network

A transport answering the same page from memory, 20,000 calls of \`sdk.admin.order.list({ limit: 12, offset: 0 })\`
per repeat; CPU µs per call, median of ${REPEATS}:

| | CPU µs/request |
| --- | ---: |
${Object.entries(pipeline).map(([k, xs]) => `| ${k} | ${median(xs).toFixed(1)} |`).join("\n")}

The default Node transport is undici on a keep-alive \`Pool\` of the back-end's origin: an answer read whole (JSON)
goes through \`pool.dispatch()\` with a handler that gathers the body, with no response stream; \`pool.request()\` only
for streams, an \`Agent\` with \`request()\` only behind a proxy. The CLI's one-shot commands use the
\`node:http\` transport (it starts faster), which hands over to the same undici pool after 32 requests or 8 at once
(\`upgradeAfter\`): a one-shot command never gets there, this benchmark does in its first repeat. The js-sdk goes through
Node's global \`fetch\` (undici plus the WHATWG layer).
`;
writeFragment("sdk-throughput", md);
process.stdout.write(md);
