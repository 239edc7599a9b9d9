import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, itemsBackAndOutFlags, itemsBackAndOutRun, type ItemsBackAndOutOptions } from "../../cmdutil/order-action.js";

export interface ClaimCreateOptions extends ItemsBackAndOutOptions {
  type: "refund" | "replace";
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
  const { createClaim, claimProblem } = await import("../../../shared/orders/claims.js");
  await itemsBackAndOutRun(f, o, {
    doing: "open a claim on order",
    problem: (ask) => claimProblem({ ...ask, type: o.type }),
    question: (order) => `Open a ${o.type} claim on order #${order.display_id} for ${o.item!.join(", ")}${o.add?.length ? `, sending ${o.add.join(", ")}` : ""}?`,
    create: (sdk, order, ask) => createClaim(sdk, order, { ...ask, type: o.type }),
    ids: (res) => ({ claim_id: res.claimId }),
  });
}
