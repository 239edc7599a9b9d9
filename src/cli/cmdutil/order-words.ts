import type { InputName, Words } from "../../shared/orders/errors.js";

/** Order actions worded for the command line: inputs are flags, follow-ups are medusactl commands. */
export const CLI_WORDS: Words = {
  input: (name: InputName, form?: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${form ? ` ${form}` : ""}`,
  command: (action, ref, args) => ["medusactl", action, ref, args].filter(Boolean).join(" "),
};
