import { describe, expect, it } from "vitest";
import { sanitize, sanitizeValue } from "../../src/term/sanitize.js";

describe("sanitize: text from the shop on a terminal", () => {
  it.each([
    ["an OSC title change", "Shirt\u001b]0;pwned\u0007", "Shirt\\x1b]0;pwned\\x07"],
    ["a CSI screen clear", "\u001b[2J\u001b[HTee", "\\x1b[2J\\x1b[HTee"],
    ["an OSC 52 clipboard write", "\u001b]52;c;ZWNobyBoaQ==\u001b\\", "\\x1b]52;c;ZWNobyBoaQ==\\x1b\\"],
    ["a C1 CSI (0x9b)", "a\u009b31mb", "a\\x9b31mb"],
    ["DEL and NUL", "a\u007fb\u0000c", "a\\x7fb\\x00c"],
    ["a bidi override", "invoice\u202Egpj.exe", "invoice\\u202egpj.exe"],
    ["bidi isolates and marks", "\u2066x\u2069\u200f", "\\u2066x\\u2069\\u200f"],
    ["zero-width space and BOM", "ad\u200bmin\ufeff", "ad\\u200bmin\\ufeff"],
    ["a carriage return that would overwrite the line", "ok\rEVIL", "ok\\rEVIL"],
    ["tabs and newlines in a one-line cell", "a\tb\nc", "a\\tb\\nc"],
    ["line and paragraph separators", "a\u2028b\u2029c", "a\\u2028b\\u2029c"],
  ])("makes %s visible", (_what, input, shown) => {
    expect(sanitize(input)).toBe(shown);
  });

  it("leaves ordinary text, accents, CJK and emoji alone (the same string, not a copy)", () => {
    const s = "Crème brûlée — 東京 👍 €19.99";
    expect(sanitize(s)).toBe(s);
  });

  it("keeps a zero-width joiner inside an emoji sequence but not between letters", () => {
    expect(sanitize("👨\u200d👩\u200d👧")).toBe("👨\u200d👩\u200d👧");
    expect(sanitize("ad\u200dmin")).toBe("ad\\u200dmin");
  });

  it("keeps newlines when asked (multi-line views) and still escapes the rest", () => {
    expect(sanitize("line 1\nline 2\u001b[31m\r", { newlines: true })).toBe("line 1\nline 2\\x1b[31m\\r");
  });

  it("turns any value into one safe line", () => {
    expect(sanitizeValue(undefined)).toBe("");
    expect(sanitizeValue(null)).toBe("");
    expect(sanitizeValue(42)).toBe("42");
    expect(sanitizeValue("x\u001by")).toBe("x\\x1by");
  });

  it("is stable when called twice (an escape is plain text)", () => {
    const once = sanitize("\u001b[0m\u202e");
    expect(sanitize(once)).toBe(once);
  });
});
