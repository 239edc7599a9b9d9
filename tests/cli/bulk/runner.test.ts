/**
 * The runner (src/cli/bulk/runner.ts): an engine declares chunks, a plan and a write; the runner
 * runs them. A fake engine over an in-memory "store" stands in for Medusa: what is tested here is
 * what the runner guarantees to every engine (dry run = the real run's plan, resume after cancel,
 * read-back of a lost answer), which a real server cannot be made to show on demand.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFactory } from "../../../src/cli/cmdutil/factory.js";
import { runEngine, type Engine, type RunOutcome } from "../../../src/cli/bulk/runner.js";
import { sendSettled } from "../../../src/shared/uncertain.js";
import { chunked } from "../../../src/cli/bulk/pool.js";
import { rowError, type ReportRow } from "../../../src/cli/bulk/report.js";
import type { BulkFlags } from "../../../src/cli/bulk/options.js";
import { ApiError } from "../../../src/sdk/errors.js";
import { CancelError, PartialFailureError } from "../../../src/term/errors.js";
import { testIO } from "../../helpers/test-io.js";

/** A sheet of SKU → quantity, rows 2.. (the header is row 1). */
type Want = { row: number; sku: string; qty: number };

function setup(wants: Want[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-runner-"));
  const file = path.join(dir, "stock.csv");
  writeFileSync(file, ["sku,qty", ...wants.map((w) => `${w.sku},${w.qty}`)].join("\n"));
  const factory = (opts: { signal?: AbortSignal } = {}) => {
    const t = testIO();
    const f = createFactory(t.io, {}, opts.signal ?? new AbortController().signal, {
      dataDir: () => dir,
      target: async () => ({ url: "http://fake", profileName: "test", source: "profile", production: false }),
      argv: ["inventory", "apply", file],
    });
    return { f, t };
  };
  return { dir, file, factory };
}

/**
 * An engine as inventory apply is one: it plans against the store as it finds it (a level that
 * already holds the sheet's quantity is unchanged) and writes chunks of levels.
 */
function stockEngine(file: string, wants: Want[], store: Map<string, number>, o: { chunk?: number; sent?: string[][]; onWrite?: (skus: string[]) => void; lose?: Set<number> } = {}): Engine<Want[]> {
  let requests = 0;
  const rowFor = (w: Want, action: ReportRow["action"]): ReportRow => ({ row: w.row, action, key: w.sku, changes: action === "unchanged" ? undefined : [`qty ${store.get(w.sku) ?? "none"} → ${w.qty}`] });
  const todo = wants.filter((w) => store.get(w.sku) !== w.qty);
  return {
    job: { command: "inventory apply", file, idColumns: ["sku"], progress: { label: "testing" }, lastRow: wants.length + 1 },
    settled: wants.filter((w) => store.get(w.sku) === w.qty).map((w) => rowFor(w, "unchanged")),
    chunks: () => chunked(todo, { maxItems: o.chunk ?? 2 }),
    plan: (chunk) => chunk.map((w) => rowFor(w, store.has(w.sku) ? "update" : "create")),
    describe: (chunk) => `rows ${chunk.map((w) => w.row).join(", ")}`,
    async write(chunk, planned, signal) {
      const sent = await sendSettled(chunk.map((w, i) => ({ w, row: planned[i]! })), {
        signal,
        send: async (pending) => {
          o.sent?.push(pending.map((p) => p.w.sku));
          for (const p of pending) store.set(p.w.sku, p.w.qty);
          o.onWrite?.(pending.map((p) => p.w.sku));
          // The server did the work; the answer never came back (a 502 from the proxy).
          if (o.lose?.has(requests++)) throw new ApiError({ status: 502, statusText: "Bad Gateway", message: "bad gateway", request: { method: "POST", url: "/x" } as never });
          return pending.map(() => true);
        },
        readBack: async (pending) => pending.map((p) => (store.get(p.w.sku) === p.w.qty ? true : undefined)),
      });
      return [...sent.done.map((d) => d.item.row), ...sent.failed.map((p) => ({ ...p.row, action: "failed" as const, error: rowError(sent.error) }))];
    },
  };
}

const flags = (x: Partial<BulkFlags> = {}): BulkFlags => ({ concurrency: 1, quiet: true, ...x });
const wantsOf = (n: number, qty = 5): Want[] => Array.from({ length: n }, (_, i) => ({ row: i + 2, sku: `S${i}`, qty: qty + i }));
const reportRows = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { rows: ReportRow[]; summary: Record<string, number> });

