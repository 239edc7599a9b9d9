import { Box } from "ink";
import { Text } from "./text.js";
import { useOverlayInput } from "../hooks/use-keymap.js";
import { findView, type ViewEntry } from "../screens/registry.js";
import type { Theme } from "../theme.js";
import { fit } from "./table.js";
import { editText, TextInput, useLineEditor } from "./text-input.js";

export interface PaletteProps {
  views: readonly ViewEntry[];
  width: number;
  theme: Theme;
  /** `:orders jane` → the view and "jane" as its filter. */
  onPick: (view: ViewEntry, filter: string) => void;
  onUnknown: (word: string) => void;
  onClose: () => void;
}

/** `:` — type a view's name (tab completes); extra words become the view's filter (`:orders jane`). */
export function Palette(p: PaletteProps) {
  const editor = useLineEditor();
  const firstWord = (t: string) => t.trimStart().split(/\s+/)[0] ?? "";
  const matching = (word: string) => p.views.filter((v) => word === "" || v.name.startsWith(word.toLowerCase()) || v.aliases.includes(word.toLowerCase()));
  const matches = matching(firstWord(editor.value));
  useOverlayInput((input, key) => {
    const text = editor.current();
    if (key.tab) {
      const word = firstWord(text);
      const m = matching(word);
      if (m.length >= 1) editor.set(m[0]!.name + text.trimStart().slice(word.length));
      return;
    }
    const r = editText(text, input, key);
    if ("cancel" in r) p.onClose();
    else if ("submit" in r) {
      const [name = "", ...rest] = r.submit.trim().split(/\s+/);
      const view = findView(name);
      if (view) p.onPick(view, rest.join(" "));
      else if (name) p.onUnknown(name);
      else p.onClose();
    } else editor.set(r.value);
  });
  return (
    <Box flexDirection="column" width={p.width}>
      <Text wrap="truncate">
        <Text color={p.theme.accent} bold>
          :
        </Text>
        <TextInput value={editor.value} />
      </Text>
      {matches.length ? (
        matches.map((v, i) => (
          <Text key={v.name} wrap="truncate" bold={i === 0}>
            {fit(`  :${v.name}`, 14)}
            <Text color={p.theme.muted}>{`${v.title}${v.aliases.length ? ` (also :${v.aliases.join(" :")})` : ""}`}</Text>
          </Text>
        ))
      ) : (
        <Text color={p.theme.status.error}>  no such view</Text>
      )}
      <Text color={p.theme.muted} wrap="truncate">
        enter opens · tab completes · esc cancels · words after the name filter the view
      </Text>
    </Box>
  );
}
