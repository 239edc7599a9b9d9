import { sanitize } from "../term/sanitize.js";

/**
 * The text as it may travel to the clipboard: shop data is hostile, so nothing but printable
 * characters, and no more than an id needs.
 */
export function clipboardText(text: string): string {
  return sanitize(text).replace(/[^\x20-\x7e]/g, "").slice(0, 200);
}

/**
 * OSC 52 ("set the clipboard to this base64"), ended with BEL, which more terminals accept than
 * ST. Inside tmux the plain sequence reaches the clipboard only with `set-clipboard on`; a second
 * copy wrapped for DCS passthrough (tmux `allow-passthrough on`) gets through to the outer
 * terminal otherwise. tmux drops what it does not allow, so sending both costs nothing.
 */
export function osc52(text: string, opts: { tmux?: boolean } = {}): string {
  const seq = `\x1b]52;c;${Buffer.from(clipboardText(text), "utf8").toString("base64")}\x07`;
  return opts.tmux ? `${seq}\x1bPtmux;${seq.replace(/\x1b/g, "\x1b\x1b")}\x1b\\` : seq;
}
