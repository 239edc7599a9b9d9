import { Command } from "commander";
import { phrase, type Phrase } from "../../../shared/orders/errors.js";
import { sanitize } from "../../../term/sanitize.js";
import { CLI_WORDS } from "../../cmdutil/order-words.js";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { collect, readData } from "../../cmdutil/input.js";
import { UsageError } from "../../../term/errors.js";
import { actionFlags, confirmOrderAction, mapOrderErrors, needYesOffTty, printResult, type ActionFlags } from "../../cmdutil/order-action.js";

export interface DraftCreateOptions {
  email?: string;
  customer?: string;
  region?: string;
  add?: string[];
  shippingOption?: string;
  address?: string;
  salesChannel?: string;
  promoCode?: string[];
  data?: string;
  json?: boolean;
}

export function makeDraftCreateCommand(ctx: CommandContext, run: (f: Factory, o: DraftCreateOptions) => Promise<void> = draftCreateRun): Command {
  const cmd = new Command("create")
    .description("Create a draft order for a customer (convert it into an order with `draft-orders convert`)")
    .option("--email <address>", "the customer's e-mail")
    .option("--customer <id>", "an existing customer (cus_…)")
    .option("--region <id|name|currency>", "region, e.g. reg_…, Europe or eur")
    .option("--add <variant:qty>", "a variant (id or SKU) and quantity; repeatable", collect)
    .option("--shipping-option <id|name>", "shipping option, priced in the region's currency")
    .option("--address <json|@file>", "shipping (and billing) address as JSON: first_name, last_name, address_1, city, postal_code, country_code…")
    .option("--sales-channel <id>", "sales channel (sc_…)")
    .option("--promo-code <code>", "a promotion code to apply (e.g. CI10); repeatable", collect)
    .option("--data <json|@file|->", "the whole request body instead of the flags above")
    .option("--json", "print the draft order as JSON")
    .addHelpText("after", "\nExamples:\n  medusactl draft-orders create --email jane@example.com --region eur --add SKU-RED-M:2 --shipping-option 'Standard Shipping' --address @addr.json\n  medusactl draft-orders create --email jane@example.com --region eur --add SKU-RED-M:1 --promo-code CI10\n  medusactl draft-orders create --data @draft.json --json");
  return cmd.action(async (o, c: Command) => run(ctx.factory(c), o));
}

export async function draftCreateRun(f: Factory, o: DraftCreateOptions): Promise<void> {
  const { createDraftOrder } = await import("../../../shared/orders/drafts.js");
  const { parseAddFlag } = await import("../../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    let draft;
    let changes: Phrase[];
    if (o.data !== undefined) {
      if (o.promoCode?.length) throw new UsageError("--promo-code goes with the flags, not --data (put promo_codes in the body)");
      const body = await readData(f.io, o.data);
      draft = (await sdk.admin.draftOrder.create(body as never, undefined, undefined, { signal: f.signal })).draft_order;
      changes = [`draft order #${draft.display_id} (${draft.id}) created`];
    } else {
      if (!o.region) throw new UsageError("--region is required (or give the whole body with --data)");
      let address: unknown;
      if (o.address !== undefined) {
        address = await readData(f.io, o.address);
        if (!address || typeof address !== "object" || Array.isArray(address)) throw new UsageError("--address must be a JSON object");
      }
      ({ draft, changes } = await createDraftOrder(sdk, {
        email: o.email,
        customerId: o.customer,
        region: o.region,
        add: (o.add ?? []).map(parseAddFlag),
        shippingOption: o.shippingOption,
        address: address as never,
        salesChannelId: o.salesChannel,
        promoCodes: o.promoCode,
        signal: f.signal,
      }));
    }
    if (o.json) return void f.io.out.write(JSON.stringify(draft, null, 2) + "\n");
    for (const c of changes) f.io.out.write(`${sanitize(phrase(c, CLI_WORDS))}\n`);
  });
}

export interface DraftConvertOptions extends ActionFlags {
  draft: string;
}

export function makeDraftConvertCommand(ctx: CommandContext, run: (f: Factory, o: DraftConvertOptions) => Promise<void> = draftConvertRun): Command {
  const cmd = new Command("convert").description("Turn a draft order into an order").argument("<draft>", "the draft order (order_… id of the draft)");
  actionFlags(cmd).addHelpText("after", "\nThe payment is then taken outside Medusa: record it with `medusactl payment-collections mark-as-paid <order>`.\n\nExamples:\n  medusactl draft-orders convert order_…\n  medusactl draft-orders convert order_… --yes --json");
  return cmd.action(async (draft: string, o, c: Command) => run(ctx.factory(c), { ...o, draft }));
}

export async function draftConvertRun(f: Factory, o: DraftConvertOptions): Promise<void> {
  needYesOffTty(f, o, `convert draft ${o.draft}`);
  const { convertDraftOrder } = await import("../../../shared/orders/drafts.js");
  await mapOrderErrors(async () => {
    const sdk = await f.sdk();
    await confirmOrderAction(f, o, { level: "moderate", typed: o.draft, question: `Turn draft ${o.draft} into an order?` });
    printResult(f, o, await convertDraftOrder(sdk, o.draft, { signal: f.signal }));
  });
}

export interface DraftPromotionsOptions extends ActionFlags {
  draft: string;
  code?: string[];
}

/** `draft-orders add-promotions` and `remove-promotions`: promotion codes on a draft, through one draft edit. */
export function makeDraftPromotionsCommand(ctx: CommandContext, verb: "add-promotions" | "remove-promotions", run: (f: Factory, o: DraftPromotionsOptions, verb: "add-promotions" | "remove-promotions") => Promise<void> = draftPromotionsRun): Command {
  const adding = verb === "add-promotions";
  const cmd = new Command(verb)
    .description(adding ? "Apply promotion codes to a draft order (one draft edit, confirmed)" : "Take promotion codes off a draft order (one draft edit, confirmed)")
    .argument("<draft>", "the draft order (order_… id of the draft)")
    .requiredOption("--code <code>", `a promotion code to ${adding ? "apply" : "take off"}; repeatable`, collect);
  actionFlags(cmd).addHelpText("after", `\nExamples:\n  medusactl draft-orders ${verb} order_… --code CI10 --yes\n  medusactl draft-orders ${verb} order_… --code CI10 --code FREESHIP --yes --json`);
  return cmd.action(async (draft: string, o, c: Command) => run(ctx.factory(c), { ...o, draft }, verb));
}

export async function draftPromotionsRun(f: Factory, o: DraftPromotionsOptions, verb: "add-promotions" | "remove-promotions"): Promise<void> {
  const adding = verb === "add-promotions";
  needYesOffTty(f, o, `${adding ? "apply" : "remove"} promotions on draft ${o.draft}`);
  const { changeDraftPromotions } = await import("../../../shared/orders/drafts.js");
  await mapOrderErrors(async () => {
    const codes = (o.code ?? []).map((c) => c.trim()).filter(Boolean);
    if (!codes.length) throw new UsageError("--code needs a promotion code");
    const sdk = await f.sdk();
    await confirmOrderAction(f, o, { level: "moderate", typed: o.draft, question: `${adding ? "Apply" : "Remove"} ${codes.join(", ")} ${adding ? "to" : "from"} draft ${o.draft}?` });
    const { draft, changes } = await changeDraftPromotions(sdk, o.draft, { [adding ? "add" : "remove"]: codes, signal: f.signal });
    if (o.json) return void f.io.out.write(JSON.stringify(draft, null, 2) + "\n");
    for (const c of changes) f.io.out.write(`${sanitize(phrase(c, CLI_WORDS))}\n`);
  });
}
