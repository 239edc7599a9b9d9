import { Box } from "ink";
import { Text } from "./text.js";
import { sanitize } from "../../term/sanitize.js";

export interface Segment {
  text: string;
  color?: string;
  bold?: boolean;
}

/** One line of a scrolling view: segments that keep their own colour. */
export type Line = Segment[];

export function line(...parts: (Segment | string)[]): Line {
  return parts.map((p) => (typeof p === "string" ? { text: p } : p));
}

/** Shows `height` lines from `top`; each line is cut to the width, never wrapped (ink#359). */
export function ScrollView({ lines, top, height, width }: { lines: readonly Line[]; top: number; height: number; width: number }) {
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate">
          {l.length === 0
            ? " "
            : l.map((s, j) => (
                <Text key={j} color={s.color} bold={s.bold}>
                  {/* One view line is one terminal line: a line break inside shop text (an address holding \r\n) is shown, not followed. */}
                  {sanitize(s.text)}
                </Text>
              ))}
        </Text>
      ))}
    </Box>
  );
}

/** Scroll position after a key, kept inside [0, lines - height]. */
export function scrollTo(top: number, lines: number, height: number): number {
  return Math.max(0, Math.min(Math.max(0, lines - height), top));
}

/** Key handlers that scroll a view of `lines` lines through a window `height` tall (shared by the detail screens). */
export function scrollHandlers(setTop: (update: (top: number) => number) => void, lines: number, height: number) {
  const scroll = (by: (top: number) => number) => setTop((t) => scrollTo(by(t), lines, height));
  return {
    down: () => scroll((t) => t + 1),
    up: () => scroll((t) => t - 1),
    pageDown: () => scroll((t) => t + height),
    pageUp: () => scroll((t) => t - height),
    first: () => scroll(() => 0),
    last: () => scroll(() => lines),
  };
}
