/**
 * Waiting for Medusa's own import (`--engine server`) on any topology.
 *
 * Medusa tells an import's outcome only as an admin feed notification naming the file, sent by
 * the worker (NOTES.md §14 and "Production topology"). Three things make that alone unsafe:
 * - worker down: the import lands but the notification waits in Redis until the worker is back;
 * - server killed mid-import: the workflow stays `invoking` for ever and no notification comes;
 * - the server restarting under us: our polls fail for a few seconds.
 * So the wait also watches the workflow execution (its state and `updated_at`) and how many of the
 * file's new products exist. A finished execution with every new product present is "done" even
 * without the notification; no change in either for the stall time is "stuck", said with what
 * landed and how to finish.
 */
import type { Medusa } from "../../../sdk/index.js";
import { isApiError, isNetworkError, isTimeoutError } from "../../../sdk/errors.js";
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, JobError } from "../../../term/errors.js";
import { createProgress } from "../progress.js";
import { listByKeys } from "../lookup.js";

type Rec = Record<string, any>;

export interface WaitOptions {
  originalname: string;
  transactionId: string;
  /** When the import was started (ms since epoch). */
  since: number;
  timeoutMs: number;
  /** No change in the workflow or in the landed products for this long = stuck. */
  stallMs: number;
  /** Handles of the products the import creates: counted to see progress and to confirm completion. */
  newHandles: string[];
  /**
   * Reads the file's products back and tells whether the store holds exactly what the file says:
   * asked once the import has been quiet a while with every new product there (its worker may be down).
   */
  holdsFile?: () => Promise<boolean>;
  quiet?: boolean;
  /** Time and waiting, replaceable so tests can run the wait's minutes in milliseconds. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** How long a finished import's notification may lag behind the end of its workflow. */
const NOTIFICATION_GRACE_MS = 6_000;

/** Quiet this long with every new product there: time to check whether the store holds the file. */
const QUIET_MS = 10_000;

export interface WaitResult {
  outcome: "done" | "failed";
  /** Said when the outcome was read from the store rather than from the notification. */
  note?: string;
}

/** The import's workflow is stuck (the server that ran it went away): exit 1, with what landed. */
export class StuckImportError extends JobError {
  override name = "StuckImportError";
  constructor(readonly transactionId: string, readonly landed: number, readonly expected: number, detail: string) {
    super(
      `Medusa's import ${transactionId} is stuck: ${detail}; ${landed} of ${expected} new products landed`,
      "run it again with --engine batch: it matches what landed by handle, completes what the stuck import wrote in part, and sends the rest (a second server-engine import can stall behind the stuck one); Medusa has no route to cancel the stuck workflow, and its workflow engine may still resume it later and write its rows again: if the same import with --dry-run then shows updates, run the batch import once more",
    );
  }
}

/** A poll failed because the server is away or restarting (not an answer it meant). */
function serverAway(e: unknown): boolean {
  return isNetworkError(e) || isTimeoutError(e) || (isApiError(e) && e.status >= 502 && e.status <= 504);
}

export async function waitForImport(sdk: Medusa, f: Factory, o: WaitOptions): Promise<WaitResult> {
  const clock = o.clock ?? REAL_CLOCK;
  const deadline = clock.now() + o.timeoutMs;
  const progress = createProgress(f.io, { label: "waiting for Medusa's import", unit: "checks", quiet: o.quiet });
  const signal = f.signal;
  let delay = 500;
  let lastChange = clock.now();
  let last = "";
  let landed = 0;
  let lastCount = 0;
  let awaySince: number | undefined;
  let wentAway = false;
  let seenExecution = false;
  let goneAt: number | undefined;
  let checked = false;
  const countLanded = async () => {
    if (!o.newHandles.length) return 0;
    const found = await listByKeys(sdk, "product", "handle", o.newHandles, { fields: "id" }, { concurrency: 2, signal });
    return found.length;
  };
  try {
    for (;;) {
      if (signal.aborted) throw new CancelError();
      try {
        const page: Rec = await sdk.admin.notification.list({ limit: 50, order: "-created_at", fields: "id,data,created_at" } as never, undefined, { signal });
        for (const n of (page.notifications as Rec[]) ?? []) {
          if (Date.parse(n.created_at) < o.since - 60_000) continue;
          const d = (n.data ?? {}) as Rec;
          if (d.title !== "Product import" || !String(d.description ?? "").includes(o.originalname)) continue;
          return { outcome: /fail/i.test(String(d.description)) ? "failed" : "done" };
        }
        const { workflow_executions: execs } = (await sdk.admin.workflowExecution.list({ transaction_id: o.transactionId, fields: "id,state,updated_at" } as never, undefined, { signal })) as unknown as { workflow_executions: Rec[] };
        const exec = execs?.[0];
        if (clock.now() - lastCount > 5_000 || !exec) {
          landed = await countLanded();
          lastCount = clock.now();
        }
        awaySince = undefined;
        if (exec) {
          seenExecution = true;
          goneAt = undefined;
          if (["failed", "reverted", "compensating", "waiting_to_compensate"].includes(String(exec.state))) return { outcome: "failed" };
        } else {
          goneAt ??= clock.now();
          // A finished execution is removed; every new product there means it succeeded. The notification
          // usually follows within a second or two; without it after a grace, the worker may be down.
          if (o.newHandles.length > 0 && landed === o.newHandles.length && clock.now() - goneAt > NOTIFICATION_GRACE_MS) {
            return { outcome: "done", note: "Medusa's notification has not arrived (is its worker running?); the outcome was read from the store" };
          }
        }
        const now = `${exec?.state ?? "gone"}|${exec?.updated_at ?? ""}|${landed}`;
        if (now !== last) {
          last = now;
          lastChange = clock.now();
          checked = false;
        }
        // The server's part is done but the workflow's tail (run by the worker) is not: the store decides.
        if (!checked && o.holdsFile && landed === o.newHandles.length && clock.now() - lastChange > Math.min(QUIET_MS, o.stallMs / 2)) {
          checked = true;
          if (await o.holdsFile()) {
            return { outcome: "done", note: `Medusa's import ${o.transactionId} has written everything, but its workflow has not finished (is Medusa's worker running?); the outcome was read from the store` };
          }
        }
        if (clock.now() - lastChange > o.stallMs) {
          const secs = Math.round(o.stallMs / 1000);
          const detail = exec
            ? `its workflow (import-products-as-chunks, ${String(exec.id)}) has been "${String(exec.state)}" with no progress for ${secs} s${wentAway ? " after the server went away during the import" : ""}`
            : seenExecution || goneAt
              ? `its workflow ended ${secs} s ago without a notification (is Medusa's worker running?) and not every new product is there`
              : `no workflow and no progress for ${secs} s`;
          throw new StuckImportError(o.transactionId, landed, o.newHandles.length, detail);
        }
      } catch (e) {
        if (e instanceof JobError || e instanceof CancelError || signal.aborted) throw e;
        if (!serverAway(e)) throw e;
        // The server is restarting (or gone): keep waiting, up to the stall time.
        wentAway = true;
        awaySince ??= clock.now();
        if (clock.now() - awaySince > o.stallMs) {
          throw new JobError(`Medusa's import ${o.transactionId}: the server has not answered for ${Math.round((clock.now() - awaySince) / 1000)} s (${(e as Error).message})`, "when it is back, run it again with --engine batch: it matches what landed by handle and sends the rest");
        }
      }
      progress.add();
      if (clock.now() > deadline) throw new JobError(`Medusa's import ${o.transactionId} did not finish within the wait timeout (${landed} of ${o.newHandles.length} new products so far)`, "raise --wait-timeout, or look for its notification later: medusactl notifications list");
      await clock.sleep(delay);
      delay = Math.min(delay * 1.5, 3000);
    }
  } finally {
    progress.done();
  }
}
