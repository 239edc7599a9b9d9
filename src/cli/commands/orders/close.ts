import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBatchFlags, runBatchIfAsked } from "./batch.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface CloseOptions extends ActionFlags {
  order: string;
  how: "complete" | "archive";
}

/** `orders complete` and `orders archive`: the same shape, one verb each. */
export function makeCloseCommand(ctx: CommandContext, how: "complete" | "archive", run: (f: Factory, o: CloseOptions) => Promise<void> = closeRun): Command {
  const cmd = new Command(how)
    .description(how === "complete" ? "Mark an order as completed" : "Archive an order")
    .argument("[order]", "order_… id, display id (123) or #123; - reads references from stdin");
  addBatchFlags(cmd, how);
  actionFlags(cmd).addHelpText("after", `\nExamples:\n  medusactl orders ${how} '#21' --yes`);
  return cmd.action(async (order: string | undefined, o, c: Command) => {
    const f = ctx.factory(c);
    if (!(await runBatchIfAsked(f, how, order, o))) await run(f, { ...o, order: order!, how });
  });
}

export async function closeRun(f: Factory, o: CloseOptions): Promise<void> {
  needYesOffTty(f, o, `${o.how} order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { closeOrder } = await import("../../../shared/orders/lifecycle.js");
  const { orThrow, planClose } = await import("../../../shared/orders/model.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    orThrow(planClose(order, o.how));
    await confirmOrderAction(f, o, { level: "moderate", order, question: `${o.how === "complete" ? "Complete" : "Archive"} order #${order.display_id} (${order.status})?` });
    printResult(f, o, await closeOrder(sdk, order, o.how, { signal: f.signal }));
  });
}
