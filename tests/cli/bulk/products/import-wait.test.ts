import { describe, expect, it } from "vitest";
import type { Factory } from "../../../../src/cli/cmdutil/factory.js";
import { StuckImportError, waitForImport } from "../../../../src/cli/bulk/products/import-wait.js";
import { connectionReset, fault, stubRegistry, type StubRequest } from "../../../helpers/medusa-stub/registry.js";
import { testIO } from "../../../helpers/test-io.js";

type Rec = Record<string, any>;

/** Medusa as the wait sees it: notifications, the import's workflow execution, and the products by handle. */
function fakeMedusa(s: { notification?: () => Rec | undefined; execution?: () => Rec | undefined; landed: () => string[]; away?: () => boolean }) {
  const reg = stubRegistry();
  // Every request counts towards `away`, whichever route it asks for, as the server restarts under all of them.
  const route = (r: string, fn: (req: StubRequest) => unknown) => reg.stub(r, (req) => (s.away?.() ? fault(connectionReset()) : fn(req))).persist().optional();
  route("GET /admin/notifications", () => ({ notifications: [s.notification?.()].filter(Boolean), count: 0 }));
  route("GET /admin/workflows-executions", () => ({ workflow_executions: [s.execution?.()].filter(Boolean), count: 0 }));
  route("GET /admin/products", ({ query }) => {
    const wanted = ([] as string[]).concat((query.handle as string[]) ?? []);
    return { products: s.landed().filter((h) => wanted.includes(h)).map((h) => ({ id: `prod_${h}`, handle: h })), count: 0 };
  });
  return reg.sdk({ baseUrl: "http://fake" });
}

const factory = () => ({ io: testIO().io, signal: new AbortController().signal }) as unknown as Factory;

/** A clock whose sleeps pass at once: the wait's seconds of backoff and stall time take no real time. */
function fakeClock(start = Date.now()) {
  let t = start;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), elapsed: () => t - start };
}

const base = { originalname: "medusactl-import-x.csv", transactionId: "auto-1", since: Date.now(), timeoutMs: 60_000, quiet: true, get clock() { return fakeClock(); } };
const handles = ["a", "b", "c"];

describe("waiting for Medusa's import", () => {
  it("takes the outcome from the notification when it comes", async () => {
    let polls = 0;
    const sdk = fakeMedusa({
      notification: () => (++polls > 1 ? { created_at: new Date().toISOString(), data: { title: "Product import", description: "Product import of file medusactl-import-x.csv failed" } } : undefined),
      execution: () => ({ id: "wf_exec_1", state: "invoking", updated_at: "t1" }),
      landed: () => [],
    });
    await expect(waitForImport(sdk, factory(), { ...base, stallMs: 30_000, newHandles: handles })).resolves.toEqual({ outcome: "failed" });
  });

  it("with the worker down, a finished workflow whose products all landed is done, said as read from the store", async () => {
    let polls = 0;
    const sdk = fakeMedusa({ execution: () => (++polls < 3 ? { id: "wf_exec_1", state: "invoking", updated_at: `t${polls}` } : undefined), landed: () => (polls < 3 ? ["a"] : handles) });
    const r = await waitForImport(sdk, factory(), { ...base, stallMs: 30_000, newHandles: handles });
    expect(r.outcome).toBe("done");
    expect(r.note).toMatch(/worker/);
  });

  it("a workflow left invoking with no progress is stuck: it names the workflow and what landed", async () => {
    const sdk = fakeMedusa({ execution: () => ({ id: "wf_exec_9", state: "invoking", updated_at: "frozen" }), landed: () => ["a", "b"] });
    const err = await waitForImport(sdk, factory(), { ...base, stallMs: 1_200, newHandles: handles }).catch((e) => e);
    expect(err).toBeInstanceOf(StuckImportError);
    expect(err.message).toMatch(/auto-1 is stuck: .*wf_exec_9.*"invoking" with no progress/);
    expect(err.message).toMatch(/2 of 3 new products landed/);
    expect(err.hint).toMatch(/run it again with --engine batch/);
    // Medusa resumed such a workflow after a restart once and rewrote its rows after the batch rerun.
    expect(err.hint).toMatch(/may still resume it later .* --dry-run then shows updates, run the batch import once more/);
  });

  it("keeps waiting while the server restarts, and says so if the workflow is then stuck", async () => {
    let polls = 0;
    const sdk = fakeMedusa({ away: () => ++polls >= 2 && polls <= 3, execution: () => ({ id: "wf_exec_2", state: "invoking", updated_at: "frozen" }), landed: () => ["a"] });
    const err = await waitForImport(sdk, factory(), { ...base, stallMs: 2_500, newHandles: handles }).catch((e) => e);
    expect(err).toBeInstanceOf(StuckImportError);
    expect(err.message).toMatch(/after the server went away/);
    expect(err.landed).toBe(1);
  });

  it("gives up when the server stays away longer than the stall time", async () => {
    const sdk = fakeMedusa({ away: () => true, landed: () => [] });
    const err = await waitForImport(sdk, factory(), { ...base, stallMs: 800, newHandles: handles }).catch((e) => e);
    expect(err).not.toBeInstanceOf(StuckImportError);
    expect(err.message).toMatch(/has not answered for \d+ s/);
  });
});
