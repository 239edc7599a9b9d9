import { UsageError } from "../../term/errors.js";
import type { IOStreams } from "../../term/io.js";
import { readStdinText, readTextFile } from "./input-file.js";

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
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${where === "--data" ? "--data" : `--data ${where === "stdin" ? "(stdin)" : where}`} is not valid JSON: ${(e as Error).message}`);
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
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    const parts = key.split(".");
    let obj: Record<string, unknown> = target;
    for (const p of parts.slice(0, -1)) {
      if (typeof obj[p] !== "object" || obj[p] === null || Array.isArray(obj[p])) obj[p] = {};
      obj = obj[p] as Record<string, unknown>;
    }
    obj[parts[parts.length - 1]!] = value;
  }
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
