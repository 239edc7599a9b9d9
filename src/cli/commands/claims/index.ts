import type { Command } from "commander";
import type { CommandContext } from "../../program.js";
import { makeClaimCreateCommand } from "./create.js";
import { makeChangeCancelCommand } from "../orders/change-cancel.js";

/** `claims create` does the whole common flow; each step stays available as a generated verb. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeClaimCreateCommand(ctx));
  noun.addCommand(makeChangeCancelCommand(ctx, "claim"));
}
