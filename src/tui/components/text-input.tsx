import { useRef, useState } from "react";
import { Text } from "./text.js";
import type { Key } from "ink";

export type EditResult = { value: string } | { submit: string } | { cancel: true };

/**
 * One key applied to a line of text: printable input appends (pastes arrive whole), backspace
 * and delete erase (terminals send DEL for backspace), ctrl+u clears, enter submits, esc cancels.
 */
export function editText(value: string, input: string, key: Key): EditResult {
  if (key.escape) return { cancel: true };
  if (key.return || input === "\r" || input === "\n") return { submit: value };
  if (key.backspace || key.delete) return { value: [...value].slice(0, -1).join("") };
  if (key.ctrl && input === "u") return { value: "" };
  if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown) return { value };
  // Drop control characters a paste may carry.
  const printable = input.replace(/[\u0000-\u001f\u007f]/g, "");
  return { value: value + printable };
}

/** The text being typed, with a block cursor (inverse, so it shows without colour). */
export function TextInput({ value, color }: { value: string; color?: string }) {
  return (
    <Text color={color}>
      {value}
      <Text inverse> </Text>
    </Text>
  );
}

/**
 * A line being edited. The value lives in a ref as well as in state: several keys can arrive
 * before the next render, and each must see the text the previous one left.
 */
export function useLineEditor(initial = "") {
  const ref = useRef(initial);
  const [value, setValue] = useState(initial);
  return {
    value,
    current: () => ref.current,
    set(v: string) {
      ref.current = v;
      setValue(v);
    },
  };
}
