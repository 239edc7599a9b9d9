import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeExchangeCreateCommand } from "./create.js";
import { makeChangeCancelCommand } from "../../cmdutil/order-change-cancel.js";

/** `exchanges create` does the whole common flow; each step stays available as a generated verb. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeExchangeCreateCommand(ctx));
  noun.addCommand(makeChangeCancelCommand(ctx, "exchange"));
}
