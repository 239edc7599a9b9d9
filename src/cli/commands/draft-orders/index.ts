import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeDraftConvertCommand, makeDraftCreateCommand, makeDraftPromotionsCommand } from "./create.js";

/** Draft orders from flags, and conversion; edits stay available as generated verbs. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeDraftCreateCommand(ctx));
  noun.addCommand(makeDraftConvertCommand(ctx));
  noun.addCommand(makeDraftPromotionsCommand(ctx, "add-promotions"));
  noun.addCommand(makeDraftPromotionsCommand(ctx, "remove-promotions"));
}
