import { Command } from "commander";
import type { CommandContext } from "./context.js";
import type { Factory } from "./factory.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "./order-action.js";

export interface ChangeCancelOptions extends ActionFlags {
  id: string;
}

/** `returns cancel`, `claims cancel`, `exchanges cancel`: one shape, the id says which. */
export function makeChangeCancelCommand(ctx: CommandContext, what: "return" | "claim" | "exchange", run: (f: Factory, o: ChangeCancelOptions) => Promise<void> = changeCancelRun): Command {
  const prefix = { return: "return_…", claim: "claim_…", exchange: "oexc_…" }[what];
  const cmd = new Command("cancel").description(`Cancel a ${what} and show the order's new state`).argument("<id>", `the ${what} (${prefix})`);
  actionFlags(cmd).addHelpText("after", `\nExamples:\n  medusactl ${what === "return" ? "returns" : what === "claim" ? "claims" : "exchanges"} cancel ${prefix}\n  medusactl ${what === "return" ? "returns" : what === "claim" ? "claims" : "exchanges"} cancel ${prefix} --yes --json`);
  return cmd.action(async (id: string, o, c: Command) => run(ctx.factory(c), { ...o, id }));
}

export async function changeCancelRun(f: Factory, o: ChangeCancelOptions): Promise<void> {
  needYesOffTty(f, o, `cancel ${o.id}`);
  const { cancelOrderChange } = await import("../../shared/orders/lifecycle.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    await confirmOrderAction(f, o, { level: "moderate", typed: o.id, question: `Cancel ${o.id}?` });
    printResult(f, o, await cancelOrderChange(sdk, o.id, { signal: f.signal }));
  });
}
