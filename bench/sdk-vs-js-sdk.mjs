#!/usr/bin/env node
// Per-request cost of our SDK against @medusajs/js-sdk and raw undici, on the same keep-alive
// connection pattern: (1) a local node:http server in a child process answering a fixed 2 KB JSON
// body, so the client's own overhead dominates; (2) the real sandbox back-end (if running), so
// the difference is put in proportion to Medusa's own time. Rounds are interleaved (A B C, A B C…)
// and reported as medians, because the machine is shared and noisy.
// Usage: node bench/sdk-vs-js-sdk.mjs [--rounds 7] [--requests 500]
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const ROUNDS = opt("rounds", 7);
const REQUESTS = opt("requests", 500);
const REAL_REQUESTS = opt("real-requests", 100);

const { Medusa } = await import(pathToFileURL(path.join(root, "dist/sdk/index.js")).href);
const JsSdk = (await import("@medusajs/js-sdk")).default;
const { Agent, request } = await import("undici");

const SERVER = `
const http = require("node:http");
const product = { id: "prod_01", title: "Medusa T-Shirt", handle: "t-shirt", status: "published", description: "x".repeat(1500), variants: [{ id: "variant_01", sku: "SHIRT-S" }] };
const body = JSON.stringify({ products: [product], count: 1, limit: 1, offset: 0 });
const s = http.createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }); res.end(body); }); });
s.keepAliveTimeout = 60000;
s.listen(0, "127.0.0.1", () => process.stdout.write(String(s.address().port) + "\\n"));
`;

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.once("data", (d) => resolve({ url: `http://127.0.0.1:${String(d).trim()}`, child }));
    child.once("error", reject);
  });
}

function sandboxEnv() {
  const r = spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "status"], { encoding: "utf8" });
  if (r.status !== 0) return undefined;
  const env = spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "up", "--env"], { encoding: "utf8" });
  if (env.status !== 0) return undefined;
  return Object.fromEntries(env.stdout.trim().split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

function clients(url, apiKey) {
  const ours = new Medusa({ baseUrl: url, apiKey });
  const theirs = new JsSdk({ baseUrl: url, apiKey });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const auth = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  return {
    "raw undici request()": async () => {
      const res = await request(`${url}/admin/products?limit=1`, { dispatcher: agent, headers: { authorization: auth, accept: "application/json" } });
      return res.body.json();
    },
    "medusactl SDK": () => ours.admin.product.list({ limit: 1 }),
    "@medusajs/js-sdk": () => theirs.admin.product.list({ limit: 1 }),
  };
}

async function measure(fns, n, rounds) {
  const samples = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (const fn of Object.values(fns)) for (let i = 0; i < 20; i++) await fn(); // warm-up: connections, JIT
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await fn();
      samples[name].push(((performance.now() - t0) * 1000) / n); // µs per request
    }
  }
  return samples;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function table(samples, base) {
  const lines = ["| client | median µs/request | range | vs raw undici |", "| --- | ---: | --- | ---: |"];
  const b = median(samples[base]);
  for (const [name, xs] of Object.entries(samples)) {
    lines.push(`| ${name} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} | ${(median(xs) / b).toFixed(2)}× |`);
  }
  return lines.join("\n");
}

const local = await startServer();
const localSamples = await measure(clients(local.url, "sk_bench"), REQUESTS, ROUNDS);
local.child.kill();

let realPart = "The sandbox was not running: no figures against the real back-end in this run.";
const env = sandboxEnv();
if (env) {
  const realSamples = await measure(clients(env.MEDUSA_URL, env.MEDUSA_API_KEY), REAL_REQUESTS, ROUNDS);
  realPart = `Against the local Medusa 2.21 sandbox (\`GET /admin/products?limit=1\` with a secret key), ${REAL_REQUESTS} sequential requests per client per round, ${ROUNDS} interleaved rounds:\n\n${table(realSamples, "raw undici request()")}`;
}

const md = `## SDK per-request cost: medusactl SDK vs @medusajs/js-sdk vs raw undici

Command: \`node bench/sdk-vs-js-sdk.mjs --rounds ${ROUNDS} --requests ${REQUESTS}\` (sequential awaited requests on one keep-alive connection; interleaved rounds; medians).

Local \`node:http\` server in a child process answering a fixed 2 KB JSON list, ${REQUESTS} requests per client per round, ${ROUNDS} rounds:

${table(localSamples, "raw undici request()")}

${realPart}

Our SDK goes through undici's \`request()\` on a keep-alive pool; the js-sdk goes through Node's global \`fetch\` (also undici, plus the WHATWG layer).
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/sdk-vs-js-sdk.md"), md);
process.stdout.write(md);
