import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, itemsBackAndOutFlags, itemsBackAndOutRun, type ItemsBackAndOutOptions } from "../../cmdutil/order-action.js";

export type ExchangeCreateOptions = ItemsBackAndOutOptions;

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
  const { createExchange, exchangeProblem } = await import("../../../shared/orders/exchanges.js");
  await itemsBackAndOutRun(f, o, {
    doing: "open an exchange on order",
    problem: exchangeProblem,
    question: (order) => `Exchange ${o.item!.join(", ")} for ${o.add!.join(", ")} on order #${order.display_id}?`,
    create: (sdk, order, ask) => createExchange(sdk, order, { ...ask, add: ask.add ?? [] }),
    ids: (res) => ({ exchange_id: res.exchangeId }),
  });
}
