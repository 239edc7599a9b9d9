import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface TransferOptions extends ActionFlags {
  order: string;
  customer: string;
  description?: string;
  note?: string;
}

export function makeTransferCommand(ctx: CommandContext, run: (f: Factory, o: TransferOptions) => Promise<void> = transferRun): Command {
  const cmd = new Command("transfer")
    .description("Ask a customer to take over an order; they accept or decline from their account")
    .argument("<order>", "order_… id, display id (123) or #123")
    .requiredOption("--customer <id|email>", "the customer (cus_… id or e-mail of a registered customer)")
    .option("--description <text>", "shown to the customer")
    .option("--note <text>", "internal note");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl orders transfer '#21' --customer jane@example.com --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function transferRun(f: Factory, o: TransferOptions): Promise<void> {
  needYesOffTty(f, o, `request a transfer of order ${o.order}`);
  const { resolveOrder, resolveCustomer } = await import("../../../shared/orders/read.js");
  const { requestTransfer } = await import("../../../shared/orders/lifecycle.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const customer = await resolveCustomer(sdk, o.customer, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Ask ${customer.email} (${customer.id}) to take over order #${order.display_id}?` });
    printResult(f, o, await requestTransfer(sdk, order, { customerId: customer.id, description: o.description, internalNote: o.note, signal: f.signal }));
  });
}

export interface CancelTransferOptions extends ActionFlags {
  order: string;
}

export function makeCancelTransferCommand(ctx: CommandContext, run: (f: Factory, o: CancelTransferOptions) => Promise<void> = cancelTransferRun): Command {
  const cmd = new Command("cancel-transfer").description("Withdraw a pending transfer request").argument("<order>", "order_… id, display id (123) or #123");
  actionFlags(cmd).addHelpText("after", "\nMedusa accepts this only from a logged-in admin user, not from a secret API key.\n\nExamples:\n  medusactl orders cancel-transfer '#21'\n  medusactl orders cancel-transfer 21 --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function cancelTransferRun(f: Factory, o: CancelTransferOptions): Promise<void> {
  needYesOffTty(f, o, `cancel the transfer request of order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { cancelTransfer } = await import("../../../shared/orders/lifecycle.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Withdraw the transfer request of order #${order.display_id}?` });
    printResult(f, o, await cancelTransfer(sdk, order, { signal: f.signal }));
  });
}
