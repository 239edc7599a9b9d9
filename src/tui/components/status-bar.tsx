import { Text } from "ink";
import { activeBindings, type Binding } from "../hooks/use-keymap.js";
import type { Theme } from "../theme.js";
import { fit } from "./table.js";

export interface StatusMessage {
  text: string;
  tone: "ok" | "warn" | "error" | "info";
}

/** The bottom line: the latest message, else the keys of this view (from the same bindings as `?`). */
export function StatusBar({ message, bindings, readOnly, width, theme }: { message?: StatusMessage; bindings: readonly Binding[]; readOnly: boolean; width: number; theme: Theme }) {
  if (message) {
    const prefix = message.tone === "error" ? "error: " : message.tone === "ok" ? "✓ " : "";
    return (
      <Text color={theme.status[message.tone]} wrap="truncate">
        {fit(prefix + message.text, width)}
      </Text>
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
