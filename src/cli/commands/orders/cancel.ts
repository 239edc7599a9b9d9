import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface CancelOptions extends ActionFlags {
  order: string;
}

export function makeCancelCommand(ctx: CommandContext, run: (f: Factory, o: CancelOptions) => Promise<void> = cancelRun): Command {
  const cmd = new Command("cancel")
    .description("Cancel an order (its fulfilments must be canceled first)")
    .argument("<order>", "order_… id, display id (123) or #123");
  actionFlags(cmd).addHelpText("after", "\nOn a terminal you type the order's display id to confirm.\n\nExamples:\n  medusactl orders cancel '#21'\n  medusactl orders cancel order_… --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function cancelRun(f: Factory, o: CancelOptions): Promise<void> {
  needYesOffTty(f, o, `cancel order ${o.order}`);
  const { resolveOrder, orderPayments } = await import("../../../shared/orders/read.js");
  const { cancelOrder } = await import("../../../shared/orders/lifecycle.js");
  const { orThrow, planCancel } = await import("../../../shared/orders/model.js");
  const { formatMoney } = await import("../../../shared/format.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    orThrow(planCancel(order));
    const captured = orderPayments(order).reduce((a, p) => a + p.captured - p.refunded, 0);
    const m = (n: number) => formatMoney(n, order.currency_code);
    await confirmOrderAction(f, o, {
      level: "severe",
      order,
      question: `Cancel order #${order.display_id} of ${order.email ?? "unknown customer"}, total ${m(Number(order.total ?? 0))} (payment ${order.payment_status}${captured > 0 ? `, ${m(captured)} captured` : ""})?`,
    });
    printResult(f, o, await cancelOrder(sdk, order, { signal: f.signal }));
  });
}
