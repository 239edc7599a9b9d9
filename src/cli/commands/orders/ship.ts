import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBatchFlags, runBatchIfAsked } from "./batch.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface ShipOptions extends ActionFlags {
  order: string;
  fulfillment?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  labelUrl?: string;
}

export function makeShipCommand(ctx: CommandContext, run: (f: Factory, o: ShipOptions) => Promise<void> = shipRun): Command {
  const cmd = new Command("ship")
    .description("Mark fulfilments as shipped (default: every unshipped one), with an optional tracking number")
    .argument("[order]", "order_… id, display id (123) or #123; - reads references from stdin")
    .option("--fulfillment <id>", "the fulfilment to ship (ful_…)")
    .option("--tracking-number <n>", "carrier tracking number")
    .option("--tracking-url <url>", "tracking page (http or https)")
    .option("--label-url <url>", "shipping label (http or https)");
  addBatchFlags(cmd, "ship");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl orders ship '#21'\n  medusactl orders ship 21 --fulfillment ful_… --tracking-number 1Z999 --tracking-url https://track.example/1Z999 --yes");
  return cmd.action(async (order: string | undefined, o, c: Command) => {
    const f = ctx.factory(c);
    if (!(await runBatchIfAsked(f, "ship", order, o))) await run(f, { ...o, order: order! });
  });
}

export async function shipRun(f: Factory, o: ShipOptions): Promise<void> {
  needYesOffTty(f, o, `ship order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { shipOrder, trackingLabels } = await import("../../../shared/orders/fulfillments.js");
  const { orThrow, planShip } = await import("../../../shared/orders/model.js");
  await mapOrderErrors(async () => {
    trackingLabels(o);
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const { fulfillments } = orThrow(planShip(order, { fulfillmentId: o.fulfillment }));
    const which = fulfillments.length === 1 ? `fulfilment ${fulfillments[0]!.id}` : `${fulfillments.length} fulfilments (${fulfillments.map((x) => x.id).join(", ")})`;
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Ship ${which} of order #${order.display_id}${o.trackingNumber ? ` with tracking ${o.trackingNumber}` : ""}?` });
    printResult(f, o, await shipOrder(sdk, order, { fulfillmentId: o.fulfillment, trackingNumber: o.trackingNumber, trackingUrl: o.trackingUrl, labelUrl: o.labelUrl, signal: f.signal }));
  });
}
