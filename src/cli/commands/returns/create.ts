import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, refundOption, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface ReturnCreateOptions extends ActionFlags {
  order: string;
  item?: string[];
  reason?: string;
  location?: string;
  note?: string;
  receive?: boolean;
  shippingOption?: string;
  refund?: boolean | number;
}

export function makeReturnCreateCommand(ctx: CommandContext, run: (f: Factory, o: ReturnCreateOptions) => Promise<void> = returnCreateRun): Command {
  const cmd = new Command("create")
    .description("Request a return of fulfilled items (and with --receive, take them back into stock)")
    .argument("<order>", "order_… id, display id (123) or #123")
    .option("--item <line:qty>", "a line (number, SKU or ordli_ id) and quantity; repeatable", collect)
    .option("--reason <id>", "return reason id (see `medusactl return-reasons list`)")
    .option("--location <id>", "stock location the items go back to (default: where they were fulfilled from)")
    .option("--note <text>", "internal note")
    .option("--shipping-option <id|name>", "return shipping option the customer sends the parcel with (e.g. 'Standard Return')")
    .option("--receive", "the items are back: receive them now")
    .addOption(refundOption());
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl returns create '#21' --item 1:1 --reason rr_… --receive\n  medusactl returns create 21 --item SKU-RED-M:2 --yes --json\n  medusactl returns create 21 --item 1:1 --receive --refund --yes          # refund what is owed back\n  medusactl returns create 21 --item 1:1 --refund 10 --yes                # refund 10 now; receive later\n\nWith --refund, the refund runs once the return (and, with --receive, its receipt) went through;\nif it fails, the return stands and the error says how to refund with \`medusactl orders refund\`.");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function returnCreateRun(f: Factory, o: ReturnCreateOptions): Promise<void> {
  needYesOffTty(f, o, `return items of order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { createReturn } = await import("../../../shared/orders/returns.js");
  const { parseItemFlag, resolveItems, lineLabel } = await import("../../../shared/orders/lines.js");
  const { OrderError } = await import("../../../shared/orders/errors.js");
  await mapOrderErrors(async () => {
    const items = (o.item ?? []).map(parseItemFlag);
    if (!items.length) throw new OrderError("name the items to return with --item <line>:<qty>", "input");
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const plan = resolveItems(order, items, (q) => q.fulfilled - q.returnRequested - q.returned - q.dismissed, "return");
    await confirmOrderAction(f, o, {
      level: o.refund !== undefined ? "severe" : "moderate",
      order,
      question: `${o.receive ? "Return and receive" : "Request a return of"} ${plan.map((l) => `${l.quantity} × ${lineLabel(order, l.item)}`).join("; ")} on order #${order.display_id}${refundWords(o.refund)}?`,
    });
    const res = await createReturn(sdk, order, { items, reasonId: o.reason, locationId: o.location, note: o.note, receive: o.receive, shippingOption: o.shippingOption, refund: o.refund, signal: f.signal });
    printResult(f, o, res, { return_id: res.returnId });
  });
}

/** The refund part of a confirmation question. */
export function refundWords(refund: boolean | number | undefined): string {
  if (refund === undefined || refund === false) return "";
  return typeof refund === "number" ? `, then refund ${refund}` : ", then refund what is owed back";
}
