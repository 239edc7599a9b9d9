import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBatchFlags, runBatchIfAsked } from "./batch.js";
import { actionFlags, amountOption, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface CaptureOptions extends ActionFlags {
  order: string;
  amount?: number;
}

export function makeCaptureCommand(ctx: CommandContext, run: (f: Factory, o: CaptureOptions) => Promise<void> = captureRun): Command {
  const cmd = new Command("capture")
    .description("Capture the order's authorised payment (never repeated automatically)")
    .argument("[order]", "order_… id, display id (123) or #123; - reads references from stdin")
    .addOption(amountOption("--amount <amount>", "capture only this much, in the currency's units (e.g. 19.99)"));
  addBatchFlags(cmd, "capture");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl orders capture '#21'\n  medusactl orders capture 21 --amount 50 --yes");
  return cmd.action(async (order: string | undefined, o, c: Command) => {
    const f = ctx.factory(c);
    if (!(await runBatchIfAsked(f, "capture", order, o))) await run(f, { ...o, order: order! });
  });
}

export async function captureRun(f: Factory, o: CaptureOptions): Promise<void> {
  needYesOffTty(f, o, `capture the payment of order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { captureOrder } = await import("../../../shared/orders/payments.js");
  const { orThrow, planCapture } = await import("../../../shared/orders/model.js");
  const { formatMoney } = await import("../../../shared/format.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const plan = orThrow(planCapture(order, { amount: o.amount }));
    const open = orThrow(planCapture(order)).total;
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Capture ${formatMoney(plan.total, order.currency_code)} on order #${order.display_id} (${formatMoney(open, order.currency_code)} authorised and not captured)?` });
    printResult(f, o, await captureOrder(sdk, order, { amount: o.amount, signal: f.signal }));
  });
}
