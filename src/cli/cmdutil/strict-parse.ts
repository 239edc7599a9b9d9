/**
 * Parse failures are input errors (docs/SECURITY.md): whatever a user or a file hands us — `--data`,
 * `--set`, a seed file — is refused with a usage error (exit 2) naming the place, never a crash in
 * our own code. The rules live here once:
 * - nesting deeper than {@link MAX_DEPTH} is refused (deep documents would overflow the stack of
 *   every recursive walk after the parse: validation, redaction, JSON.stringify);
 * - a JSON object that repeats a key is refused (JSON.parse would keep the last silently; YAML
 *   already refuses), naming the key and the line;
 * - keys that reach into JavaScript's object machinery (`__proto__`, and for `--set` paths also
 *   `constructor` and `prototype`) are refused.
 */

import { EXACT_DIGITS, decimalShape } from "../../shared/format.js";

/** Deepest nesting of objects and arrays accepted in any document we parse. */
export const MAX_DEPTH = 64;

/** Keys a `--set` path may not use: they reach Object.prototype. */
export const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** An input document we refuse; `where` is a line or a key path. */
export class InputShapeError extends Error {
  override name = "InputShapeError";
}

/**
 * JSON text to a value under the rules above. `label` names the input in messages
 * ("--data", "seed.json"). Syntax errors keep V8's words.
 */
export function parseJsonStrict(text: string, label: string): unknown {
  const problem = scanJson(text);
  if (problem) throw new InputShapeError(`${label}: ${problem}`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputShapeError(`${label} is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * One pass over JSON text without building it: the first nesting past MAX_DEPTH, repeated key
 * or `__proto__` key, with its line. Text that is not JSON passes here and fails in JSON.parse.
 */
export function scanJson(text: string): string | undefined {
  type Frame = { keys: Set<string> | undefined; expectKey: boolean };
  const stack: Frame[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ keys: c === 0x7b ? new Set() : undefined, expectKey: c === 0x7b });
      if (stack.length > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels at line ${line}`;
    } else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // A number literal: JSON.parse would silently round one a double cannot hold.
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (m) {
        const problem = inexactNumber(m[0]);
        if (problem) return `${problem} at line ${line}`;
        i += m[0].length - 1;
      }
    }
    else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === 0x22 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, j + 1)) as string;
        } catch {
          return undefined; // not JSON: JSON.parse says where
        }
        if (key === "__proto__") return `the key "__proto__" at line ${line} is not allowed`;
        if (top.keys.has(key)) return `the key ${JSON.stringify(shorten(key))} appears twice in one object (again at line ${line})`;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = j;
    }
  }
  return undefined;
}

/**
 * The key path of the first place a parsed value nests deeper than MAX_DEPTH, walking with an
 * explicit stack (no recursion, so the check itself cannot overflow); undefined when it does not.
 */
export function tooDeep(value: unknown, max = MAX_DEPTH): string | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: "", depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > max) return path || "(top)";
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]`, depth: depth + 1 }));
    else for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], path: path ? `${path}.${k}` : k, depth: depth + 1 });
  }
  return undefined;
}

/** A place for messages: long paths keep their start and end. */
export function shorten(s: string, max = 80): string {
  return s.length <= max ? s : `${s.slice(0, 40)}…${s.slice(-30)}`;
}

/**
 * Why a JSON number literal would not survive JSON.parse exactly (amounts are exact or refused):
 * more than 15 significant digits, or an exponent. Undefined when it is safe.
 */
export function inexactNumber(literal: string): string | undefined {
  if (/[eE]/.test(literal)) {
    const n = Number(literal);
    // 1e3 is fine; 1e-9 or 1e20 as amounts are what this rule is about.
    if (!Number.isSafeInteger(n)) return `the number ${literal} cannot be stored exactly (write it out, or quote it as a string)`;
    return undefined;
  }
  const shape = decimalShape(literal);
  if (shape && shape.significant > EXACT_DIGITS) return `the number ${shorten(literal, 40)} has ${shape.significant} significant digits; at most ${EXACT_DIGITS} can be stored exactly (quote it to send a string)`;
  return undefined;
}
