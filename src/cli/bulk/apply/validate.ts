/**
 * A small structural validator for seed files: every problem is collected with a path such as
 * `products[3].variants[1].prices[0].amount`, so one run lists them all (exit 2, nothing written).
 */
import { clipLine, quoteValue } from "../../../term/errors.js";

export type Rec = Record<string, unknown>;

export class Issues {
  readonly list: string[] = [];
  add(path: string, message: string): void {
    this.list.push(clipLine(path ? `${path}: ${message}` : message));
  }
  get ok(): boolean {
    return this.list.length === 0;
  }
}

export const at = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key);

const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "object" ? "a mapping" : `${typeof v} ${quoteValue(v)}`);

/** A field check: returns the cleaned value, or undefined after recording an issue. */
export type Check<T = unknown> = (v: unknown, path: string, issues: Issues) => T | undefined;

export const str: Check<string> = (v, path, issues) => {
  if (typeof v === "string" && v.trim() !== "") return v;
  issues.add(path, typeof v === "string" ? "must not be empty" : `expected text, got ${typeName(v)}`);
  return undefined;
};

/** Text or null (null clears the field). */
export const strOrNull: Check<string | null> = (v, path, issues) => (v === null ? null : str(v, path, issues));

export const num: Check<number> = (v, path, issues) => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  issues.add(path, `expected a number, got ${typeName(v)}`);
  return undefined;
};

export const nonNegative: Check<number> = (v, path, issues) => {
  const n = num(v, path, issues);
  if (n !== undefined && n < 0) {
    issues.add(path, "must not be negative");
    return undefined;
  }
  return n;
};

export const int: Check<number> = (v, path, issues) => {
  const n = num(v, path, issues);
  if (n !== undefined && !Number.isInteger(n)) {
    issues.add(path, "expected a whole number");
    return undefined;
  }
  return n;
};

export const bool: Check<boolean> = (v, path, issues) => {
  if (typeof v === "boolean") return v;
  issues.add(path, `expected true or false, got ${typeName(v)}`);
  return undefined;
};

export const mapping: Check<Rec> = (v, path, issues) => {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) return v as Rec;
  issues.add(path, `expected a mapping, got ${typeName(v)}`);
  return undefined;
};

export const oneOf =
  <T extends string>(...values: T[]): Check<T> =>
  (v, path, issues) => {
    if (typeof v === "string" && (values as string[]).includes(v)) return v as T;
    issues.add(path, `expected one of ${values.join(", ")}, got ${typeName(v)}`);
    return undefined;
  };

/** ISO 4217 codes, lower-cased as Medusa stores them. */
export const currency: Check<string> = (v, path, issues) => {
  if (typeof v === "string" && /^[a-zA-Z]{3}$/.test(v)) return v.toLowerCase();
  issues.add(path, `expected a 3-letter currency code, got ${typeName(v)}`);
  return undefined;
};

/** ISO 3166-1 alpha-2, lower-cased. */
export const country: Check<string> = (v, path, issues) => {
  if (typeof v === "string" && /^[a-zA-Z]{2}$/.test(v)) return v.toLowerCase();
  issues.add(path, `expected a 2-letter country code, got ${typeName(v)}`);
  return undefined;
};

/** ISO 8601 date or date-time. */
export const date: Check<string | null> = (v, path, issues) => {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  issues.add(path, `expected a date such as 2025-06-01 or 2025-06-01T00:00:00Z, got ${typeName(v)}`);
  return undefined;
};

export const list =
  <T>(item: Check<T>, opts: { nonEmpty?: boolean } = {}): Check<T[]> =>
  (v, path, issues) => {
    if (!Array.isArray(v)) {
      issues.add(path, `expected a list, got ${typeName(v)}`);
      return undefined;
    }
    if (opts.nonEmpty && v.length === 0) issues.add(path, "must not be empty");
    const out: T[] = [];
    v.forEach((x, i) => {
      const r = item(x, at(path, i), issues);
      if (r !== undefined) out.push(r);
    });
    return out;
  };

export const strList = list(str);

export interface Field<T = unknown> {
  check: Check<T>;
  required?: boolean;
}

export const req = <T>(check: Check<T>): Field<T> => ({ check, required: true });
export const opt = <T>(check: Check<T>): Field<T> => ({ check });

/**
 * Checks a mapping against its fields: unknown keys are errors (a typo must not be silently
 * ignored), missing required ones too. Returns only the keys that were present and valid.
 */
export function shape(v: unknown, path: string, issues: Issues, fields: Record<string, Field>): Rec | undefined {
  const m = mapping(v, path, issues);
  if (!m) return undefined;
  const out: Rec = {};
  for (const key of Object.keys(m)) {
    if (!(key in fields)) {
      issues.add(at(path, key), `unknown field (expected one of ${Object.keys(fields).join(", ")})`);
    }
  }
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in m) || m[key] === undefined) {
      if (field.required) issues.add(at(path, key), "required");
      continue;
    }
    const r = field.check(m[key], at(path, key), issues);
    if (r !== undefined) out[key] = r;
  }
  return out;
}

export const shapeOf =
  (fields: Record<string, Field>): Check<Rec> =>
  (v, path, issues) =>
    shape(v, path, issues, fields);

/** A free-form JSON object (metadata, provider data). */
export const json: Check<Rec> = mapping;
