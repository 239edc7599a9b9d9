#!/usr/bin/env node
// `medusactl tui` speed (issue 7): launch → first rendered order list, and key press → redrawn
// frame. The real binary runs in a pseudo-terminal (util-linux `script`) at 80x24 against the
// back-end in MEDUSA_URL / MEDUSA_API_KEY; times are taken from the bytes the TUI writes.
// Usage: MEDUSA_URL=… MEDUSA_API_KEY=… node bench/tui.mjs [--launches N] [--keys N] [--note "text"] [--compare <old bin/medusactl.js>]
//   --compare launches another build too (e.g. the previous commit's, built into /tmp), alternating with this one.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const BIN = path.join(root, "bin/medusactl.js");
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const launches = Number(arg("--launches", 9));
const keys = Number(arg("--keys", 40));
const note = arg("--note", "");
const compare = arg("--compare", undefined);

if (!existsSync(path.join(root, "dist/cli/main.js"))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(1);
}
if (!process.env.MEDUSA_URL || !process.env.MEDUSA_API_KEY) {
  console.error("set MEDUSA_URL and MEDUSA_API_KEY (e.g. eval \"$(medusactl sandbox up --shell)\")");
  process.exit(1);
}
if (spawnSync("script", ["--version"], { stdio: "ignore" }).status !== 0) {
  console.error("util-linux `script` is needed for a pseudo-terminal");
  process.exit(1);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms) => ms.toFixed(1);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const strip = (s) => s.replace(/\u001b\[[0-9;?<>=]*[ -/]*[@-~]/g, "");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const env = { ...process.env, MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-bench-tui-")), TERM: "xterm-256color" };
// Ink draws nothing live when it thinks it runs in CI.
delete env.CI;
delete env.CONTINUOUS_INTEGRATION;

/** The TUI in a pty: output as it arrives, keys written to it. */
function startTui(args = [], bin = BIN) {
  const cmd = `stty rows 24 cols 80; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} tui ${args.join(" ")}`;
  const started = now();
  const child = spawn("script", ["-qfec", cmd, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] });
  const s = { child, started, out: "", chunks: [], exited: new Promise((r) => child.on("close", r)) };
  child.stdout.on("data", (d) => {
    s.out += d.toString();
    s.chunks.push({ at: now(), text: d.toString() });
  });
  return s;
}

async function until(s, test, timeoutMs = 30_000) {
  const t0 = now();
  for (;;) {
    const hit = s.chunks.find((c) => test(c, s));
    if (hit) return hit;
    if (now() - t0 > timeoutMs) throw new Error(`timed out; last screen:\n${strip(s.out).slice(-2000)}`);
    await sleep(2);
  }
}

const ROW = /> #\d+/;

async function count() {
  const res = await fetch(`${process.env.MEDUSA_URL}/admin/orders?limit=1&fields=id`, {
    headers: { authorization: `Basic ${Buffer.from(`${process.env.MEDUSA_API_KEY}:`).toString("base64")}` },
  });
  return (await res.json()).count;
}

const orders = await count();

// 1. Launch → first frame with an order row (the selection marker), then q.
const launch = [];
const launchBefore = [];
// Ink's own frame, which answers keys: after the painted first frame, the TUI moves back over it (ERASE) and Ink draws.
const interactive = [];
const interactiveBefore = [];
const ERASE = "\u001b[23A\r\u001b[0J";
for (let i = 0; i <= launches; i++) {
  // With --compare the two builds alternate, each starting first every other time.
  const order = compare ? (i % 2 ? [compare, BIN] : [BIN, compare]) : [BIN];
  for (const bin of order) {
    const s = startTui(["--refresh", "3600"], bin);
    const hit = await until(s, (c, st) => ROW.test(strip(st.chunks.slice(0, st.chunks.indexOf(c) + 1).map((x) => x.text).join(""))));
    let ink = hit;
    if (bin === BIN) {
      // The erase comes once Ink has loaded; without a painted frame (Ink first) there is none, and the first row is Ink's.
      const erased = await until(s, (c, st) => st.chunks.slice(0, st.chunks.indexOf(c) + 1).map((x) => x.text).join("").includes(ERASE), 10_000).catch(() => undefined);
      if (erased) ink = await until(s, (c, st) => ROW.test(strip(st.chunks.slice(0, st.chunks.indexOf(c) + 1).map((x) => x.text).join("").split(ERASE)[1] ?? "")));
    }
    if (i > 0) (bin === BIN ? launch : launchBefore).push(hit.at - s.started); // the first launch warms the page cache
    if (i > 0) (bin === BIN ? interactive : interactiveBefore).push(ink.at - s.started);
    s.child.stdin.write("q");
    await s.exited;
  }
}

// 2. Key → redrawn frame: one session, a key at a time after the screen settles.
const s = startTui(["--refresh", "3600"]);
await until(s, (c, st) => ROW.test(strip(st.chunks.slice(0, st.chunks.indexOf(c) + 1).map((x) => x.text).join(""))));
await sleep(1500);
const moves = [];
for (let i = 0; i < keys; i++) {
  const n = s.chunks.length;
  const t = now();
  s.child.stdin.write(i % 10 < 5 ? "j" : "k");
  const hit = await until(s, (c, st) => st.chunks.indexOf(c) >= n);
  moves.push(hit.at - t);
  await sleep(120);
}
// A jump to the last order: the frame comes at once (rows still loading show "…"), then the page.
const jumps = [];
const pages = [];
for (let i = 0; i < 5; i++) {
  for (const key of ["G", "g"]) {
    const n = s.chunks.length;
    const t = now();
    s.child.stdin.write(key);
    const first = await until(s, (c, st) => st.chunks.indexOf(c) >= n);
    jumps.push(first.at - t);
    // The selected row reads "> …" until its page arrives, then "> #123".
    const loaded = await until(s, (c, st) => {
      const i = st.chunks.indexOf(c);
      return i >= n && ROW.test(strip(st.chunks.slice(n, i + 1).map((x) => x.text).join("")));
    });
    pages.push(loaded.at - t);
    await sleep(300);
  }
}
s.child.stdin.write("q");
await s.exited;

// Node's own start in the same pty, for a ratio that machine noise affects alike.
const floor = [];
for (let i = 0; i < 5; i++) {
  const t = now();
  spawnSync("script", ["-qfec", `exec ${JSON.stringify(process.execPath)} -e ''`, "/dev/null"], { env, stdio: "ignore" });
  floor.push(now() - t);
}

const row = (name, xs, goal) =>
  `| ${name} | ${xs.length} | ${fmt(median(xs))} | ${fmt(pct(xs, 95))} | ${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))} | ${goal} |`;
const verdict = [
  `first list ${pct(launch, 95) < 500 ? "meets" : "misses"} the 500 ms p95 goal (median ${fmt(median(launch))} ms, p95 ${fmt(pct(launch, 95))} ms)`,
  `key to frame ${median(moves) < 50 ? "meets" : "misses"} the 50 ms goal (median ${fmt(median(moves))} ms, p95 ${fmt(pct(moves, 95))} ms)`,
].join("; ");
const md = `## TUI: first list and key to frame

\`medusactl tui\` (the built binary) in a pseudo-terminal (\`script\`, 80x24) against ${process.env.MEDUSA_URL} with
**${orders.toLocaleString("en-US")} orders**. ${note}

| measurement | n | median ms | p95 ms | range ms | goal |
| --- | --- | --- | --- | --- | --- |
${row("launch → first order list drawn", launch, "p95 < 500")}${compare ? `\n${row(`launch → first order list drawn, before (\`${compare}\`, alternating)`, launchBefore, "—")}` : ""}
${row("launch → Ink's frame drawn (keys answered)", interactive, "—")}${compare ? `\n${row("launch → Ink's frame drawn, before (the same as its first list)", interactiveBefore, "—")}` : ""}
${row("j/k → redrawn frame", moves, "< 50")}
${row("G/g (jump 1st ↔ last order) → redrawn frame", jumps, "< 50")}
${row("G/g → rows of that page drawn (one page read)", pages, "—")}
${row("\`node -e ''\` in the same pty (floor)", floor, "—")}

Result: ${verdict}. Launch is ${(median(launch) / median(floor)).toFixed(1)}× the Node floor measured in the same run.
Launch = spawn to the first output that contains the selected order row: the CLI and SDK load, one
\`GET /admin/orders\` of 25 rows with the list fields goes out while React and Ink load, and the page is painted as
plain text the moment it arrives (src/tui/first-frame.ts); Ink's first frame then replaces it in place.
Key to frame = the key written to the pty to the first byte of the next frame (Ink redraws only on change; live
refresh was set to 1 h so no poll interleaves). The first launch of each run is a warm-up and not counted.

Produced by \`MEDUSA_URL=… MEDUSA_API_KEY=… node bench/tui.mjs --launches ${launches} --keys ${keys}${compare ? ` --compare ${compare}` : ""}\` (after \`npm run build\`).
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/tui.md"), md);
process.stdout.write(md);
