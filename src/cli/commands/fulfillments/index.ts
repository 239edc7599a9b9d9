import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeFulfillmentCancelCommand } from "./cancel.js";

export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeFulfillmentCancelCommand(ctx));
}
