/**
 * `products import --engine server` on Medusa's production topology (server + worker on Redis,
 * files on S3), with the faults that topology has: the upload goes through a presigned S3 URL and
 * is deleted afterwards; a worker killed mid-import still ends in a reported success; a server
 * killed mid-import is reported as stuck (not waited on for ever, not called a success), and a
 * rerun with the batch engine ends with exactly the file's catalogue.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/cli.js";
import { eventually } from "../e2e/helpers/admin-fixtures.js";
import { adminSdk, backend, uniq } from "../e2e/helpers/sdk.js";
import { alive, cli, dataDir, status } from "./helpers.js";

type Rec = Record<string, any>;
const sdk = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-prod-import-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const bucket = path.join(dataDir, "sandbox", "s3", "medusa");

/** A sheet without a Variant Title column: Medusa's importer needs one, the CLI fills it in. */
function sheet(prefix: string, n: number): string {
  const lines = ["Product Handle,Product Title,Product Status,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value"];
  for (let i = 0; i < n; i++) lines.push(`${prefix}-${i},Topology ${prefix} ${i},published,${prefix.toUpperCase()}-${i},${(i % 40) + 2}.5,Size,One`);
  const f = path.join(work, `${prefix}.csv`);
  writeFileSync(f, lines.join("\n") + "\n");
  return f;
}

async function handles(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += 500) {
    const { products, count } = (await sdk.admin.product.list({ q: prefix, limit: 500, offset, fields: "id,handle" } as never)) as unknown as { products: Rec[]; count: number };
    out.push(...products.map((p) => p.handle as string).filter((h) => h.startsWith(prefix)));
    if (offset + 500 >= count) return out;
  }
}

function expectExactly(found: string[], prefix: string, n: number) {
  expect(found.length).toBe(n);
  expect(new Set(found).size).toBe(n);
  expect([...found].sort()).toEqual(Array.from({ length: n }, (_, i) => `${prefix}-${i}`).sort());
}

/** The CLI in the background, with what it printed so far. */
function startImport(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env, MEDUSACTL_DATA_DIR: path.join(work, "data") }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const done = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
  /** For `eventually`: a run that already ended fails the wait at once, with what it said. */
  const running = () => {
    if (child.exitCode !== null) throw new Error(`the import ended early (exit ${child.exitCode}): ${stderr.slice(-1500)}`);
  };
  return { child, done, running, out: () => stdout, err: () => stderr };
}

const importObjects = () => readdirSync(bucket).filter((x) => x.includes("medusactl-import-"));

afterAll(async () => {
  // The next file starts from the seeded snapshot, so the imported products need no deleting; but
  // whatever a test stopped, it gets all five processes back.
  await cli(["sandbox", "up"]);
}, 600_000);

