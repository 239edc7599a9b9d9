import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeEditCreateCommand, makeEditFinishCommand } from "./create.js";

/** `order-edits create` does the common flow; each step stays available as a generated verb. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeEditCreateCommand(ctx));
  noun.addCommand(makeEditFinishCommand(ctx, "confirm"));
  noun.addCommand(makeEditFinishCommand(ctx, "cancel"));
}
