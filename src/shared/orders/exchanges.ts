/**
 * Exchanges: items coming back and what goes out instead, in one call, on the workflow claims and
 * exchanges share (order-change.ts).
 */
import type { Medusa } from "../../sdk/index.js";
import type { ActionResult, Signal } from "./common.js";
import { OrderError } from "./errors.js";
import { balanceNote } from "./payments.js";
import type { OrderRef } from "./read.js";
import { type ChangeRoutes, type ItemsBackAndOut, itemsBackAndOutProblem, runItemsBackAndOut } from "./order-change.js";

/** What is wrong with an exchange as asked, before anything is read (undefined: nothing). */
export function exchangeProblem(ask: ItemsBackAndOut): OrderError | undefined {
  return itemsBackAndOutProblem("exchange", ask, true);
}

/**
 * An exchange: lines come back (inbound), `add` variants go out (outbound), in one confirmed
 * change. Both legs cost the shipping option's price unless an amount is given.
 */
export async function createExchange(sdk: Medusa, order: OrderRef, opts: ItemsBackAndOut & { add: ItemsBackAndOut["add"] } & Signal): Promise<ActionResult & { exchangeId: string }> {
  const routes: ChangeRoutes = {
    kind: "exchange",
    create: async (orderId, note, s) => (await sdk.admin.exchange.create({ order_id: orderId, ...(note ? { internal_note: note } : {}) }, undefined, undefined, s)).exchange.id,
    resource: sdk.admin.exchange,
  };
  const done = await runItemsBackAndOut(sdk, order, opts, routes, (id) => `exchange ${id}`, true);
  const note = balanceNote(done.after);
  return { order: done.after, changes: note ? [...done.changes, note] : done.changes, exchangeId: done.changeId };
}
