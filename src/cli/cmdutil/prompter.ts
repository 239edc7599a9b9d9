import { createInterface } from "node:readline";
import { CancelError, UsageError } from "../../term/errors.js";
import { canPrompt, type IOStreams } from "../../term/io.js";
import { sanitize } from "../../term/sanitize.js";

export interface Prompter {
  /** y/N; false on anything but yes. */
  confirm(question: string): Promise<boolean>;
  /** Asks the person to type `expected` exactly (severe actions). */
  confirmTyped(question: string, expected: string): Promise<boolean>;
  input(question: string): Promise<string>;
  /** Reads without echo. */
  secret(question: string): Promise<string>;
}

export function ttyPrompter(io: IOStreams): Prompter {
  // Questions name shop records (an order's customer, a price list's title): shown sanitised.
  const ask = (raw: string, hidden = false) =>
    new Promise<string>((resolve, reject) => {
      const question = sanitize(raw, { newlines: true });
      const rl = createInterface({ input: io.in, output: io.err, terminal: true });
      if (hidden) {
        // Echo nothing after the question: readline writes each keystroke through _writeToOutput.
        const r = rl as unknown as { _writeToOutput: (s: string) => void };
        let asked = false;
        r._writeToOutput = (s: string) => {
          if (!asked) {
            io.err.write(s);
            asked = true;
          }
        };
      }
      rl.on("SIGINT", () => {
        rl.close();
        reject(new CancelError());
      });
      rl.question(question, (answer) => {
        rl.close();
        if (hidden) io.err.write("\n");
        resolve(answer);
      });
    });
  return {
    async confirm(question) {
      return /^y(es)?$/i.test((await ask(`${question} [y/N] `)).trim());
    },
    async confirmTyped(question, expected) {
      return (await ask(`${question}\nType ${expected} to confirm: `)).trim() === expected;
    },
    input: (q) => ask(q),
    secret: (q) => ask(q, true),
  };
}

/**
 * Asks for confirmation as CONTRACT.md §7 scales it: off a TTY only `--yes` will do (exit 2
 * otherwise); a declined prompt cancels (exit 130).
 */
export async function requireConfirmation(
  io: IOStreams,
  prompter: Prompter,
  opts: { yes?: boolean; level: "moderate" | "severe"; question: string; typed?: string },
): Promise<void> {
  if (opts.yes) return;
  if (!canPrompt(io)) throw new UsageError("--yes required when not running interactively", `the action: ${opts.question}`);
  const ok = opts.level === "severe" && opts.typed ? await prompter.confirmTyped(opts.question, opts.typed) : await prompter.confirm(opts.question);
  if (!ok) throw new CancelError();
}
