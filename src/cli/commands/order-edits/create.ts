import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect } from "../../cmdutil/input.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface EditCreateOptions extends ActionFlags {
  order: string;
  add?: string[];
  item?: string[];
  remove?: string[];
  note?: string;
  confirm?: boolean;
}

export function makeEditCreateCommand(ctx: CommandContext, run: (f: Factory, o: EditCreateOptions) => Promise<void> = editCreateRun): Command {
  const cmd = new Command("create")
    .description("Edit an order: add variants, change quantities, remove lines; then request and confirm the edit")
    .argument("<order>", "order_… id, display id (123) or #123")
    .option("--add <variant:qty>", "add a variant (id or SKU) with a quantity; repeatable", collect)
    .option("--item <line:qty>", "set an existing line (number, SKU or ordli_ id) to a new quantity; repeatable", collect)
    .option("--remove <line>", "remove a line; repeatable", collect)
    .option("--note <text>", "internal note")
    .option("--no-confirm", "leave the edit requested, for `order-edits confirm` later");
  actionFlags(cmd).addHelpText("after", "\nExamples:\n  medusactl order-edits create '#21' --add SKU-RED-M:1\n  medusactl order-edits create 21 --item 2:3 --remove 1 --no-confirm --yes");
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order }));
}

export async function editCreateRun(f: Factory, o: EditCreateOptions): Promise<void> {
  needYesOffTty(f, o, `edit order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { createOrderEdit } = await import("../../../shared/orders/edits.js");
  const { parseItemFlag, parseAddFlag } = await import("../../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const add = (o.add ?? []).map(parseAddFlag);
    const items = (o.item ?? []).map(parseItemFlag);
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    const what = [...(o.add ?? []).map((a) => `add ${a}`), ...(o.item ?? []).map((i) => `set ${i}`), ...(o.remove ?? []).map((r) => `remove line ${r}`)].join(", ");
    await confirmOrderAction(f, o, { level: "moderate", order, question: `Edit order #${order.display_id}: ${what || "nothing"}${o.confirm === false ? " (requested only)" : ""}?` });
    printResult(f, o, await createOrderEdit(sdk, order, { add, items, remove: o.remove, note: o.note, confirm: o.confirm, signal: f.signal }));
  });
}

export interface EditFinishOptions extends ActionFlags {
  order: string;
  how: "confirm" | "cancel";
}

/** `order-edits confirm|cancel <order>`: accepts a display id, unlike the raw routes. */
export function makeEditFinishCommand(ctx: CommandContext, how: "confirm" | "cancel", run: (f: Factory, o: EditFinishOptions) => Promise<void> = editFinishRun): Command {
  const cmd = new Command(how)
    .description(how === "confirm" ? "Confirm the order's requested edit" : "Drop the order's pending edit")
    .argument("<order>", "order_… id, display id (123) or #123");
  actionFlags(cmd).addHelpText("after", `\nExamples:\n  medusactl order-edits ${how} '#21'\n  medusactl order-edits ${how} 21 --yes --json`);
  return cmd.action(async (order: string, o, c: Command) => run(ctx.factory(c), { ...o, order, how }));
}

export async function editFinishRun(f: Factory, o: EditFinishOptions): Promise<void> {
  needYesOffTty(f, o, `${o.how} the edit of order ${o.order}`);
  const { resolveOrder } = await import("../../../shared/orders/read.js");
  const { finishOrderEdit } = await import("../../../shared/orders/edits.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: `${o.how === "confirm" ? "Confirm" : "Cancel"} the pending edit of order #${order.display_id}?` });
    printResult(f, o, await finishOrderEdit(sdk, order, o.how, { signal: f.signal }));
  });
}