describe("products import --engine server on the production topology", () => {
  it("uploads through a presigned S3 URL, imports, reports, and deletes the upload", async () => {
    const prefix = uniq("prodimp").toLowerCase();
    const before = importObjects();
    const report = path.join(work, "report.json");
    const r = await cli(["products", "import", sheet(prefix, 150), "--engine", "server", "--report", report], { env, timeoutMs: 600_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/150 created, 0 updated, 0 unchanged by Medusa's import auto-/);
    expectExactly(await handles(prefix), prefix, 150);
    // The file went to the S3 server (presigned PUT) and is gone again.
    expect(importObjects()).toEqual(before);
  }, 600_000);

  it("a worker killed mid-import: the import still completes and the CLI reports it", async () => {
    const prefix = uniq("prodwrk").toLowerCase();
    const n = 600;
    const st = await status();
    const worker = st.processes.worker!.pid!;
    const run = startImport(["products", "import", sheet(prefix, n), "--engine", "server"]);
    await eventually(async () => (run.running(), /Medusa import auto-/.test(run.err()) ? true : undefined), "the import to be confirmed", 300_000);
    process.kill(worker, "SIGKILL");
    await eventually(async () => (alive(worker) ? undefined : true), "the worker to die", 10_000);
    const code = await run.done;
    expect(code, run.err()).toBe(0);
    // Without the worker no notification can come: the outcome was read from the store, and it says so.
    expect(run.err()).toMatch(/has written everything, but its workflow has not finished \(is Medusa's worker running\?\)/);
    expect(run.out()).toMatch(new RegExp(`${n} created`));
    expectExactly(await handles(prefix), prefix, n);
    const up = await cli(["sandbox", "up"]);
    expect(up.code, up.stderr).toBe(0);
  }, 900_000);

  it("a server killed mid-import: the CLI says which workflow is stuck and what landed; a batch rerun ends with exactly the file", async () => {
    const prefix = uniq("prodsrv").toLowerCase();
    const n = 2000;
    const f = sheet(prefix, n);
    const report = path.join(work, "stuck-report.json");
    const st = await status();
    const server = st.processes.server!.pid!;
    // The stall time is also how long the CLI waits for an unreachable server: 45 s covers a restart
    // of the server on two busy cores (25 s did not, with the other e2e lane running beside it).
    const run = startImport(["products", "import", f, "--engine", "server", "--stall-timeout", "45s", "--report", report]);
    // Kill it once products are landing: the import's heavy steps run in the server process.
    await eventually(async () => (run.running(), (await handles(prefix)).length > 0 ? true : undefined), "the first products to land", 600_000);
    process.kill(server, "SIGKILL");
    await eventually(async () => (alive(server) ? undefined : true), "the server to die", 10_000);
    const restarted = await cli(["sandbox", "up"], { timeoutMs: 300_000 });
    expect(restarted.code, restarted.stderr).toBe(0);

    const code = await run.done;
    const landed = (await handles(prefix)).length;
    expect(code, run.err()).toBe(1);
    expect(run.err()).toMatch(/Medusa's import auto-\S+ is stuck: its workflow \(import-products-as-chunks, wf_exec_\S+\) has been "invoking" with no progress/);
    expect(run.err()).toContain(`${landed} of ${n} new products landed`);
    expect(run.err()).toMatch(/run it again with --engine batch/);
    expect(landed).toBeLessThan(n);
    // The report tells the truth: a row reported written is on the server as the file says; the
    // others are not (absent, or written only in part by the killed server).
    const rows = (JSON.parse(readFileSync(report, "utf8")) as { rows: Rec[] }).rows;
    const written = rows.filter((x) => x.action === "create");
    expect(written.length + rows.filter((x) => x.action === "failed").length).toBe(n);
    expect(written.length).toBeLessThanOrEqual(landed);
    const there = new Set(await handles(prefix));
    for (const x of written) expect(there.has(x.key.toLowerCase()), x.key).toBe(true);
    console.log(`server killed: ${landed} of ${n} landed, ${written.length} as the file says`);

    // The rerun the message advises: the batch engine completes what was half written and sends the rest.
    const again = await cli(["products", "import", f, "--engine", "batch", "--json"], { env, timeoutMs: 900_000 });
    expect(again.code, again.stderr).toBe(0);
    const { products: summary } = JSON.parse(again.stdout) as { products: { create: number; update: number; unchanged: number } };
    expect(summary.create).toBe(n - landed);
    expect(summary.unchanged).toBe(written.length);
    expect(summary.update).toBe(landed - written.length);
    // And now the store holds the file: a dry run finds nothing to do.
    const dryRun = async () => JSON.parse((await cli(["products", "import", f, "--dry-run", "--json"], { env })).stdout).products as { create: number; update: number; unchanged: number };
    let plan = await dryRun();
    if (plan.update > 0) {
      // The case the advice names: Medusa's Redis workflow engine resumed the "stuck" workflow after
      // the restart and rewrote its rows after the batch rerun (seen once on a loaded machine). Only
      // that excuses updates here: the workflow must have left "invoking". Then, as advised, the
      // batch import once more, and the store must hold the file.
      const transactionId = /Medusa's import (\S+) is stuck/.exec(run.err())![1]!;
      const { workflow_executions: execs } = (await sdk.admin.workflowExecution.list({ transaction_id: transactionId, fields: "id,state" } as never)) as unknown as { workflow_executions: Rec[] };
      expect(execs.map((x) => x.state), `${plan.update} products changed after the batch rerun while Medusa's import was still stuck`).not.toContain("invoking");
      console.log(`Medusa resumed its import (${execs.map((x) => x.state).join(", ")}) and rewrote ${plan.update} products after the batch rerun; running it once more as advised`);
      const third = await cli(["products", "import", f, "--engine", "batch", "--json"], { env, timeoutMs: 900_000 });
      expect(third.code, third.stderr).toBe(0);
      plan = await dryRun();
    }
    expect(plan).toMatchObject({ create: 0, update: 0, unchanged: n });
    expectExactly(await handles(prefix), prefix, n);
  }, 1_500_000);
});
