import { UsageError } from "../../term/errors.js";
import type { IOStreams } from "../../term/io.js";
import { readStdinText, readTextFile } from "./input-file.js";
import { MAX_DEPTH, UNSAFE_KEYS, parseJsonStrict, scanJson, shorten, tooDeep } from "./strict-parse.js";

/** `--data <json | @file | ->`: a JSON document from the flag, a file or stdin. */
export async function readData(io: IOStreams, data: string | undefined): Promise<unknown> {
  if (data === undefined) return undefined;
  let text: string;
  let where: string;
  if (data === "-") {
    text = await readStdinText(io, { label: "--data (stdin)" });
    where = "stdin";
  } else if (data.startsWith("@")) {
    where = data.slice(1);
    text = await readTextFile(where, { flag: "--data" });
  } else {
    text = data;
    where = "--data";
  }
  try {
    return parseJsonStrict(text, where === "--data" ? "--data" : `--data ${where === "stdin" ? "(stdin)" : where}`);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** `--set key=value`: dotted keys nest; values are JSON-typed (250, true, null), else strings. */
export function applySets(target: Record<string, unknown>, sets: string[]): Record<string, unknown> {
  for (const s of sets) {
    const eq = s.indexOf("=");
    if (eq <= 0) throw new UsageError(`--set "${s}": expected key=value`);
    const key = s.slice(0, eq);
    const raw = s.slice(eq + 1);
    let value: unknown = raw;
    const valueProblem = /^[\s[{"\-\d]/.test(raw) ? scanJson(raw) : undefined;
    if (valueProblem) throw new UsageError(`--set ${shorten(key)}: ${valueProblem}`);
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    const parts = key.split(".");
    // `__proto__.x=1` would write into Object.prototype: every object in the process.
    const bad = parts.find((p) => UNSAFE_KEYS.has(p));
    if (bad !== undefined) throw new UsageError(`--set ${shorten(key)}: the key "${bad}" is not allowed`);
    if (parts.some((p) => p === "")) throw new UsageError(`--set ${shorten(key)}: empty key between dots`);
    if (parts.length > MAX_DEPTH) throw new UsageError(`--set ${shorten(key)}: nested deeper than ${MAX_DEPTH} levels`);
    let obj: Record<string, unknown> = target;
    for (const p of parts.slice(0, -1)) {
      if (!Object.prototype.hasOwnProperty.call(obj, p) || typeof obj[p] !== "object" || obj[p] === null || Array.isArray(obj[p])) obj[p] = {};
      obj = obj[p] as Record<string, unknown>;
    }
    obj[parts[parts.length - 1]!] = value;
  }
  const deep = tooDeep(target);
  if (deep) throw new UsageError(`the request body nests deeper than ${MAX_DEPTH} levels at ${shorten(deep)}`);
  return target;
}

/** The request body of create/update: `--data`, with `--set` applied over it. */
export async function readBody(io: IOStreams, opts: { data?: string; set?: string[] }): Promise<Record<string, unknown>> {
  const data = await readData(io, opts.data);
  if (data !== undefined && (typeof data !== "object" || data === null || Array.isArray(data))) {
    throw new UsageError("--data must be a JSON object");
  }
  return applySets({ ...((data as Record<string, unknown>) ?? {}) }, opts.set ?? []);
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--since 2026-11-01`, `--since 2026-11-01T10:00Z`, or a duration back from now: `30m`, `24h`, `7d`, `2w`. */
export function parseSince(value: string, now: number): string {
  const d = /^(\d+)\s*(m|min|h|d|w)$/i.exec(value.trim());
  if (d) {
    const unit = { m: 60, min: 60, h: 3600, d: 86400, w: 604800 }[d[2]!.toLowerCase() as "m"]!;
    return new Date(now - Number(d[1]) * unit * 1000).toISOString();
  }
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new UsageError(`--since "${value}": expected a date (2026-11-01) or a duration (30m, 24h, 7d, 2w)`);
  return new Date(t).toISOString();
}
