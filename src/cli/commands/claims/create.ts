import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, itemsBackAndOutFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface ClaimCreateOptions extends ActionFlags {
  order: string;
  item?: string[];
  type: "refund" | "replace";
  add?: string[];
  reason?: string;
  location?: string;
  note?: string;
  shippingOption?: string;
  shippingAmount?: number;
  returnShippingOption?: string;
  returnShippingAmount?: number;
}

export function makeClaimCreateCommand(ctx: CommandContext, run: (f: Factory, o: ClaimCreateOptions) => Promise<void> = claimCreateRun): Command {
  const cmd = new Command("create")
    .description("Open and confirm a claim: faulty items come back; refund them or send replacements")
    .argument("<order>", "order_… id, display id (123) or #123")
    .option("--item <line:qty>", "a claimed line (number, SKU or ordli_ id) and quantity; repeatable", collect)
    .addOption(new Option("--type <type>", "refund or replace").choices(["refund", "replace"]).makeOptionMandatory())
    .option("--add <variant:qty>", "replacement to send (variant id or SKU) and quantity; repeatable; --type replace", collect);
  itemsBackAndOutFlags(cmd, "0, the store pays", "0, the store pays");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl claims create '#21' --item 1:1 --type replace --add SKU-RED-M:1\n  medusactl claims create 21 --item 2:1 --type refund --yes\n  medusactl claims create 21 --item 2:1 --type refund --return-shipping-option 'Standard Return' --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function claimCreateRun(f: Factory, o: ClaimCreateOptions): Promise<void> {
  needYesOffTty(f, o, `open a claim on order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { createClaim, claimProblem } = await import("../../../shared/orders/claims.js");
  const { parseItemFlag, parseAddFlag } = await import("../../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const items = (o.item ?? []).map(parseItemFlag);
    const add = (o.add ?? []).map(parseAddFlag);
    // The shared layer's own check, before anything is read or confirmed.
    const problem = claimProblem({ ...o, items, add });
    if (problem) throw problem;
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, {
      level: "moderate",
      order,
      question: `Open a ${o.type} claim on order #${order.display_id} for ${o.item!.join(", ")}${add.length ? `, sending ${o.add!.join(", ")}` : ""}?`,
    });
    const res = await createClaim(sdk, order, { items, type: o.type, add, reasonId: o.reason, locationId: o.location, note: o.note, shippingOption: o.shippingOption, shippingAmount: o.shippingAmount, returnShippingOption: o.returnShippingOption, returnShippingAmount: o.returnShippingAmount, signal: f.signal });
    printResult(f, o, res, { claim_id: res.claimId });
  });
}
