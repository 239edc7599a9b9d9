import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { makeListCommand } from "./list.js";
import { makeShowCommand } from "./show.js";
import { makeFulfillCommand } from "./fulfill.js";
import { makeShipCommand } from "./ship.js";
import { makeDeliverCommand } from "./deliver.js";
import { makeCaptureCommand } from "./capture.js";
import { makeRefundCommand } from "./refund.js";
import { makeCancelCommand } from "./cancel.js";
import { makeCloseCommand } from "./close.js";
import { makeCancelTransferCommand, makeTransferCommand } from "./transfer.js";
import { makePickListCommand } from "./pick-list.js";

/** Hand-written order verbs; the generated ones (get, update, retrieve-preview, list-changes…) follow them. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addCommand(makeListCommand(ctx));
  noun.addCommand(makeShowCommand(ctx));
  noun.addCommand(makePickListCommand(ctx));
  noun.addCommand(makeFulfillCommand(ctx));
  noun.addCommand(makeShipCommand(ctx));
  noun.addCommand(makeDeliverCommand(ctx));
  noun.addCommand(makeCaptureCommand(ctx));
  noun.addCommand(makeRefundCommand(ctx));
  noun.addCommand(makeCancelCommand(ctx));
  noun.addCommand(makeCloseCommand(ctx, "complete"));
  noun.addCommand(makeCloseCommand(ctx, "archive"));
  noun.addCommand(makeTransferCommand(ctx));
  noun.addCommand(makeCancelTransferCommand(ctx));
}
