#!/usr/bin/env node
// Where a command's CPU goes, by kind of process: runs the command (e.g. `npm test`) and reads
// /proc every 250 ms meanwhile, adding up the own CPU time (utime + stime) of every process seen
// (Medusa servers, PostgreSQL, Chromium, vitest workers, medusactl processes the tests start…).
// Processes that live under 250 ms are missed; the machine's busy total (from /proc/stat) shows how
// much. Linux only. The 2-core machine is shared: read the shares, not the seconds.
// Usage: node bench/cpu-by-process.mjs [--name NAME] -- COMMAND [ARGS…]
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { writeFragment } from "./lib/measure.mjs";

const sep = process.argv.indexOf("--");
const cmd = sep >= 0 ? process.argv.slice(sep + 1) : [];
const nameAt = process.argv.indexOf("--name");
const name = nameAt >= 0 && nameAt < sep ? process.argv[nameAt + 1] : "cpu-by-process";
if (!cmd.length) {
  // bench/run.mjs runs every script without arguments: this one measures only a command it is given.
  console.error("cpu-by-process: skipped (usage: node bench/cpu-by-process.mjs [--name NAME] -- COMMAND [ARGS…])");
  process.exit(0);
}
const HZ = 100; // USER_HZ, the unit of /proc/<pid>/stat times on Linux

function kind(cmdline, comm) {
  if (cmdline.includes("@medusajs/cli/cli.js start")) return "Medusa servers";
  if (cmdline.includes("@medusajs/cli/cli.js")) return "Medusa's other commands (migrate, seed)";
  if (comm === "postgres") return "PostgreSQL";
  if (comm.startsWith("chrom") || cmdline.includes("chromium")) return "Chromium";
  if (cmdline.includes("vitest/dist/workers")) return "vitest workers";
  if (cmdline.includes("vitest")) return "vitest's main process";
  if (cmdline.includes("bin/medusactl.js")) return "medusactl processes";
  if (cmdline.includes("npm")) return "npm";
  if (comm === "tsc" || cmdline.includes("/tsc ")) return "tsc";
  if (comm.startsWith("tmux")) return "tmux";
  return "other";
}

function machine() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

const seen = new Map();
let first = true;
function sample() {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const key = `${d}:${f[19]}`; // pid and start time: a reused pid is another process
      const ticks = Number(f[11]) + Number(f[12]);
      let e = seen.get(key);
      if (!e) {
        let cmdline = "";
        try {
          cmdline = readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ");
        } catch {}
        // What ran before the command started is not its work.
        e = { kind: kind(cmdline, comm), base: first ? ticks : 0, ticks };
        seen.set(key, e);
      }
      e.ticks = ticks;
    } catch {}
  }
  first = false;
}

const start = machine();
const started = Date.now();
sample();
const timer = setInterval(sample, 250);
const child = spawn(cmd[0], cmd.slice(1), { stdio: "inherit" });
child.on("close", (code) => {
  clearInterval(timer);
  sample();
  const end = machine();
  const busy = (end.busy - start.busy) / HZ;
  const available = (end.total - start.total) / HZ;
  const by = new Map();
  for (const e of seen.values()) by.set(e.kind, (by.get(e.kind) ?? 0) + (e.ticks - e.base) / HZ);
  const rows = [...by].filter(([, s]) => s >= 0.5).sort((a, b) => b[1] - a[1]);
  const counted = rows.reduce((a, [, s]) => a + s, 0);
  const pct = (s) => `${Math.round((100 * s) / busy)} %`;
  const md = `## CPU by kind of process: \`${cmd.join(" ")}\`

${new Date(started).toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${code}. The machine was busy ${busy.toFixed(0)} CPU-seconds of
${available.toFixed(0)} (${Math.round((100 * busy) / available)} %). Own CPU time of every process seen by a /proc sampler every 250 ms.

| kind | CPU-seconds | share of busy |
| --- | ---: | ---: |
${rows.map(([k, s]) => `| ${k} | ${s.toFixed(0)} | ${pct(s)} |`).join("\n")}
| not seen (processes under 250 ms, the kernel, other users of the machine) | ${(busy - counted).toFixed(0)} | ${pct(busy - counted)} |

Produced by \`node bench/cpu-by-process.mjs${name !== "cpu-by-process" ? ` --name ${name}` : ""} -- ${cmd.join(" ")}\`.
`;
  writeFragment(name, md);
  process.stderr.write(`\n${md}`);
  process.exit(code ?? 1);
});
