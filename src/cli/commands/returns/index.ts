import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeReturnCreateCommand } from "./create.js";
import { makeReturnReceiveCommand } from "./receive.js";
import { makeChangeCancelCommand } from "../../cmdutil/order-change-cancel.js";

/** The common return flows by hand; every single step stays available as a generated verb. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeReturnCreateCommand(ctx));
  noun.addCommand(makeReturnReceiveCommand(ctx, "receive"));
  noun.addCommand(makeReturnReceiveCommand(ctx, "dismiss"));
  noun.addCommand(makeChangeCancelCommand(ctx, "return"));
}
