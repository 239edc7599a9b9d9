import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { refundWords } from "./create.js";
import { actionFlags, refundOption, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface ReturnReceiveOptions extends ActionFlags {
  id: string;
  item?: string[];
  dismiss?: string[];
  note?: string;
  dismissOnly?: boolean;
  refund?: boolean | number;
}

/** `returns receive` (back into stock) and `returns dismiss` (arrived damaged): one receipt each. */
export function makeReturnReceiveCommand(ctx: CommandContext, verb: "receive" | "dismiss", run: (f: Factory, o: ReturnReceiveOptions) => Promise<void> = returnReceiveRun): Command {
  const cmd = new Command(verb).argument("<return>", "the return (return_…)").option("--note <text>", "internal note");
  if (verb === "receive") {
    cmd
      .description("Receive a requested return into stock (default: every requested item)")
      .option("--item <line:qty>", "receive only this line and quantity; repeatable", collect)
      .option("--dismiss <line:qty>", "also dismiss this line and quantity as damaged; repeatable", collect)
      .addOption(refundOption());
  } else {
    cmd.description("Dismiss returned items as damaged (not back into stock)").requiredOption("--item <line:qty>", "a line and quantity to dismiss; repeatable", collect);
  }
  actionFlags(cmd).addHelpText("after", `\nExamples:\n  medusactl returns ${verb} return_… ${verb === "receive" ? "" : "--item 1:1 "}--yes${verb === "receive" ? "\n  medusactl returns receive return_… --refund --yes     # and refund what the order owes back" : ""}`);
  return cmd.action(async (id: string, o, c: Command) =>
    run(ctx.factory(c), verb === "receive" ? { ...o, id } : { ...o, id, item: undefined, dismiss: o.item, dismissOnly: true }),
  );
}

export async function returnReceiveRun(f: Factory, o: ReturnReceiveOptions): Promise<void> {
  needYesOffTty(f, o, `receive return ${o.id}`);
  const { receiveReturn } = await import("../../../shared/orders/returns.js");
  const { parseItemFlag } = await import("../../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const items = (o.item ?? []).map(parseItemFlag);
    const dismiss = (o.dismiss ?? []).map(parseItemFlag);
    const sdk = await f.sdk();
    const what = o.dismissOnly ? "Dismiss items of" : items.length ? "Receive the given items of" : "Receive every requested item of";
    await confirmOrderAction(f, o, { level: o.refund !== undefined ? "severe" : "moderate", typed: o.id, question: `${what} return ${o.id}${refundWords(o.refund)}?` });
    printResult(f, o, await receiveReturn(sdk, o.id, { items, dismiss, note: o.note, refund: o.refund, signal: f.signal }));
  });
}
