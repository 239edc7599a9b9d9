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
 * embeddings, overrides, isolates), zero-width characters, the line and paragraph separators and
 * the BOM.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

const EMOJI = /\p{Extended_Pictographic}/u;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
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
    return visible(ch);
  });
}

/** Any value as safe single-line terminal text (null and undefined as ""). */
export function sanitizeValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  return sanitize(typeof value === "string" ? value : String(value));
}
