/**
 * What every state-changing order command shares: `--yes`/`--json`, the confirmation CONTRACT.md §7
 * asks for, the printout of what changed with the re-read statuses, and turning order errors into
 * exit codes.
 */
import { Option, type Command } from "commander";
import type { HttpTypes } from "@medusajs/types";
import type { Factory } from "./factory.js";
import { JobError, UsageError } from "../../term/errors.js";
import { canPrompt } from "../../term/io.js";
import { sanitize } from "../../term/sanitize.js";
import { isOrderError, phrase } from "../../shared/orders/errors.js";
import { exactAmount } from "../../shared/format.js";
import { CLI_WORDS } from "./order-words.js";
import { requireConfirmation } from "./prompter.js";
import type { ActionResult } from "../../shared/orders/common.js";
import type { ItemsBackAndOut } from "../../shared/orders/order-change.js";
import type { Medusa } from "../../sdk/index.js";

export interface ActionFlags {
  yes?: boolean;
  json?: boolean;
}

/** `-y/--yes` and `--json` on an action command. */
export function actionFlags(cmd: Command): Command {
  // The order batches' bulk flags may have brought --yes already.
  if (!cmd.options.some((x) => x.long === "--yes")) cmd.option("-y, --yes", "do not ask for confirmation (needed when not on a terminal)");
  return cmd.option("--json", "print the order as re-read after the action, as JSON");
}

/**
 * A money amount flag: a positive decimal in the currency's major unit (19.99), exact (see
 * exactAmount: 15 significant digits, at most 3 decimals since the order's currency is not known
 * yet), else exit 2.
 */
export function parseAmount(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) throw new UsageError(`"${value}" is not an amount: use a positive number in the currency's units, e.g. 19.99`);
  const r = exactAmount(value);
  if ("error" in r) throw new UsageError(`${r.error}: use a positive number in the currency's units, e.g. 19.99`);
  if (r.value <= 0) throw new UsageError(`"${value}" is not an amount: use a positive number in the currency's units, e.g. 19.99`);
  return r.value;
}

export function amountOption(flags: string, description: string): Option {
  return new Option(flags, description).argParser(parseAmount);
}

/**
 * The flags claims and exchanges share: where the returned items go and how the new ones ship.
 * `shippingDefault` says what the customer pays when `--shipping-amount` is left out.
 */
