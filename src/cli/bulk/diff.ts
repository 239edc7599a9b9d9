/**
 * What a dry run shows per changed field (like `kubectl diff`): the field, its value in the store
 * and the value the file would write — and a flag when the store's value changed after the file
 * was saved, i.e. the write would undo a more recent change (this morning's price sheet, undone by
 * yesterday's export). One shape and one wording for `products import`, `prices apply`,
 * `inventory apply` and `customers import`.
 */
import { stat } from "node:fs/promises";
import { formatDate } from "../../shared/format.js";
import { sanitize } from "../../term/sanitize.js";

export interface FieldDiff {
  field: string;
  old?: unknown;
  new?: unknown;
  /** When the store's value changed after the file was saved (ISO time): the write would undo that change. */
  newer?: string;
}

/** Collects the changed fields of one record, with their values. */
export class Changes {
  readonly names: string[] = [];
  readonly diff: FieldDiff[] = [];

  /** `since`: the file's modification time (ms); a store value changed later is flagged. */
  constructor(private readonly since?: number) {}

  add(field: string, old: unknown, value: unknown, changedAt?: unknown): void {
    this.names.push(field);
    this.diff.push(fieldDiff(field, old, value, changedAt, this.since));
  }
}

/** One changed field; `newer` is set when `changedAt` (the store's) is later than `since` (the file's). */
export function fieldDiff(field: string, old: unknown, value: unknown, changedAt: unknown, since: number | undefined): FieldDiff {
  const d: FieldDiff = { field, old: old ?? null, new: value };
  const at = typeof changedAt === "string" ? Date.parse(changedAt) : changedAt instanceof Date ? changedAt.getTime() : NaN;
  if (since !== undefined && Number.isFinite(at) && at > since) d.newer = new Date(at).toISOString();
  return d;
}

/** A value as one short, printable piece of text: strings quoted, lists and objects compact, long ones cut. */
export function valueText(v: unknown, max = 80): string {
  if (v === undefined || v === null || v === "") return "(none)";
  const text = typeof v === "string" ? JSON.stringify(v) : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return sanitize(cut);
}

/** `title: "Old" → "New"`, and when it undoes a later change in the store, says so. */
export function diffText(d: FieldDiff): string {
  const base = `${sanitize(d.field)}: ${valueText(d.old)} → ${valueText(d.new)}`;
  return d.newer ? `${base} (undoes a change made in the store at ${formatDate(d.newer)} UTC, after the file was saved)` : base;
}

/** The file's modification time (ms), the moment it was saved; undefined for stdin. */
export async function savedAt(file: string): Promise<number | undefined> {
  if (file === "-") return undefined;
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The summary line about flagged changes, or undefined when there are none. */
export function newerSummary(count: number, file: string, since: number | undefined): string | undefined {
  if (!count || since === undefined) return undefined;
  return `${count} change${count === 1 ? "" : "s"} would undo a change the store got after ${sanitize(file)} was saved (${formatDate(new Date(since))} UTC): check the file is the latest`;
}
