import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface FulfillmentCancelOptions extends ActionFlags {
  id: string;
  order?: string;
}

export function makeFulfillmentCancelCommand(ctx: CommandContext, run: (f: Factory, o: FulfillmentCancelOptions) => Promise<void> = fulfillmentCancelRun): Command {
  const cmd = new Command("cancel")
    .description("Cancel a fulfilment of an order; its items become unfulfilled again")
    .argument("<fulfillment>", "the fulfilment (ful_…)")
    .option("--order <order>", "the order it belongs to (order_… id, display id or #123): shows the order's state before and after");
  actionFlags(cmd).addHelpText(
    "after",
    "\nWithout --order the fulfilment alone is cancelled and printed (also fulfilments made outside an order).\n\nExamples:\n  medusactl fulfillments cancel ful_… --order '#21' --yes\n  medusactl fulfillments cancel ful_… --yes --json",
  );
  return cmd.action(async (id: string, o, c: Command) => run(ctx.factory(c), { ...o, id }));
}

export async function fulfillmentCancelRun(f: Factory, o: FulfillmentCancelOptions): Promise<void> {
  needYesOffTty(f, o, `cancel fulfilment ${o.id}`);
  if (!o.order) return cancelBare(f, o);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { cancelFulfillment } = await import("../../../shared/orders/fulfillments.js");
  const { orThrow, planCancelFulfilment } = await import("../../../shared/orders/model.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order!, { signal: f.signal });
    orThrow(planCancelFulfilment(order, { fulfillmentId: o.id }));
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Cancel fulfilment ${o.id} of order #${order.display_id}?` });
    printResult(f, o, await cancelFulfillment(sdk, order, { fulfillmentId: o.id, signal: f.signal }));
  });
}

/** The fulfilment route alone: Medusa's admin has no way to read a fulfilment's order from its id. */
async function cancelBare(f: Factory, o: FulfillmentCancelOptions): Promise<void> {
  const { requireConfirmation } = await import("../../cmdutil/prompter.js");
  const { describeTarget } = await import("../../output/notice.js");
  const target = await f.target();
  await requireConfirmation(f.io, f.prompter(), {
    yes: o.yes,
    level: target.production ? "severe" : "moderate",
    question: `Cancel fulfilment ${o.id} on ${describeTarget(target)}?`,
    typed: target.profileName,
  });
  const sdk = await f.sdk();
  const { fulfillment } = await sdk.admin.fulfillment.cancel(o.id, undefined, undefined, { signal: f.signal });
  if (o.json) f.io.out.write(JSON.stringify(fulfillment, null, 2) + "\n");
  else {
    const { formatDate } = await import("../../../shared/format.js");
    f.io.out.write(`Cancelled fulfilment ${fulfillment.id}${fulfillment.canceled_at ? ` at ${formatDate(fulfillment.canceled_at)}` : ""}\n`);
  }
}