/** The flags of `claims create` and `exchanges create` as parsed. */
export interface ItemsBackAndOutOptions extends ActionFlags {
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

/**
 * The run of `claims create` and `exchanges create`: parse the lines, let the shared layer say what
 * is wrong with the ask (before anything is read or confirmed), read the order, confirm, create.
 */
export async function itemsBackAndOutRun<R extends ActionResult>(
  f: Factory,
  o: ItemsBackAndOutOptions,
  spec: {
    doing: string;
    problem: (ask: ItemsBackAndOut) => Error | undefined;
    question: (order: HttpTypes.AdminOrder) => string;
    create: (sdk: Medusa, order: HttpTypes.AdminOrder, ask: ItemsBackAndOut & { signal?: AbortSignal }) => Promise<R>;
    ids: (r: R) => Record<string, unknown>;
  },
): Promise<void> {
  needYesOffTty(f, o, `${spec.doing} ${o.order}`);
  const { resolveOrder } = await import("../../shared/orders/read.js");
  const { parseItemFlag, parseAddFlag } = await import("../../shared/orders/lines.js");
  await mapOrderErrors(async () => {
    const ask: ItemsBackAndOut = {
      items: (o.item ?? []).map(parseItemFlag),
      add: (o.add ?? []).map(parseAddFlag),
      reasonId: o.reason,
      locationId: o.location,
      note: o.note,
      shippingOption: o.shippingOption,
      shippingAmount: o.shippingAmount,
      returnShippingOption: o.returnShippingOption,
      returnShippingAmount: o.returnShippingAmount,
    };
    const problem = spec.problem(ask);
    if (problem) throw problem;
    const sdk = await f.sdk();
    const order = await resolveOrder(sdk, o.order, { signal: f.signal });
    await confirmOrderAction(f, o, { level: "moderate", order, question: spec.question(order) });
    const res = await spec.create(sdk, order, { ...ask, signal: f.signal });
    printResult(f, o, res, spec.ids(res));
  });
}

export function itemsBackAndOutFlags(cmd: Command, shippingDefault: string, returnShippingDefault: string): Command {
  return cmd
    .option("--reason <id>", "return reason id for the items coming back")
    .option("--location <id>", "stock location the items go back to (default: where they were fulfilled from)")
    .option("--note <text>", "internal note")
    .option("--shipping-option <id|name>", "how the new items ship (default: the order's shipping option)")
    .addOption(amountOption("--shipping-amount <amount>", `what the customer pays for that shipping (default: ${shippingDefault})`).argParser(amountOrZero))
    .option("--return-shipping-option <id|name>", "how the items come back: a return shipping option (e.g. 'Standard Return')")
    .addOption(amountOption("--return-shipping-amount <amount>", `what the customer pays for the return shipping (default: ${returnShippingDefault})`).argParser(amountOrZero));
}

/**
 * `--refund [amount]` on the return verbs: alone, refund what Medusa says is owed back once the
 * return is done; with an amount, exactly that.
 */
export function refundOption(): Option {
  return new Option("--refund [amount]", "then refund the customer: what the order owes back after the return (default), or this amount; asks like `orders refund`").argParser((v: string) => parseAmount(v));
}

function amountOrZero(v: string): number {
  return v.trim() === "0" ? 0 : parseAmount(v);
}

/**
 * Off a terminal, `--yes` is required: checked before anything is read or sent, so a script
 * that forgot it learns at once (exit 2) and nothing happens.
 */
export function needYesOffTty(f: Factory, o: ActionFlags, what: string): void {
  if (!o.yes && !canPrompt(f.io)) throw new UsageError("--yes required when not running interactively", `the action: ${what}`);
}

/**
 * Asks as CONTRACT.md §7 scales it. Severe actions (refund, cancel), and every action on a
 * production profile, ask for the order's display id (or the given `typed` text: the id of a
 * return, claim or draft) to be typed.
 */
export async function confirmOrderAction(
  f: Factory,
  o: ActionFlags,
  opts: { level: "moderate" | "severe"; question: string; order?: Pick<HttpTypes.AdminOrder, "display_id" | "id">; typed?: string },
): Promise<void> {
  if (o.yes) return;
  const target = await f.target();
  const severe = opts.level === "severe" || Boolean(target.production);
  const where = `${target.profileName ? `profile ${target.profileName}` : "(environment credentials)"}, ${target.url}${target.production ? ", PRODUCTION" : ""}`;
  await requireConfirmation(f.io, f.prompter(), {
    yes: o.yes,
    level: severe ? "severe" : "moderate",
    question: `${opts.question} [${where}]`,
    typed: opts.typed ?? String(opts.order?.display_id ?? opts.order?.id ?? ""),
  });
}

/** Prints what changed and the order's statuses as re-read, or the re-read order under `--json`. */
export function printResult(f: Factory, o: ActionFlags, result: ActionResult, extra?: Record<string, unknown>): void {
  if (o.json) {
    f.io.out.write(JSON.stringify(extra ? { ...extra, order: result.order } : result.order, null, 2) + "\n");
    return;
  }
  for (const c of result.changes) f.io.out.write(`${sanitize(phrase(c, CLI_WORDS))}\n`);
  const ord = result.order;
  f.io.out.write(`order #${ord.display_id}: ${ord.status} · payment ${ord.payment_status ?? "?"} · fulfilment ${ord.fulfillment_status ?? "?"}\n`);
}

/** Order errors carry a kind; the CLI turns it into an exit code (bad input 2, anything else 1). */
export function toCliError(e: unknown): unknown {
  if (!isOrderError(e)) return e;
  // Shared code words its messages for anyone; the CLI names its own flags and commands.
  const { message, hint } = typeof e.render === "function" ? e.render(CLI_WORDS) : { message: e.message, hint: e.hint };
  if (e.kind === "input") return new UsageError(message || "invalid input", hint);
  return new JobError(message || "failed", hint);
}

/** Runs an action body with order errors mapped to CLI errors. */
export async function mapOrderErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toCliError(e);
  }
}
