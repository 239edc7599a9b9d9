import { useState } from "react";
import { Box } from "ink";
import { Text } from "./text.js";
import { activeBindings, formatKeys, useOverlayInput, type Binding } from "../hooks/use-keymap.js";
import type { ViewEntry } from "../screens/registry.js";
import type { Theme } from "../theme.js";
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

function section(title: string, bindings: readonly Binding[], width: number): Line[] {
  const keyWidth = Math.min(18, Math.max(...bindings.map((b) => formatKeys(b).length), 4) + 1);
  return [{ text: title, bold: true }, ...bindings.map((b) => ({ text: fit(`${fit(formatKeys(b), keyWidth)} ${b.help}`, width) }))];
}

/**
 * `?`: generated from the bindings the keys are dispatched by, after --read-only filtering, so it
 * cannot list a key that does nothing or miss one that does something.
 */
export function Help(p: HelpProps) {
  const [top, setTop] = useState(0);
  // Two columns only where the help texts fit beside each other; else one column that scrolls.
  const two = p.width >= 120;
  const colWidth = two ? Math.floor((p.width - 3) / 2) : p.width;
  const left = section(`${p.title} keys`, activeBindings(p.screenBindings, p.readOnly), colWidth);
  const views: Line[] = [{ text: "Views (:name)", bold: true }, ...p.views.map((v) => ({ text: fit(`:${v.name}${v.aliases.length ? ` (${v.aliases.map((a) => `:${a}`).join(" ")})` : ""}`, colWidth) }))];
  const right = [...section("Everywhere", activeBindings(p.globalBindings, p.readOnly), colWidth), { text: "" }, ...views];
  const rows: [Line | undefined, Line | undefined][] = [];
  if (two) for (let i = 0; i < Math.max(left.length, right.length); i++) rows.push([left[i], right[i]]);
  else for (const l of [...left, { text: "" }, ...right]) rows.push([l, undefined]);
  const body = p.height - 1;
  const maxTop = Math.max(0, rows.length - body);
  useOverlayInput((input, key) => {
    if (key.escape || input === "?" || input === "q") p.onClose();
    else if (input === "j" || key.downArrow) setTop((t) => Math.min(maxTop, t + 1));
    else if (input === "k" || key.upArrow) setTop((t) => Math.max(0, t - 1));
  });
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text color={p.theme.accent} bold wrap="truncate">
        Help{p.readOnly ? " — read-only: order actions are off" : ""}{maxTop > 0 ? " — j/k scroll" : ""} — esc or ? closes
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
