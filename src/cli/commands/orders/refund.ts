import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { actionFlags, amountOption, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface RefundOptions extends ActionFlags {
  order: string;
  amount: number;
  reason?: string;
  note?: string;
}

export function makeRefundCommand(ctx: CommandContext, run: (f: Factory, o: RefundOptions) => Promise<void> = refundRun): Command {
  const cmd = new Command("refund")
    .description("Refund part or all of the captured payment (never repeated automatically)")
    .argument("<order>", "order_… id, display id (123) or #123")
    .addOption(amountOption("--amount <amount>", "amount to refund, in the currency's units (e.g. 19.99)").makeOptionMandatory())
    .option("--reason <id>", "refund reason id (see `medusactl refund-reasons list`)")
    .option("--note <text>", "note kept with the refund");
  actionFlags(cmd).addHelpText("after", "\nOn a terminal you type the order's display id to confirm.\n\nExamples:\n  medusactl orders refund '#21' --amount 10 --note 'late delivery'\n  medusactl orders refund 21 --amount 34.80 --reason rr_… --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function refundRun(f: Factory, o: RefundOptions): Promise<void> {
  needYesOffTty(f, o, `refund ${o.amount} on order ${o.order}`);
  const { resolveOrder, orderPayments } = await import("../../../shared/orders/read.js");
  const { refundOrder } = await import("../../../shared/orders/payments.js");
  const { orThrow, planRefund } = await import("../../../shared/orders/model.js");
  const { formatMoney } = await import("../../../shared/format.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    orThrow(planRefund(order, { amount: o.amount }));
    const ps = orderPayments(order);
    const captured = ps.reduce((a, p) => a + p.captured, 0);
    const refunded = ps.reduce((a, p) => a + p.refunded, 0);
    const m = (n: number) => formatMoney(n, order.currency_code);
    await confirmOrderAction(f, o, {
      level: "severe",
      order,
      question: `Refund ${m(o.amount)} on order #${order.display_id} (total ${m(Number(order.total ?? 0))}, captured ${m(captured)}, refunded so far ${m(refunded)})?`,
    });
    printResult(f, o, await refundOrder(sdk, order, { amount: o.amount, reasonId: o.reason, note: o.note, signal: f.signal }));
  });
}
