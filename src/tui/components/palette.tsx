import { Box } from "ink";
import { Text } from "./text.js";
import { useOverlayInput } from "../hooks/use-keymap.js";
import { findTarget } from "../views.js";
import type { ViewEntry } from "../types.js";
import type { Theme } from "../theme.js";
import { fit } from "./table.js";
import { editText, TextInput, useLineEditor } from "./text-input.js";

export interface PaletteProps {
  views: readonly ViewEntry[];
  width: number;
  theme: Theme;
  /** `:orders jane` → the view and "jane" as its filter; `:to-ship` → the order list and its queue. */
  onPick: (view: ViewEntry, filter: string, queue?: string) => void;
  onUnknown: (word: string) => void;
  onClose: () => void;
}

/** One name the palette offers: a view, or a queue of a view's. */
export interface PaletteEntry {
  name: string;
  aliases: readonly string[];
  text: string;
}

export function paletteEntries(views: readonly ViewEntry[]): PaletteEntry[] {
  const out: PaletteEntry[] = [];
  for (const v of views) {
    out.push({ name: v.name, aliases: v.aliases, text: v.title });
    for (const q of v.queues ?? []) {
      if (q.name !== "all") out.push({ name: q.name, aliases: q.aliases, text: `${v.title} ${q.title} (key ${q.key} on the list)` });
    }
  }
  return out;
}

/** Words wrapped to `width` cells (a word longer than the width is cut, never a line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!cur) cur = word;
    else if ([...cur].length + 1 + [...word].length <= width) cur += ` ${word}`;
    else {
      lines.push(cur);
      cur = word;
    }
  }
  if (cur) lines.push(cur);
  return lines.map((l) => fit(l, width).trimEnd());
}

/**
 * The palette's list as lines of at most `width` cells: a name column as wide as the longest name,
 * and the title with its aliases wrapped beside it, so no name runs into its title.
 */
export function paletteLines(entries: readonly PaletteEntry[], width: number): { text: string; first: boolean }[] {
  const nameWidth = Math.min(Math.floor(width / 3), Math.max(...entries.map((e) => e.name.length + 1), 4) + 4);
  const out: { text: string; first: boolean }[] = [];
  entries.forEach((e, i) => {
    const text = `${e.text}${e.aliases.length ? ` (also :${e.aliases.join(" :")})` : ""}`;
    wrapWords(text, width - nameWidth).forEach((l, j) => out.push({ text: fit(`${j === 0 ? `  :${e.name}` : ""}`, nameWidth) + l, first: i === 0 && j === 0 }));
  });
  return out;
}

/** `:` — type a view's name (tab completes); extra words become the view's filter (`:orders jane`). */
export function Palette(p: PaletteProps) {
  const editor = useLineEditor();
  const entries = paletteEntries(p.views);
  const firstWord = (t: string) => t.trimStart().split(/\s+/)[0] ?? "";
  const matching = (word: string) => entries.filter((e) => word === "" || e.name.startsWith(word.toLowerCase()) || e.aliases.includes(word.toLowerCase()));
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
      const target = findTarget(name);
      if (target) p.onPick(target.view, rest.join(" "), target.queue?.name);
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
        paletteLines(matches, p.width).map((l, i) => (
          <Text key={i} wrap="truncate" bold={l.first}>
            {l.text}
          </Text>
        ))
      ) : (
        <Text color={p.theme.status.error}>  no such view</Text>
      )}
      <Text color={p.theme.muted} wrap="truncate">
        {fit("enter opens · tab completes · esc cancels · words after the name filter the view", p.width)}
      </Text>
    </Box>
  );
}
