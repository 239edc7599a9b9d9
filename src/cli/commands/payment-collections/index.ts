import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeMarkPaidCommand } from "./mark-as-paid.js";

export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeMarkPaidCommand(ctx));
}
