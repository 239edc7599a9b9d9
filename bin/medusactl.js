#!/usr/bin/env node
// The only place that touches process: signals become an AbortSignal, main()'s result the exit code.
import { isatty } from "node:tty";
import { main } from "../dist/cli/main.js";

const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal) => {
  interrupts += 1;
  // A second Ctrl-C skips cleanup.
  if (interrupts > 1) process.exit(130);
  controller.abort(new Error(`received ${signal}`));
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

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

const code = await main(process.argv.slice(2), io, controller.signal);
// Flush pending writes to pipes before leaving.
const drain = (s) => new Promise((r) => (s.writableNeedDrain ? s.once("drain", r) : r()));
await Promise.all([drain(process.stdout), drain(process.stderr)]);
process.exit(code);
