import type { InputName, Words } from "../../shared/orders/errors.js";

/** Order actions worded for the command line: inputs are flags, follow-ups are medusactl commands. */
export const CLI_WORDS: Words = {
  input: (name: InputName, form?: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${form ? ` ${form}` : ""}`,
  // A bare #20 would start a shell comment: quoted, the command can be pasted as it is.
  command: (action, ref, args) => ["medusactl", action, ref.startsWith("#") ? `'${ref}'` : ref, args].filter(Boolean).join(" "),
};