describe("a dry run is the real run's plan, with the writes left out", () => {
  it.each([
    ["every row new", 5, new Map<string, number>(), 1],
    ["some unchanged, some changed", 7, new Map([["S0", 5], ["S1", 0], ["S3", 8], ["S6", 1]]), 1],
    ["three chunks at once", 9, new Map([["S2", 7]]), 3],
  ])("%s: the same rows, the same summary, and nothing written", async (_name, n, before, concurrency) => {
    const wants = wantsOf(n);
    const { file, factory, dir } = setup(wants);
    const dryStore = new Map(before);
    const drySent: string[][] = [];
    let shown: RunOutcome<Want[], ReportRow> | undefined;
    const dry = await runEngine(factory().f, flags({ dryRun: true, concurrency }), stockEngine(file, wants, dryStore, { sent: drySent }), (o) => (shown = o));
    expect(drySent).toEqual([]);
    expect(dryStore).toEqual(before);
    expect(shown).toBe(dry);

    const report = path.join(dir, "report.json");
    const realStore = new Map(before);
    const real = await runEngine(factory().f, flags({ report, concurrency }), stockEngine(file, wants, realStore), () => {});
    expect(real.summary).toEqual(dry.summary);
    const byRow = (a: ReportRow, b: ReportRow) => a.row - b.row;
    const planned = [...dry.walked.flatMap((w) => w.rows)];
    const written = reportRows(report).rows.filter((r) => r.action !== "unchanged");
    expect(written.sort(byRow)).toEqual(planned.sort(byRow));
    expect(Object.fromEntries(realStore)).toEqual(Object.fromEntries(wants.map((w) => [w.sku, w.qty])));
  });

  it("a dry run takes no lock and leaves no checkpoint: a real run may start beside it", async () => {
    const wants = wantsOf(4);
    const { file, factory } = setup(wants);
    let inside: Promise<unknown> | undefined;
    const store = new Map<string, number>();
    const engine = stockEngine(file, wants, store);
    const realWhileDry = { ...engine, plan: (c: Want[]) => ((inside ??= runEngine(factory().f, flags(), stockEngine(file, wants, new Map()), () => {})), engine.plan(c)) };
    await runEngine(factory().f, flags({ dryRun: true }), realWhileDry, () => {});
    await expect(inside).resolves.toMatchObject({ dryRun: false, summary: { create: 4 } });
  });
});

describe("cancel and resume", () => {
  it("a Ctrl-C lets the chunk in flight land and exits 130; --resume writes only the rest and reports every row as done", async () => {
    const wants = wantsOf(6);
    const { file, factory, dir } = setup(wants);
    const store = new Map<string, number>();
    const interrupt = new AbortController();
    const { f, t } = factory({ signal: interrupt.signal });
    const firstSent: string[][] = [];
    const first = runEngine(f, flags(), stockEngine(file, wants, store, { sent: firstSent, onWrite: () => interrupt.abort() }), () => {});
    await expect(first).rejects.toBeInstanceOf(CancelError);
    await expect(first).rejects.toMatchObject({ exitCode: 130 });
    expect(firstSent).toEqual([["S0", "S1"]]);
    expect(t.err()).toContain("Interrupted: 2 rows done and saved");
    expect(t.err()).toContain("--resume");

    const report = path.join(dir, "report.json");
    const againSent: string[][] = [];
    const shown: string[] = [];
    const again = await runEngine(factory().f, flags({ resume: true, report }), stockEngine(file, wants, store, { sent: againSent }), (o) => shown.push(JSON.stringify(o.summary)));
    expect(againSent.flat()).toEqual(["S2", "S3", "S4", "S5"]);
    // The rows the first run wrote plan as unchanged now, and are reported as what was done.
    expect(again.summary).toMatchObject({ rows: 6, create: 6, unchanged: 0, failed: 0 });
    expect(reportRows(report).rows.map((r) => [r.row, r.action]).sort()).toEqual(wants.map((w) => [w.row, "create"]).sort());
    expect(shown).toHaveLength(1);
  });

  it("a row that failed keeps the checkpoint (exit 3 after the summary is shown) and --resume retries only it", async () => {
    const wants = wantsOf(4);
    const { file, factory } = setup(wants);
    const store = new Map<string, number>();
    const engine = stockEngine(file, wants, store);
    const refusing: Engine<Want[]> = { ...engine, write: async (c, planned, s) => (c.some((w) => w.sku === "S3") ? planned.map((r) => ({ ...r, action: "failed" as const, error: { message: "refused", status: 400 } })) : engine.write(c, planned, s)) };
    let shown = 0;
    await expect(runEngine(factory().f, flags(), refusing, () => shown++)).rejects.toBeInstanceOf(PartialFailureError);
    expect(shown).toBe(1);
    const sent: string[][] = [];
    const again = await runEngine(factory().f, flags({ resume: true }), stockEngine(file, wants, store, { sent }), () => {});
    expect(sent).toEqual([["S2", "S3"]]);
    expect(again.summary).toMatchObject({ rows: 4, create: 4, failed: 0 });
  });
});

describe("a write whose answer is lost", () => {
  it.each([
    ["the first request", new Set([0])],
    ["two requests in a row", new Set([0, 1])],
  ])("%s: read back before anything is sent again, so each level is written once and no row is called failed", async (_name, lose) => {
    const wants = wantsOf(4);
    const { file, factory } = setup(wants);
    const store = new Map<string, number>();
    const sent: string[][] = [];
    const run = await runEngine(factory().f, flags(), stockEngine(file, wants, store, { sent, lose }), () => {});
    expect(sent).toEqual([["S0", "S1"], ["S2", "S3"]]);
    expect(run.summary).toMatchObject({ rows: 4, create: 4, failed: 0 });
  });
});
