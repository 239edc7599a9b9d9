#!/usr/bin/env node
// The only place that touches process: signals become an AbortSignal, main()'s result the exit code.
import { isatty } from "node:tty";
import { main } from "../dist/cli/main.js";

const controller = new AbortController();
const stopNow = new AbortController();
let interrupts = 0;
const onSignal = (signal) => {
  interrupts += 1;
  if (interrupts > 1) {
    // A second Ctrl-C skips cleanup: listeners (a bulk job naming what was in flight) write
    // synchronously, then the process leaves.
    stopNow.abort(new Error(`received ${signal} again`));
    process.exit(130);
  }
  controller.abort(new Error(`received ${signal}`));
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);
// A reader that stopped early (`| head`) is not an error: leave quietly, as a shell tool does.
for (const s of [process.stdout, process.stderr]) s.on("error", (e) => (e.code === "EPIPE" ? process.exit(0) : undefined));

// stdin is opened only when a command reads it: creating the stream costs milliseconds at startup.
const io = {
  out: process.stdout,
  err: process.stderr,
  get in() {
    return process.stdin;
  },
  isStdoutTTY: Boolean(process.stdout.isTTY),
  isStderrTTY: Boolean(process.stderr.isTTY),
  isStdinTTY: isatty(0),
  env: process.env,
  columns: process.stdout.columns || 80,
};

// A password typed into --database-url would stay readable in `ps` for the whole run: the process
// title (which is what ps shows on Linux) is rewritten without it. Better still is
// MEDUSACTL_SANDBOX_DATABASE_URL, or PGPASSWORD / ~/.pgpass with a URL that has no password.
const argv = process.argv.slice(2);
if (argv.some((a) => a === "--database-url" || a.startsWith("--database-url="))) {
  const hide = (a) => a.replace(/^((?:--database-url=)?[a-z]+:\/\/[^:/@]*:)[^@]*@/i, "$1***@");
  process.title = ["medusactl", ...argv.map((a, i) => (argv[i - 1] === "--database-url" || a.startsWith("--database-url=") ? hide(a) : a))].join(" ");
}

const code = await main(argv, io, controller.signal, stopNow.signal);
// Flush pending writes to pipes before leaving.
const drain = (s) => new Promise((r) => (s.writableNeedDrain ? s.once("drain", r) : r()));
await Promise.all([drain(process.stdout), drain(process.stderr)]);
process.exit(code);
