import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { UsageError } from "../../../term/errors.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface MarkPaidOptions extends ActionFlags {
  ref: string;
  order?: string;
}

export function makeMarkPaidCommand(ctx: CommandContext, run: (f: Factory, o: MarkPaidOptions) => Promise<void> = markPaidRun): Command {
  const cmd = new Command("mark-as-paid")
    .description("Record that an order's outstanding amount was paid outside Medusa")
    .argument("<ref>", "an order (order_…, 123, #123): its unpaid collections; or a collection (pay_col_…) with --order")
    .option("--order <order>", "the order of the pay_col_… collection");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl payment-collections mark-as-paid '#57' --yes\n  medusactl payment-collections mark-as-paid pay_col_… --order 57");
  return cmd.action(async (ref: string, o, c: Command) => run(ctx.factory(c), { ...o, ref }));
}

export async function markPaidRun(f: Factory, o: MarkPaidOptions): Promise<void> {
  const isCollection = o.ref.startsWith("pay_col_");
  if (isCollection && !o.order) throw new UsageError("a pay_col_… collection needs --order <order>");
  needYesOffTty(f, o, `mark ${o.ref} as paid`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { markPaid, paymentDue } = await import("../../../shared/orders/payments.js");
  const { formatMoney } = await import("../../../shared/format.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, isCollection ? o.order! : o.ref, { signal: f.signal });
    await confirmOrderAction(f, o, {
      level: "moderate",
      order,
      question: `Mark ${isCollection ? o.ref : "the unpaid payment collections"} of order #${order.display_id} as paid (outstanding ${formatMoney(paymentDue(order), order.currency_code)})?`,
    });
    printResult(f, o, await markPaid(sdk, order, { collectionId: isCollection ? o.ref : undefined, signal: f.signal }));
  });
}
