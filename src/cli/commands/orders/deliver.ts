import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBatchFlags, runBatchIfAsked } from "./batch.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface DeliverOptions extends ActionFlags {
  order: string;
  fulfillment?: string;
}

export function makeDeliverCommand(ctx: CommandContext, run: (f: Factory, o: DeliverOptions) => Promise<void> = deliverRun): Command {
  const cmd = new Command("deliver")
    .description("Mark fulfilments as delivered (default: every shipped one not yet delivered)")
    .argument("[order]", "order_… id, display id (123) or #123; - reads references from stdin")
    .option("--fulfillment <id>", "the fulfilment that arrived (ful_…)");
  addBatchFlags(cmd, "deliver");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl orders deliver '#21' --yes");
  return cmd.action(async (order: string | undefined, o, c: Command) => {
    const f = ctx.factory(c);
    if (!(await runBatchIfAsked(f, "deliver", order, o))) await run(f, { ...o, order: order! });
  });
}

export async function deliverRun(f: Factory, o: DeliverOptions): Promise<void> {
  needYesOffTty(f, o, `mark order ${o.order} as delivered`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { deliverOrder } = await import("../../../shared/orders/fulfillments.js");
  const { orThrow, planDeliver } = await import("../../../shared/orders/model.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const { fulfillments } = orThrow(planDeliver(order, { fulfillmentId: o.fulfillment }));
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Mark ${fulfillments.map((x) => x.id).join(", ")} of order #${order.display_id} as delivered?` });
    printResult(f, o, await deliverOrder(sdk, order, { fulfillmentId: o.fulfillment, signal: f.signal }));
  });
}
