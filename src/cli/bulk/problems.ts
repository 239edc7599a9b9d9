/**
 * Problems found while validating a bulk file, all collected before anything is written, and the
 * error that carries them: exit 2 (CONTRACT.md §3), printed by main() as one clear list.
 */
import { clipLine, UsageError } from "../../term/errors.js";

export interface Problem {
  file: string;
  /** CSV record number (header = 1). */
  row?: number;
  /** Physical line where the record starts, when it differs from `row`. */
  line?: number;
  column?: string;
  message: string;
}

/** "row 5", or "row 5 (line 9)" when the record starts on another line than its number. */
export function rowLabel(row: number, line?: number): string {
  return line !== undefined && line !== row ? `row ${row} (line ${line})` : `row ${row}`;
}

/** Shown in the terminal; the rest are counted (all of them go to `--report`). */
const SHOWN = 50;

export class Problems {
  readonly list: Problem[] = [];

  add(p: Problem): void {
    this.list.push(p);
  }

  get size(): number {
    return this.list.length;
  }

  /** Throws a ValidationError when anything was found. */
  throwIfAny(): void {
    if (this.list.length) throw new ValidationError(this.list);
  }
}

export function formatProblem(p: Problem): string {
  const where = [p.file];
  if (p.row !== undefined) where.push(rowLabel(p.row, p.line));
  else if (p.line !== undefined) where.push(`line ${p.line}`);
  if (p.column) where.push(`column "${p.column}"`);
  return `${where.join(", ")}: ${clipLine(p.message)}`;
}

/** A file rejected by validation: nothing was written. Exit 2. */
export class ValidationError extends UsageError {
  override name = "ValidationError";
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    const sorted = [...problems].sort((a, b) => (a.row ?? a.line ?? 0) - (b.row ?? b.line ?? 0));
    const lines = sorted.slice(0, SHOWN).map((p) => `  ${formatProblem(p)}`);
    if (sorted.length > SHOWN) lines.push(`  … and ${sorted.length - SHOWN} more`);
    const n = sorted.length;
    super(`${n} problem${n === 1 ? "" : "s"} found, nothing was written:\n${lines.join("\n")}`);
    this.problems = sorted;
  }
}
