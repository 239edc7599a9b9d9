import { useRef, useState } from "react";
import { Box } from "ink";
import { Text } from "./text.js";
import { useOverlayInput } from "../hooks/use-keymap.js";
import type { Theme } from "../theme.js";
import type { ConfirmSpec, DialogSpec, PromptSpec } from "../types.js";

import { editText, TextInput, useLineEditor } from "./text-input.js";

export interface DialogProps {
  spec: DialogSpec;
  width: number;
  theme: Theme;
  /** true/false for a confirmation; the text or null (cancelled) for a prompt. */
  onDone: (result: boolean | string | null) => void;
}

export function Dialog({ spec, width, theme, onDone }: DialogProps) {
  const typing = spec.kind === "prompt" || spec.level === "severe";
  const editor = useLineEditor(spec.kind === "prompt" ? (spec.initial ?? "") : "");
  const [problem, setProblem] = useState<string | undefined>();
  // One answer per dialog, however many keys arrive before it closes.
  const done = useRef(false);
  const finish = (v: boolean | string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(v);
  };
  useOverlayInput((input, key) => {
    if (done.current) return;
    if (!typing) {
      // y/N: anything but yes declines.
      finish(input === "y" || input === "Y");
      return;
    }
    const r = editText(editor.current(), input, key);
    if ("cancel" in r) finish(spec.kind === "prompt" ? null : false);
    else if ("submit" in r) {
      if (spec.kind === "prompt") {
        const why = spec.validate?.(r.submit.trim());
        if (why) setProblem(why);
        else finish(r.submit.trim());
      } else if (r.submit.trim() === spec.typed) finish(true);
      else setProblem(`that is not ${spec.typed}; type it exactly, or esc to cancel`);
    } else {
      editor.set(r.value);
      setProblem(undefined);
    }
  });
  const severe = spec.kind === "confirm" && spec.level === "severe";
  const border = severe ? theme.status.error : theme.status.warn;
  return (
    <Box flexDirection="column" width={width} borderStyle={severe ? "double" : "round"} borderColor={border} paddingX={1}>
      <Text bold color={border} wrap="truncate-end">
        {spec.title}
      </Text>
      {(spec.lines ?? []).map((l, i) => (
        <Text key={i} wrap="truncate-end">
          {l}
        </Text>
      ))}
      {spec.kind === "confirm" ? (
        <Text color={theme.muted} wrap="truncate-end">
          {spec.undo}
        </Text>
      ) : null}
      {spec.kind === "confirm" && spec.level === "moderate" ? (
        <Text bold wrap="truncate-end">
          Proceed? [y/N]
        </Text>
      ) : (
        <Text wrap="truncate-end">
          <Text bold>{spec.kind === "prompt" ? spec.label : `Type ${spec.typed} to confirm`}: </Text>
          <TextInput value={editor.value} />
        </Text>
      )}
      {problem ? (
        <Text color={theme.status.error} wrap="truncate-end">
          {problem}
        </Text>
      ) : null}
      <Text color={theme.muted} wrap="truncate-end">
        {typing ? "enter confirms · esc cancels" : "y confirms · any other key cancels"}
      </Text>
    </Box>
  );
}
