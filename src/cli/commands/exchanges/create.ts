import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, itemsBackAndOutFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface ExchangeCreateOptions extends ActionFlags {
  order: string;
  item?: string[];
  add?: string[];
  reason?: string;
  location?: string;
  note?: string;
  shippingOption?: string;
  shippingAmount?: number;
  returnShippingOption?: string;
  returnShippingAmount?: number;
}

export function makeExchangeCreateCommand(ctx: CommandContext, run: (f: Factory, o: ExchangeCreateOptions) => Promise<void> = exchangeCreateRun): Command {
  const cmd = new Command("create")
    .description("Open and confirm an exchange: items come back, other variants go out")
    .argument("<order>", "order_… id, display id (123) or #123")
    .option("--item <line:qty>", "a line coming back (number, SKU or ordli_ id) and quantity; repeatable", collect)
    .option("--add <variant:qty>", "what goes out instead (variant id or SKU) and quantity; repeatable", collect);
  itemsBackAndOutFlags(cmd, "the option's price", "the option's price");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl exchanges create '#21' --item 1:1 --add SKU-BLUE-M:1\n  medusactl exchanges create 21 --item 1:1 --add SKU-BLUE-M:1 --return-shipping-option 'Standard Return' --return-shipping-amount 0 --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function exchangeCreateRun(f: Factory, o: ExchangeCreateOptions): Promise<void> {
  needYesOffTty(f, o, `open an exchange on order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { createExchange, exchangeProblem } = await import("../../../shared/orders/exchanges.js");
  const { parseItemFlag, parseAddFlag } = await import("../../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const items = (o.item ?? []).map(parseItemFlag);
    const add = (o.add ?? []).map(parseAddFlag);
    // The shared layer's own check, before anything is read or confirmed.
    const problem = exchangeProblem({ ...o, items, add });
    if (problem) throw problem;
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Exchange ${o.item!.join(", ")} for ${o.add!.join(", ")} on order #${order.display_id}?` });
    const res = await createExchange(sdk, order, { items, add, reasonId: o.reason, locationId: o.location, note: o.note, shippingOption: o.shippingOption, shippingAmount: o.shippingAmount, returnShippingOption: o.returnShippingOption, returnShippingAmount: o.returnShippingAmount, signal: f.signal });
    printResult(f, o, res, { exchange_id: res.exchangeId });
  });
}
