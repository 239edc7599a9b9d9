/**
 * The one sanitiser for text that reaches a terminal. Shop data (titles, names, notes) and server
 * messages are written by strangers: an ESC or C1 byte starts a control sequence (retitle the
 * window, move the cursor, repaint the screen, OSC 52 clipboard writes), bidi overrides reorder
 * what the reader sees, zero-width characters hide text. Each such character is shown as a
 * visible escape (`\x1b`, `\u202e`) instead, so the operator sees that it is there and nothing
 * runs. Machine formats (`--json`, ndjson, csv) never go through this: they stay exact.
 */

/**
 * C0 controls (except those `keep` allows), DEL, C1 controls, the bidi controls (LRM, RLM, ALM,
 * embeddings, overrides, isolates), zero-width and other invisible characters (soft hyphen,
 * combining grapheme joiner, Hangul fillers, Khmer inherent vowels, invisible operators,
 * deprecated format controls, interlinear annotations, musical format controls), the line and
 * paragraph separators, the BOM, and the Unicode tag characters U+E0000–U+E007F, which render as
 * nothing yet carry text (hidden prompts, smuggled data).
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}]/gu;

/** 🏴 (U+1F3F4): the one base a run of tag characters legitimately follows (the flags of England, Scotland, Wales). */
const BLACK_FLAG = 0x1f3f4;

/** True when the tag character at `at` belongs to a flag sequence: tags back to a 🏴. */
function inFlagSequence(text: string, at: number): boolean {
  let i = at;
  while (i >= 2) {
    const cp = text.codePointAt(i - 2)!;
    if (cp >= 0xe0000 && cp <= 0xe007f) i -= 2;
    else return cp === BLACK_FLAG;
  }
  return false;
}

const EMOJI = /\p{Extended_Pictographic}/u;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.codePointAt(0)!;
  if (code > 0xffff) return `\\u{${code.toString(16)}}`;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

export interface SanitizeOptions {
  /** Keep line breaks (`\n`) as they are: for multi-line views (notes, error bodies). Tabs and CR are always escaped. */
  newlines?: boolean;
}

/** `text` with every control, bidi and invisible character replaced by a visible escape. */
export function sanitize(text: string, opts: SanitizeOptions = {}): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  UNSAFE.lastIndex = 0;
  return text.replace(UNSAFE, (ch, at: number) => {
    if (opts.newlines && ch === "\n") return ch;
    // A zero-width joiner between two emoji builds one glyph (a family, a flag); it hides nothing.
    if (ch === "\u200d" && EMOJI.test(text.slice(Math.max(0, at - 2), at)) && EMOJI.test(text.slice(at + 1, at + 3))) return ch;
    if (ch.length === 2 && inFlagSequence(text, at)) return ch;
    return visible(ch);
  });
}

/**
 * A copy of `value` (an API record) with every string made safe single-line terminal text: for
 * views that lay fields out in lines and columns (`orders show`), where a field's own line break
 * would forge a line of the view. Deeper than 64 levels is left as it is (views never go there).
 */
export function sanitizeFields<T>(value: T, depth = 0): T {
  if (typeof value === "string") return sanitize(value) as T;
  if (value === null || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => sanitizeFields(v, depth + 1)) as T;
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = sanitizeFields((value as Record<string, unknown>)[k], depth + 1);
  return out as T;
}

/** Any value as safe single-line terminal text (null and undefined as ""). */
export function sanitizeValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  return sanitize(typeof value === "string" ? value : String(value));
}
