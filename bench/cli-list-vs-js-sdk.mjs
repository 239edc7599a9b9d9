#!/usr/bin/env node
// One-shot `medusactl products list --limit 1 --json` against a plain Node script doing the same call
// with @medusajs/js-sdk (bench/lib/js-sdk-list.mjs), both against the local sandbox with its secret
// key (issue 4: the CLI must be no slower). Paired, interleaved rounds in a random order per round.
// Usage: node bench/cli-list-vs-js-sdk.mjs [--rounds N]   (default 30; MEDUSACTL_BENCH_ROUNDS)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { BIN, fmt, median, range, root, roundsOption, shuffle, timeAsync, writeFragment } from "./lib/measure.mjs";

const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 30);
const node = process.execPath;

// The sandbox's URL and secret key, as CI gets them (starts the sandbox if it is not running).
const up = spawnSync(node, [BIN, "sandbox", "up", "--env"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
if (up.status !== 0) {
  console.error("`medusactl sandbox up --env` failed; the benchmark needs the local back-end");
  process.exit(1);
}
const sandbox = Object.fromEntries(up.stdout.trim().split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
// Only the URL and the key: no profile is read, no MEDUSA_TOKEN or proxy variables change the path.
const env = { PATH: process.env.PATH, HOME: process.env.HOME, MEDUSA_URL: sandbox.MEDUSA_URL, MEDUSA_API_KEY: sandbox.MEDUSA_API_KEY, MEDUSACTL_CONFIG_DIR: path.join(root, ".tmp", "bench-no-config") };

const cases = [
  { name: "medusactl products list --limit 1 --json", args: [BIN, "products", "list", "--limit", "1", "--json"] },
  { name: "node + @medusajs/js-sdk (same call)", args: [path.join(root, "bench/lib/js-sdk-list.mjs")] },
];
const [cli, js] = cases.map((c) => c.name);

// Warm-up: the server's first request of a route is slower; both answer the same product.
const first = await Promise.all(cases.map((c) => timeAsync(node, c.args, { env, cwd: root })));
const ids = first.map((r) => JSON.parse(r.stdout)[0]?.id);
if (!ids[0] || ids[0] !== ids[1]) throw new Error(`the two commands disagree: ${ids.join(" vs ")}`);

const times = { [cli]: [], [js]: [] };
const ratios = [];
for (let r = 0; r < rounds; r++) {
  const round = {};
  for (const c of shuffle([...cases])) round[c.name] = (await timeAsync(node, c.args, { env, cwd: root })).ms;
  times[cli].push(round[cli]);
  times[js].push(round[js]);
  ratios.push(round[cli] / round[js]);
}

const row = (name) => {
  const [lo, hi] = range(times[name]);
  return `| ${name === cli ? `\`${cli}\`` : name} | ${fmt(median(times[name]))} | ${fmt(lo)}–${fmt(hi)} |`;
};
const ratio = median(ratios);
const [rlo, rhi] = range(ratios);
const md = `## One-shot list: medusactl vs a js-sdk script

Wall time of a child process, ${rounds} rounds after one warm-up; each round runs both in a random order against the
sandbox at ${sandbox.MEDUSA_URL} (secret API key from \`medusactl sandbox up --env\`, passed as MEDUSA_URL and
MEDUSA_API_KEY to both). The js-sdk side is \`bench/lib/js-sdk-list.mjs\`: \`sdk.admin.product.list({ limit: 1 })\`,
printed as JSON. Both print the same product.

| command | median ms | range ms |
| --- | --- | --- |
${row(cli)}
${row(js)}

Paired ratio medusactl / js-sdk script: median ${ratio.toFixed(2)}× (range ${rlo.toFixed(2)}–${rhi.toFixed(2)}).
Result: medusactl is ${ratio <= 1 ? "no slower than" : "slower than"} the js-sdk script (budget: at most 1.00×).

Produced by \`node bench/cli-list-vs-js-sdk.mjs --rounds ${rounds}\` (after \`npm run build\`).
`;
const file = writeFragment("cli-list-vs-js-sdk", md);
process.stdout.write(md);
console.error(`wrote ${file}`);
