/**
 * Claims: items that came back damaged or wrong, refunded or replaced in one call, on the
 * workflow claims and exchanges share (order-change.ts).
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import type { ActionResult, Signal } from "./common.js";
import { OrderError } from "./errors.js";
import { balanceNote } from "./payments.js";
import type { OrderRef } from "./read.js";
import { type ChangeRoutes, type ItemsBackAndOut, itemsBackAndOutProblem, runItemsBackAndOut } from "./order-change.js";

export type ClaimAsk = ItemsBackAndOut & { type: "refund" | "replace" };

/** What is wrong with a claim as asked, before anything is read (undefined: nothing). */
export function claimProblem(ask: ClaimAsk): OrderError | undefined {
  if (ask.type !== "refund" && ask.type !== "replace") return new OrderError((w) => `${w.input("type")} must be refund or replace, not "${ask.type}"`, "input");
  if (ask.type === "refund" && ask.add?.length) return new OrderError((w) => `a refund claim sends nothing out: drop ${w.input("add")}, or use ${w.input("type", "replace")}`, "input");
  return itemsBackAndOutProblem("claim", ask, ask.type === "replace");
}

/**
 * A claim: the faulty lines come back (inbound, as a return), and for `replace` the `add`
 * variants go out as new lines; for `refund` Medusa computes the amount owed. A replacement and
 * the return of a faulty item ship at the store's cost unless an amount is given.
 */
export async function createClaim(sdk: Medusa, order: OrderRef, opts: ClaimAsk & Signal): Promise<ActionResult & { claimId: string }> {
  const problem = claimProblem(opts);
  if (problem) throw problem;
  const routes: ChangeRoutes = {
    kind: "claim",
    defaultAmount: 0,
    create: async (orderId, note, s) => (await sdk.admin.claim.create({ type: opts.type, order_id: orderId, ...(note ? { internal_note: note } : {}) } as HttpTypes.AdminCreateClaim, undefined, undefined, s)).claim.id,
    resource: sdk.admin.claim,
  };
  const done = await runItemsBackAndOut(sdk, order, opts, routes, (id) => `claim ${id} (${opts.type})`, opts.type === "replace");
  const note = balanceNote(done.after);
  return { order: done.after, changes: note ? [...done.changes, note] : done.changes, claimId: done.changeId };
}
