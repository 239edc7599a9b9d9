/**
 * The bulk job runner (src/cli/bulk/job.ts): one job at a time, cancel that lets writes in flight
 * finish and says how to resume, and one wording of failures.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFactory } from "../../../src/cli/cmdutil/factory.js";
import { BulkJob, resumeCommand, shellQuote } from "../../../src/cli/bulk/job.js";
import { JobLock, holderAlive, processStartTicks } from "../../../src/cli/bulk/job-lock.js";
import { CancelError, JobError, PartialFailureError } from "../../../src/term/errors.js";
import type { ReportRow } from "../../../src/cli/bulk/report.js";
import { testIO } from "../../helpers/test-io.js";

function setup(rows = 10) {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-job-"));
  const file = path.join(dir, "in.csv");
  writeFileSync(file, ["sku", ...Array.from({ length: rows }, (_, i) => `S${i}`)].join("\n"));
  const factory = (opts: { argv?: string[]; signal?: AbortSignal; stopNow?: AbortSignal } = {}) => {
    const t = testIO();
    const f = createFactory(t.io, {}, opts.signal ?? new AbortController().signal, {
      dataDir: () => dir,
      target: async () => ({ url: "http://fake", profileName: "test", source: "profile", production: false }),
      argv: opts.argv ?? ["inventory", "apply", file],
      stopNow: opts.stopNow,
    });
    return { f, t };
  };
  return { dir, file, factory };
}

const spec = (file: string, report?: string) => ({ command: "inventory apply", file, flags: { concurrency: 2, quiet: true, report }, idColumns: ["id"], progress: { label: "testing" }, lastRow: 11 });
const row = (n: number, action: ReportRow["action"] = "create"): ReportRow => ({ row: n, action, key: `S${n - 2}` });

describe("one run of a job at a time", () => {
  it("refuses a second run of the same job with the first one's pid and start time, and takes the lock once the first is done", async () => {
    const { file, factory } = setup();
    const first = await BulkJob.open(factory().f, spec(file));
    const second = await BulkJob.open(factory().f, spec(file)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(JobError);
    expect((second as JobError).exitCode).toBe(1);
    expect((second as Error).message).toMatch(new RegExp(`pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\dT`));
    await first.end();
    const third = await BulkJob.open(factory().f, spec(file));
    await third.end();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const { dir } = setup();
    const child = spawn(process.execPath, ["-e", ""]);
    const pid = child.pid!;
    await new Promise((r) => child.on("exit", r));
    writeFileSync(path.join(dir, "abc.lock"), JSON.stringify({ pid, host: (await import("node:os")).hostname(), startedAt: "2026-01-01T00:00:00.000Z", command: "x" }));
    const lock = await JobLock.acquire(dir, "abc", "x");
    expect(JSON.parse(readFileSync(path.join(dir, "abc.lock"), "utf8")).pid).toBe(process.pid);
    await lock.release();
    expect(readdirSync(dir)).not.toContain("abc.lock");
  });

  it("does not trust a pid that now belongs to another process (its start time differs)", () => {
    const ticks = processStartTicks(process.pid);
    expect(ticks).toMatch(/^\d+$/);
    const host = "here";
    expect(holderAlive({ pid: process.pid, host, startedAt: "", ticks, command: "x" }, host)).toBe(true);
    expect(holderAlive({ pid: process.pid, host, startedAt: "", ticks: String(Number(ticks) + 1), command: "x" }, host)).toBe(false);
  });
});

describe("cancel", () => {
  it("a first Ctrl-C lets the chunk in flight finish, keeps the checkpoint, prints the resume command and exits 130", async () => {
    const { file, factory } = setup();
    const interrupt = new AbortController();
    const { f, t } = factory({ signal: interrupt.signal, argv: ["inventory", "apply", file, "--report", "my report.json"] });
    const job = await BulkJob.open(f, { ...spec(file), flags: { concurrency: 1, quiet: true } });
    const started: number[] = [];
    let writeSignalAborted: boolean | undefined;
    const error = await (async () => {
      try {
        await job.each([[2, 3], [4, 5], [6, 7]], async (chunk) => {
          started.push(chunk[0]!);
          // Ctrl-C arrives while the first chunk is on the wire.
          if (chunk[0] === 2) interrupt.abort();
          await new Promise((r) => setTimeout(r, 20));
          writeSignalAborted = job.signal.aborted;
          await job.record(chunk.map((n) => row(n)));
        });
        await job.end();
      } catch (e) {
        return job.abandon(e).catch((e2: unknown) => e2);
      }
    })();
    expect(error).toBeInstanceOf(CancelError);
    expect((error as CancelError).exitCode).toBe(130);
    expect(started).toEqual([2]);
    expect(writeSignalAborted).toBe(false);
    expect(t.err()).toContain("Interrupted: 2 rows done and saved");
    expect(t.err()).toContain(`medusactl inventory apply ${file} --report 'my report.json' --resume`);
    const resumed = await BulkJob.open(factory().f, { ...spec(file), flags: { concurrency: 1, quiet: true, resume: true } });
    expect([...resumed.done.keys()]).toEqual([2, 3]);
    await resumed.end();
  });

  it("a second Ctrl-C names what was in flight and may be uncertain", async () => {
    const { file, factory } = setup();
    const now = new AbortController();
    const { f, t } = factory({ stopNow: now.signal });
    const job = await BulkJob.open(f, spec(file));
    const run = job.each([[2, 3]], async () => {
      now.abort();
      await new Promise((r) => setTimeout(r, 5));
    }, (c) => `rows ${c.join("–")}`);
    await run;
    expect(t.err()).toMatch(/Stopped at once: rows 2–3 was in flight and may or may not be on the server\. --resume reads them back/);
    await job.end();
  });
});

describe("a job that converges (apply -f)", () => {
  const converging = (file: string) => ({ ...spec(file), command: "apply", converges: true, flags: { concurrency: 1, quiet: true }, progress: { label: "applying", unit: "objects", total: 3 } });

  it("keeps no journal, and a first Ctrl-C says how far it got and that the same command finishes", async () => {
    const { dir, file, factory } = setup();
    const interrupt = new AbortController();
    const { f, t } = factory({ signal: interrupt.signal, argv: ["apply", "-f", file] });
    const job = await BulkJob.open(f, converging(file));
    const error = await job
      .each([[2], [3], [4]], async (chunk) => {
        if (chunk[0] === 3) interrupt.abort();
        await job.record([row(chunk[0]!)]);
      })
      .then(() => job.end())
      .catch((e: unknown) => job.abandon(e))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelError);
    expect(t.err()).toBe(`Interrupted after 2 of 3 objects; none was left half-written. apply converges: run the same command again to finish:\n  medusactl apply -f ${file}\n`);
    // Nothing beside the lock was ever written, and the lock is given back.
    expect(readdirSync(path.join(dir, "jobs"))).toEqual([]);
    await (await BulkJob.open(factory().f, converging(file))).end();
  });

  it("a second Ctrl-C names the object in flight and says the same command reads it back; an error says the same", async () => {
    const { file, factory } = setup();
    const now = new AbortController();
    const { f, t } = factory({ stopNow: now.signal, argv: ["apply", "-f", file] });
    const job = await BulkJob.open(f, converging(file));
    await job.each([[2]], async () => now.abort(), () => "customer group VIP");
    expect(t.err()).toBe(`Stopped at once; customer group VIP was in flight and may or may not be on the server; the same command finds what landed by its key. apply converges: run the same command again to finish:\n  medusactl apply -f ${file}\n`);
    await job.end();

    const other = factory({ argv: ["apply", "-f", file] });
    const failing = await BulkJob.open(other.f, converging(file));
    await failing.record([row(2)]);
    const e = await failing.abandon(Object.assign(new Error("Unauthorized"), { status: 401 })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JobError);
    expect((e as JobError).hint).toContain("then run the same command again");
    expect(other.t.err()).toBe(`apply stopped; what it wrote is kept. It converges: run the same command again to finish:\n  medusactl apply -f ${file}\n`);
  });
});

describe("results", () => {
  it.each([
    [[{ message: "order 9999 not found", status: 404, retryable: false }], /1 of 3 rows failed; see .*\. Trying again would fail the same way: correct what the reasons name/],
    [[{ message: "socket hang up", retryable: true }, { message: "invalid data", status: 400, retryable: false }], /2 of 3 rows failed; see .*\. 1 may succeed when tried again \(--resume retries only the failed rows\); the other 1 were refused/],
  ])("gives retry advice only for failures a retry can fix (%#)", async (errors, said) => {
    const { file, factory, dir } = setup();
    const job = await BulkJob.open(factory().f, spec(file, path.join(dir, "r.json")));
    await job.record([row(2), ...errors.map((error, i) => ({ ...row(3 + i), action: "failed" as const, error }))]);
    if (errors.length === 1) await job.record([row(4)]);
    await job.end();
    expect(() => job.failIfAny()).toThrow(said);
    expect(() => job.failIfAny()).not.toThrow(/Run the same command with --resume to retry only those/);
  });

  it("a failed row keeps the checkpoint, is retried by --resume, and fails in the same words for every job", async () => {
    const { file, factory, dir } = setup();
    const report = path.join(dir, "r.json");
    const job = await BulkJob.open(factory().f, spec(file, report));
    await job.record([row(2), { ...row(3), action: "failed", error: { message: "boom", status: 500 } }]);
    await job.end();
    expect(() => job.failIfAny()).toThrow(PartialFailureError);
    expect(() => job.failIfAny()).toThrow(`1 of 2 rows failed; see ${report}. Run the same command with --resume to retry only those`);
    const again = await BulkJob.open(factory().f, { ...spec(file), flags: { concurrency: 1, resume: true, quiet: true } });
    expect([...again.done.keys()]).toEqual([2]);
    await again.end();
  });
});

describe("the resume command", () => {
  it("repeats the arguments quoted for a shell, adds --resume once and never passes control characters", () => {
    expect(resumeCommand(["prices", "apply", "a b.csv"])).toBe("medusactl prices apply 'a b.csv' --resume");
    expect(resumeCommand(["prices", "apply", "x.csv", "--resume"])).toBe("medusactl prices apply x.csv --resume");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote("a\u001b[2Jb")).not.toContain("\u001b");
  });
});

describe("the report", () => {
  it("a report whose writing failed (a full disk) is dropped: the old file stays whole and no temp file is left", async () => {
    const { dir } = setup();
    const file = path.join(dir, "report.json");
    writeFileSync(file, "the good report\n");
    const { ReportWriter } = await import("../../../src/cli/bulk/report.js");
    const w = new ReportWriter(file, ["id"]);
    await w.add([row(2)]);
    // What the file system says when the disk is full.
    (w as unknown as { stream: NodeJS.EventEmitter }).stream.emit("error", Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    await expect(w.add([row(3)])).rejects.toThrow(/ENOSPC/);
    await expect(w.close()).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(file, "utf8")).toBe("the good report\n");
    expect(readdirSync(dir).filter((x) => x.endsWith(".tmp"))).toEqual([]);
  });

  it("names rows as ranges in messages", async () => {
    const { rowRange } = await import("../../../src/cli/bulk/report.js");
    expect(rowRange([9, 2, 3, 4])).toBe("2–4, 9");
    expect(rowRange([2, 4, 6, 8, 10, 12])).toBe("2, 4, 6, 8, …");
  });
});

describe("a 401 in the middle of a job", () => {
  it("is the server failing (exit 1, resume hint), not a login to redo (exit 4), once the job had written rows", async () => {
    const { file, factory } = setup();
    const job = await BulkJob.open(factory().f, spec(file));
    await job.record([row(2)]);
    const e = await job.abandon(Object.assign(new Error("Unauthorized"), { status: 401 })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JobError);
    expect((e as JobError).exitCode).toBe(1);
    expect((e as JobError).hint).toMatch(/database is unavailable/);
    // Before any row, a 401 stays what it is.
    const fresh = await BulkJob.open(factory().f, spec(file));
    const first = Object.assign(new Error("Unauthorized"), { status: 401 });
    expect(await fresh.abandon(first).catch((x: unknown) => x)).toBe(first);
  });
});
