import { Command } from "commander";
import type { CommandContext } from "../../program.js";
import type { Factory } from "../../factory.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../orders/action.js";

export interface FulfillmentCancelOptions extends ActionFlags {
  id: string;
  order: string;
}

export function makeFulfillmentCancelCommand(ctx: CommandContext, run: (f: Factory, o: FulfillmentCancelOptions) => Promise<void> = fulfillmentCancelRun): Command {
  const cmd = new Command("cancel")
    .description("Cancel a fulfilment of an order; its items become unfulfilled again")
    .argument("<fulfillment>", "the fulfilment (ful_…)")
    .requiredOption("--order <order>", "the order it belongs to: order_… id, display id or #123");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl fulfillments cancel ful_… --order '#21' --yes");
  return cmd.action(async (id: string, o, c: Command) => run(ctx.factory(c), { ...o, id }));
}

export async function fulfillmentCancelRun(f: Factory, o: FulfillmentCancelOptions): Promise<void> {
  needYesOffTty(f, o, `cancel fulfilment ${o.id}`);
  const { resolveOrder, cancelFulfillment } = await import("../../../shared/orders.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Cancel fulfilment ${o.id} of order #${order.display_id}?` });
    printResult(f, o, await cancelFulfillment(sdk, order, { fulfillmentId: o.id, signal: f.signal }));
  });
}
