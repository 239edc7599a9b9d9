import { InvalidArgumentError, type Command } from "commander";
import type { GlobalFlags } from "../config/credentials.js";
import type { NounEntry } from "../nouns.js";
import type { Factory } from "./factory.js";

/**
 * What a command receives from the root: its Factory, built from its own flags merged with the
 * globals, and a way to build another noun's commands (completion reads every noun's verbs) without
 * importing the root, which would tie every command back to the table that loads it.
 */
export interface CommandContext {
  factory(cmd: Command): Factory;
  registerNoun(cmd: Command, noun: NounEntry): Promise<void>;
}

/** The shape of a hand-written command module named by the noun table. */
export interface CommandModule {
  register(cmd: Command, ctx: CommandContext): void | Promise<void>;
}

/** The global flags (CONTRACT.md §2) as seen from any command. */
export function globalFlags(cmd: Command): GlobalFlags {
  const o = cmd.optsWithGlobals() as GlobalFlags & { color?: boolean };
  return { profile: o.profile, url: o.url, debug: o.debug, timeout: o.timeout, insecure: o.insecure, color: o.color };
}

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a number of seconds greater than 0");
  return n;
}
