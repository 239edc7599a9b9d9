import { useState } from "react";
import { Box } from "ink";
import { Text } from "./text.js";
import { activeBindings, formatKeys, useOverlayInput } from "../hooks/use-keymap.js";
import type { Binding, ViewEntry } from "../types.js";
import type { Theme } from "../theme.js";
import { paletteEntries, paletteLines, wrapWords } from "./palette.js";
import { fit } from "./table.js";

export interface HelpProps {
  title: string;
  screenBindings: readonly Binding[];
  globalBindings: readonly Binding[];
  views: readonly ViewEntry[];
  readOnly: boolean;
  width: number;
  height: number;
  theme: Theme;
  onClose: () => void;
}

type Line = { text: string; bold?: boolean };

/** A binding as lines: its keys, then its help wrapped beside them (a hanging indent), never cut. */
function section(title: string, bindings: readonly Binding[], width: number): Line[] {
  const keyWidth = Math.min(Math.floor(width / 3), Math.max(...bindings.map((b) => formatKeys(b).length), 4) + 1);
  const out: Line[] = [{ text: title, bold: true }];
  for (const b of bindings) {
    const keys = formatKeys(b);
    // Keys longer than their column take a line of their own.
    const own = keys.length > keyWidth;
    if (own) out.push({ text: fit(keys, width).trimEnd() });
    wrapWords(b.help, width - keyWidth - 1).forEach((l, i) => out.push({ text: `${fit(i === 0 && !own ? keys : "", keyWidth)} ${l}` }));
  }
  return out;
}

/**
 * The help's rows at this width: one column, or two where the width allows (keys of this view on
 * the left; keys everywhere and the `:` names on the right). No row is wider than `width`.
 */
export function helpRows(p: Pick<HelpProps, "title" | "screenBindings" | "globalBindings" | "views" | "readOnly" | "width">): { rows: [Line | undefined, Line | undefined][]; two: boolean; colWidth: number } {
  const two = p.width >= 100;
  const colWidth = two ? Math.floor((p.width - 3) / 2) : p.width;
  const left = section(`${p.title} keys`, activeBindings(p.screenBindings, p.readOnly), colWidth);
  const views: Line[] = [{ text: "Views (:name)", bold: true }, ...paletteLines(paletteEntries(p.views), colWidth).map((l) => ({ text: l.text.trimEnd() }))];
  const right = [...section("Everywhere", activeBindings(p.globalBindings, p.readOnly), colWidth), { text: "" }, ...views];
  const rows: [Line | undefined, Line | undefined][] = [];
  if (two) for (let i = 0; i < Math.max(left.length, right.length); i++) rows.push([left[i], right[i]]);
  else for (const l of [...left, { text: "" }, ...right]) rows.push([l, undefined]);
  return { rows, two, colWidth };
}

/**
 * `?`: generated from the bindings the keys are dispatched by, after --read-only filtering, so it
 * cannot list a key that does nothing or miss one that does something.
 */
export function Help(p: HelpProps) {
  const [top, setTop] = useState(0);
  const { rows, two, colWidth } = helpRows(p);
  const body = p.height - 1;
  const maxTop = Math.max(0, rows.length - body);
  useOverlayInput((input, key) => {
    if (key.escape || input === "?" || input === "q") p.onClose();
    else if (input === "j" || key.downArrow) setTop((t) => Math.min(maxTop, t + 1));
    else if (input === "k" || key.upArrow) setTop((t) => Math.max(0, t - 1));
    else if (input === " " || key.pageDown) setTop((t) => Math.min(maxTop, t + body));
    else if (key.pageUp) setTop((t) => Math.max(0, t - body));
  });
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text color={p.theme.accent} bold wrap="truncate">
        Help{p.readOnly ? " — read-only: order actions are off" : ""}{maxTop > 0 ? " — j/k/space scroll" : ""} — esc or ? closes
      </Text>
      {rows.slice(top, top + body).map(([a, b], i) => (
        <Box key={i}>
          <Text bold={a?.bold} wrap="truncate">
            {fit(a?.text ?? "", colWidth)}
          </Text>
          {two ? (
            <Text bold={b?.bold} wrap="truncate">
              {"   "}
              {fit(b?.text ?? "", colWidth)}
            </Text>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
