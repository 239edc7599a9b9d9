import { Box } from "ink";
import { Text } from "./text.js";
import { activeBindings } from "../hooks/use-keymap.js";
import type { Theme } from "../theme.js";
import type { Binding, StatusMessage } from "../types.js";

import { fit } from "./table.js";


/** Lines a message takes at this width: one, or two when it is long (the log pane gives one up). */
export function messageLines(message: StatusMessage | undefined, width: number): number {
  return message && [...message.text].length + 2 > width ? 2 : 1;
}

/** The bottom line: the latest message, else the keys of this view (from the same bindings as `?`). */
export function StatusBar({ message, bindings, readOnly, width, theme }: { message?: StatusMessage; bindings: readonly Binding[]; readOnly: boolean; width: number; theme: Theme }) {
  if (message) {
    const prefix = message.tone === "error" ? "error: " : message.tone === "ok" ? "✓ " : "";
    const chars = [...(prefix + message.text)];
    let lines = [fit(chars.join(""), width)];
    if (messageLines(message, width) === 2) {
      // Break at the last space that fits, so words stay whole.
      const head = chars.slice(0, width + 1).join("");
      const cut = head.lastIndexOf(" ") > width / 2 ? head.lastIndexOf(" ") : width;
      lines = [fit(chars.slice(0, cut).join(""), width), fit(chars.slice(cut).join("").trimStart(), width)];
    }
    return (
      <Box flexDirection="column" width={width}>
        {lines.map((l, i) => (
          <Text key={i} color={theme.status[message.tone]} wrap="truncate">
            {l}
          </Text>
        ))}
      </Box>
    );
  }
  const hints: string[] = [];
  let used = 0;
  for (const b of activeBindings(bindings, readOnly)) {
    if (!b.hint) continue;
    const h = `${b.keys[0]} ${b.hint}`;
    if (used + h.length + 2 > width) break;
    hints.push(h);
    used += h.length + 2;
  }
  return (
    <Text color={theme.muted} wrap="truncate">
      {fit(hints.join("  "), width)}
    </Text>
  );
}
