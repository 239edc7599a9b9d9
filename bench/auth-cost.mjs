#!/usr/bin/env node
// What an admin request costs Medusa by credential: a secret API key (which Medusa checks by
// hashing it with scrypt on every request) against the JWT of `medusactl login`. Measured as the
// Medusa server's own CPU time (/proc/<pid>/stat) over --rounds sequential cheap reads
// (GET /admin/regions?limit=1&fields=id), the two credentials alternating in blocks, on the
// default sandbox (`medusactl sandbox up`).
// Usage: node bench/auth-cost.mjs [--rounds N]   (default 200 requests per credential; MEDUSACTL_BENCH_ROUNDS)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { roundsOption, sandboxAdminToken, sandboxEnv, writeFragment } from "./lib/measure.mjs";

const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 200);
const env = sandboxEnv();
const url = env.MEDUSA_URL;
const port = new URL(url).port;
const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
const pid = listening.match(/pid=(\d+)/)?.[1];
if (!pid) throw new Error(`no process listens on port ${port}`);
const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};

const token = await sandboxAdminToken(env);
const credentials = {
  "secret API key (Basic)": `Basic ${Buffer.from(`${env.MEDUSA_API_KEY}:`).toString("base64")}`,
  "JWT (Bearer)": `Bearer ${token}`,
};

const totals = Object.fromEntries(Object.keys(credentials).map((k) => [k, { cpu: 0, wall: 0, n: 0 }]));
const BLOCK = 25;
for (let done = 0; done < rounds; done += BLOCK) {
  for (const [name, authorization] of Object.entries(credentials)) {
    const n = Math.min(BLOCK, rounds - done);
    const c0 = cpuSeconds();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${url}/admin/regions?limit=1&fields=id`, { headers: { authorization } });
      if (!r.ok) throw new Error(`${name}: ${r.status}`);
      await r.arrayBuffer();
    }
    totals[name].wall += performance.now() - t0;
    totals[name].cpu += cpuSeconds() - c0;
    totals[name].n += n;
  }
}

const rows = Object.entries(totals).map(([name, t]) => `| ${name} | ${((t.cpu / t.n) * 1000).toFixed(1)} | ${(t.wall / t.n).toFixed(1)} |`);
const [key, jwt] = Object.values(totals);
const ratio = key.cpu / key.n / (jwt.cpu / jwt.n);
writeFragment(
  "auth-cost",
  `## What a request costs Medusa, by credential

${rounds} sequential \`GET /admin/regions?limit=1&fields=id\` per credential against the sandbox at ${url}, the two
alternating in blocks of ${BLOCK}. "Medusa CPU" is the server process's own CPU time per request; the client's is not
counted. Medusa checks a secret API key by hashing it with scrypt on every request; a JWT is only verified.

| credential | Medusa CPU ms / request | wall ms / request |
| --- | ---: | ---: |
${rows.join("\n")}

A request with the secret key costs Medusa ${ratio.toFixed(1)}× the CPU of the same request with a JWT. For scripts that
send many requests (an on-call session, a large \`orders batch\`), \`medusactl login\` (a JWT) spares the server that
work; the test suites use the sandbox admin user's JWT for the same reason.

Produced by \`node bench/auth-cost.mjs --rounds ${rounds}\`.`,
);
console.error(`secret key ${((key.cpu / key.n) * 1000).toFixed(1)} ms, JWT ${((jwt.cpu / jwt.n) * 1000).toFixed(1)} ms of Medusa CPU per request`);
