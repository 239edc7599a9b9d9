/**
 * Hand-written `products` verbs (bulk: import, export). The generic and generated verbs come
 * from the SDK declaration beside them (NounEntry has both `load` and `admin`).
 */
import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeExportCommand } from "./export.js";
import { makeImportCommand } from "./import.js";

export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeImportCommand(ctx));
  noun.addCommand(makeExportCommand(ctx));
}
