import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBatchFlags, runBatchIfAsked } from "./batch.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface FulfillOptions extends ActionFlags {
  order: string;
  item?: string[];
  location?: string;
}

export function makeFulfillCommand(ctx: CommandContext, run: (f: Factory, o: FulfillOptions) => Promise<void> = fulfillRun): Command {
  // "fulfil" is how British English (and our own help text) spells it.
  const cmd = new Command("fulfill")
    .alias("fulfil")
    .description("Fulfil items of an order (default: everything not yet fulfilled)")
    .argument("[order]", "order_… id, display id (123) or #123; - reads references from stdin")
    .option("--item <line:qty>", "a line (number, SKU or ordli_ id) and quantity; repeatable", collect)
    .option("--location <id>", "stock location to fulfil from (default: the shipping option's)");
  addBatchFlags(cmd, "fulfill");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl orders fulfill '#21'\n  medusactl orders fulfill 21 --item 1:2 --item SKU-RED-M:1 --yes");
  return cmd.action(async (order: string | undefined, o, c: Command) => {
    const f = ctx.factory(c);
    if (!(await runBatchIfAsked(f, "fulfill", order, o))) await run(f, { ...o, order: order! });
  });
}

export async function fulfillRun(f: Factory, o: FulfillOptions): Promise<void> {
  needYesOffTty(f, o, `fulfil order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { fulfillOrder } = await import("../../../shared/orders/fulfillments.js");
  const { parseItemFlag, lineLabel } = await import("../../../shared/orders/lines.js");
  const { orThrow, planFulfil } = await import("../../../shared/orders/model.js");
  await mapOrderErrors(async () => {
    const items = (o.item ?? []).map(parseItemFlag);
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    // Refused before the question when the model says it cannot be done.
    const { lines } = orThrow(planFulfil(order, { items }));
    const what = lines.map((l) => `${l.quantity} × ${lineLabel(order, l.item)}`).join("; ");
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Fulfil ${what} of order #${order.display_id}${o.location ? ` from ${o.location}` : ""}?` });
    printResult(f, o, await fulfillOrder(sdk, order, { items, locationId: o.location, signal: f.signal }));
  });
}
