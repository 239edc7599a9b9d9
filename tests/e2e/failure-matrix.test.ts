/**
 * The failure matrix of issue 26: every bulk writer, run by the real binary (the runs a failure
 * hits are processes of their own; resumes and second runs call the build's main()) against the real
 * back-end, through what real servers and operators do to a job — Ctrl-C, kill -9, a second run
 * of the same job, Medusa restarted, PostgreSQL stopped for 10 s, a full disk under --report and
 * --out. Each cell ends with exactly the file on the server (read back through a clean
 * connection), a truthful report, the documented exit code, and no partial file in place of a
 * good one. (The fault proxy column is tests/e2e/faults-bulk.test.ts.)
 *
 * Writers run side by side within a scenario (each through its own proxy, which makes every write
 * take 400 ms so that the job is still running when the failure comes), so one restart of Medusa
 * serves all five.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli, type CliResult } from "../helpers/cli.js";
import { startFaultProxy } from "../helpers/fault-proxy.js";
import { dataRoot } from "../../src/cli/sandbox/paths.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

type Rec = Record<string, any>;

const N = 40;
const clean = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-matrix-"));
const sandboxDir = path.join(dataRoot({ env: process.env }), "sandbox");
const base = uniq("fmbase").toLowerCase();

/** One writer's job in one scenario: the command, and the check of what the server holds. */
interface Job {
  writer: string;
  args: string[];
  /** Paths the proxy slows down (the job's writes, or an export's reads). */
  slow: (method: string, p: string) => boolean;
  /** Arguments that resume it (apply converges: the same command). */
  resumeArgs: string[];
  verify(): Promise<void>;
  /** Where its --report goes (none for apply). */
  report?: string;
}

function productSheet(prefix: string, n: number): string {
  const lines = ["Product Handle,Product Title,Product Status,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value"];
  for (let i = 0; i < n; i++) lines.push(`${prefix}-${i},Matrix ${prefix} ${i},published,${prefix.toUpperCase()}-${i},${i + 1}.5,Size,One`);
  const f = path.join(work, `${prefix}.csv`);
  writeFileSync(f, lines.join("\n") + "\n");
  return f;
}

async function productsByPrefix(prefix: string): Promise<Rec[]> {
  const { products } = (await clean.admin.product.list({ q: prefix, limit: 500, fields: "id,handle,variants.id,variants.sku" } as never)) as unknown as { products: Rec[] };
  return products.filter((p) => String(p.handle).startsWith(`${prefix}-`));
}

/** The jobs of every writer for one scenario, each on fresh data so that it has real work to do. */
function jobsFor(scenario: string, opts: { report?: (writer: string) => string | undefined; out?: string } = {}): Job[] {
  const s = scenario.replace(/\W+/g, "").toLowerCase().slice(0, 8);
  const jobs: Job[] = [];
  const withReport = (writer: string, args: string[]) => {
    const report = opts.report ? opts.report(writer) : path.join(work, `${s}-${writer.replace(/\W+/g, "-")}-report.json`);
    return { args: report ? [...args, "--report", report] : args, report };
  };

  // products import: new products.
  const prefix = uniq(`fm${s}`).toLowerCase();
  const sheet = productSheet(prefix, N);
  const imp = withReport("import", ["products", "import", sheet, "--chunk-size", "4", "--concurrency", "1", "--quiet"]);
  jobs.push({
    writer: "products import",
    ...imp,
    resumeArgs: [...imp.args, "--resume"],
    slow: (m, p) => m === "POST" && p.startsWith("/admin/products/batch"),
    async verify() {
      const found = await productsByPrefix(prefix);
      const handles = found.map((p) => p.handle).sort();
      expect(handles).toEqual(Array.from({ length: N }, (_, i) => `${prefix}-${i}`).sort());
      expect(found.flatMap((p) => p.variants)).toHaveLength(N);
    },
  });

  // prices apply: a new price list's prices on the base products.
  const title = uniq(`fm-${s}-list`);
  const priceSheet = path.join(work, `${s}-prices.csv`);
  writeFileSync(priceSheet, ["sku,currency_code,amount", ...Array.from({ length: N }, (_, i) => `${base.toUpperCase()}-${i},eur,${i + 2}.25`)].join("\n") + "\n");
  const pr = withReport("prices", ["prices", "apply", priceSheet, "--price-list-title", title, "--chunk-size", "4", "--concurrency", "1", "--quiet"]);
  jobs.push({
    writer: "prices apply",
    ...pr,
    resumeArgs: [...pr.args, "--resume"],
    slow: (m, p) => m === "POST" && /^\/admin\/price-lists\/[^/]+\/prices\/batch/.test(p),
    async verify() {
      const { price_lists } = (await clean.admin.priceList.list({ q: title, fields: "id,title" } as never)) as unknown as { price_lists: Rec[] };
      const mine = price_lists.filter((l) => l.title === title);
      expect(mine).toHaveLength(1);
      const { prices } = await clean.client.fetch<{ prices: Rec[] }>(`/admin/price-lists/${mine[0]!.id}/prices`, { query: { limit: N * 3, fields: "id,amount,currency_code,price_set.variant.sku" } });
      const bySku = new Map<string, number>();
      for (const p of prices) {
        const sku = p.price_set?.variant?.sku as string;
        expect(bySku.has(sku), `${sku} twice`).toBe(false);
        bySku.set(sku, Number(p.amount));
      }
      expect(bySku.size).toBe(N);
      for (let i = 0; i < N; i++) expect(bySku.get(`${base.toUpperCase()}-${i}`)).toBe(i + 2.25);
    },
  });

  // inventory apply: quantities this scenario alone sets.
  const offset = 100 + Math.floor(Math.random() * 800);
  const stockSheet = path.join(work, `${s}-stock.csv`);
  writeFileSync(stockSheet, ["sku,location_name,stocked_quantity", ...Array.from({ length: N }, (_, i) => `${base.toUpperCase()}-${i},Sandbox Warehouse,${offset + i}`)].join("\n") + "\n");
  const inv = withReport("inventory", ["inventory", "apply", stockSheet, "--chunk-size", "4", "--concurrency", "1", "--quiet"]);
  jobs.push({
    writer: "inventory apply",
    ...inv,
    resumeArgs: [...inv.args, "--resume"],
    slow: (m, p) => m === "POST" && p.startsWith("/admin/inventory-items/location-levels/batch"),
    async verify() {
      const skus = Array.from({ length: N }, (_, i) => `${base.toUpperCase()}-${i}`);
      const { inventory_items } = (await clean.admin.inventoryItem.list({ sku: skus, limit: 200, fields: "sku,location_levels.stocked_quantity" } as never)) as unknown as { inventory_items: Rec[] };
      expect(inventory_items).toHaveLength(N);
      for (const it of inventory_items) expect((it.location_levels as Rec[]).map((l) => Number(l.stocked_quantity)), it.sku).toEqual([offset + Number(String(it.sku).split("-").pop())]);
    },
  });

  // products export --out: the base products, page by page.
  const out = opts.out ?? path.join(work, `${s}-export.csv`);
  const ex = withReport("export", ["products", "export", "--query", `q=${base}`, "--out", out, "--page-size", "4", "--concurrency", "1", "--quiet"]);
  jobs.push({
    writer: "products export",
    ...ex,
    resumeArgs: [...ex.args, "--resume"],
    slow: (m, p) => m === "GET" && p.split("?")[0] === "/admin/products",
    async verify() {
      const lines = readFileSync(out, "utf8").trim().split(/\r?\n/);
      const col = lines[0]!.split(",").indexOf("Product Handle");
      const handles = lines.slice(1).map((l) => l.split(",")[col]!);
      expect(handles.sort()).toEqual(Array.from({ length: N }, (_, i) => `${base}-${i}`).sort());
      // Nothing half-written is left beside it.
      const mine = (x: string) => x.startsWith(`.${path.basename(out)}.`) || x.startsWith(`.${s}-`);
      expect(readdirSync(path.dirname(out)).filter((x) => mine(x) && (x.endsWith(".medusactl-part") || x.endsWith(".tmp")))).toEqual([]);
    },
  });

  // apply -f: customer groups by name.
  const tag = uniq(`fm${s}seed`).toLowerCase();
  const names = Array.from({ length: 12 }, (_, i) => `${tag} group ${i}`);
  const seed = path.join(work, `${s}-seed.json`);
  writeFileSync(seed, JSON.stringify({ customer_groups: names.map((name) => ({ name })) }));
  jobs.push({
    writer: "apply -f",
    args: ["apply", "-f", seed, "--quiet"],
    resumeArgs: ["apply", "-f", seed, "--quiet"],
    slow: (m, p) => m === "POST" && p.startsWith("/admin/customer-groups"),
    async verify() {
      const { customer_groups } = await clean.admin.customerGroup.list({ q: tag, limit: 100, fields: "id,name" });
      expect(customer_groups.map((g) => g.name).sort()).toEqual([...names].sort());
    },
  });
  return jobs;
}

interface Running {
  job: Job;
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number>;
  proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  env: Record<string, string>;
  writes: () => number;
}

/** Starts a job through its own proxy that holds each of its writes `slowMs`. */
async function start(job: Job, name: string, slowMs = 400): Promise<Running> {
  const proxy = await startFaultProxy(backend.url, { seed: 1, rate: 1, kinds: ["slow"], slowMs, maxConsecutive: 1e9, only: job.slow });
  const env = { MEDUSA_URL: proxy.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(work, `data-${name}`), MEDUSACTL_CONFIG_DIR: path.join(work, "config") };
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("MEDUSA_") && k !== "MEDUSACTL_PROFILE") childEnv[k] = v;
  const child = spawn(process.execPath, [BIN, ...job.args], { env: { ...childEnv, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<number>((r) => child.on("close", (code, signal) => r(code ?? (signal === "SIGKILL" ? 137 : 1))));
  return { job, child, stderr: () => stderr, exited, proxy, env, writes: () => proxy.log.filter((e) => e.fault === "slow" && e.forwarded).length };
}

async function until(what: string, ok: () => boolean, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until each job has had `n` writes answered, and is still running. */
async function midway(runs: Running[], n = 2): Promise<void> {
  await Promise.all(runs.map((r) => until(`${r.job.writer} to be mid-way`, () => r.writes() >= n || r.child.exitCode !== null)));
  for (const r of runs) expect(r.child.exitCode, `${r.job.writer} ended before the failure came: ${r.stderr()}`).toBeNull();
}

function cli(r: Running, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli(args, { env: { ...r.env, ...env }, timeoutMs: 600_000 });
}

/** The report's rows, when it is whole. */
function reportRows(file: string): Rec[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { rows: Rec[] }).rows;
}

/**
 * After a failure mid-job: exit 0 (the job rode it out), or exit 1 or 3 with the command that
 * resumes; for 3, the report's failed rows are exactly those the message counts. Then the resumed
 * run ends with 0.
 */
async function finishAfterFailure(r: Running): Promise<void> {
  const code = await r.exited;
  const err = r.stderr();
  // For the README's matrix: how each writer came through.
  console.log(`${r.job.writer}: exit ${code}${code ? ` (${err.trim().split("\n")[0]!.slice(0, 160)})` : ""}`);
  expect([0, 1, 3], `${r.job.writer}: exit ${code}\n${err}`).toContain(code);
  if (code !== 0) {
    expect(err, r.job.writer).toMatch(/--resume|run the same command again/);
    if (code === 3 && r.job.report) {
      const said = Number(/(\d+) of \d+ rows failed/.exec(err)?.[1]);
      expect(reportRows(r.job.report).filter((x) => x.action === "failed")).toHaveLength(said);
    }
    const again = await cli(r, r.job.resumeArgs);
    expect(again.code, `${r.job.writer} resumed: ${again.stderr}`).toBe(0);
  }
  if (r.job.report) expect(reportRows(r.job.report).filter((x) => x.action === "failed"), r.job.writer).toEqual([]);
}

/**
 * Starts every job (each through its own slow proxy, with its own data folder), lets `body` bring
 * the failure and check how each came through, then reads the server back for each.
 */
async function scenario(jobs: Job[], name: string, body: (runs: Running[]) => Promise<void>, o: { slowMs?: number } = {}): Promise<void> {
  const runs = await Promise.all(jobs.map((j) => start(j, `${name}-${j.writer.replace(/\W+/g, "-")}`, o.slowMs)));
  try {
    await body(runs);
    for (const r of runs) await r.job.verify();
  } finally {
    await closeAll(runs);
  }
}

async function closeAll(runs: Running[]): Promise<void> {
  for (const r of runs) {
    if (r.child.exitCode === null) r.child.kill("SIGKILL");
    await r.proxy.close();
  }
}

function medusaPid(): number {
  return Number(readFileSync(path.join(sandboxDir, "run", "medusa.pid"), "utf8").trim());
}

async function healthy(): Promise<boolean> {
  return fetch(`${backend.url}/health`).then(
    (r) => r.ok,
    () => false,
  );
}

/** `sandbox up` brings back whatever was stopped (Medusa, or its PostgreSQL). */
async function sandboxUp(): Promise<void> {
  const r = await runCli(["sandbox", "up"], { timeoutMs: 300_000 });
  expect(r.code, r.stderr).toBe(0);
  for (let i = 0; i < 600 && !(await healthy()); i++) await new Promise((r) => setTimeout(r, 200));
  // And its database: a list answers.
  await clean.admin.region.list({ limit: 1 } as never);
}

beforeAll(async () => {
  // The products that prices, stock and the export work on.
  const r = await runCli(["products", "import", productSheet(base, N), "--quiet"], { env: { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(work, "data-base") }, timeoutMs: 300_000 });
  expect(r.code, r.stderr).toBe(0);
}, 600_000);

describe("the failure matrix: every bulk writer", () => {
  it("Ctrl-C (SIGINT): the writes in flight finish, exit 130 with the exact resume command; running it ends with exactly the file", async () => {
    await scenario(jobsFor("sigint"), "sigint", async (runs) => {
      await midway(runs);
      for (const r of runs) r.child.kill("SIGINT");
      for (const r of runs) {
        const code = await r.exited;
        const err = r.stderr();
        expect(code, `${r.job.writer}: ${err}`).toBe(130);
        const resume = r.job.writer === "apply -f" ? r.job.args : [...r.job.args, "--resume"];
        expect(err, r.job.writer).toContain(`medusactl ${resume.join(" ")}`);
        // A write in flight was let finish: nothing is uncertain, the journal has whole chunks.
        expect(err).not.toMatch(/may or may not/);
        if (r.job.report) expect(reportRows(r.job.report).every((x) => x.action !== "failed")).toBe(true);
        const again = await cli(r, resume);
        expect(again.code, `${r.job.writer} resumed: ${again.stderr}`).toBe(0);
      }
    });
  }, 900_000);

  it("kill -9 (SIGKILL), then --resume: exactly the file, and the last good --out is never replaced by a part", async () => {
    const out = path.join(work, "kill-export.csv");
    writeFileSync(out, "a good export from before\n");
    await scenario(jobsFor("sigkill", { out }), "sigkill", async (runs) => {
      await midway(runs);
      for (const r of runs) r.child.kill("SIGKILL");
      for (const r of runs) expect(await r.exited).toBe(137);
      expect(readFileSync(out, "utf8")).toBe("a good export from before\n");
      for (const r of runs) {
        const again = await cli(r, r.job.resumeArgs);
        expect(again.code, `${r.job.writer} resumed: ${again.stderr}`).toBe(0);
      }
    });
  }, 900_000);

  it("two runs of the same job at once: the second refuses with the first one's pid (exit 1) and changes nothing", async () => {
    // Writes held 1.5 s: the first run is still going while the second plans and reaches the lock.
    await scenario(jobsFor("twice"), "twice", async (runs) => {
      await midway(runs, 1);
      const seconds = await Promise.all(runs.map((r) => cli(r, r.job.args)));
      for (const [i, r] of runs.entries()) {
        const second = seconds[i]!;
        expect(second.code, `${r.job.writer}: ${second.stderr}`).toBe(1);
        expect(second.stderr).toMatch(new RegExp(`another run of this ${r.job.writer.replace(/ -f$/, "")} job is in progress \\(pid ${r.child.pid}, started \\d{4}-`));
      }
      for (const r of runs) expect(await r.exited, `${r.job.writer}: ${r.stderr()}`).toBe(0);
    }, { slowMs: 1500 });
  }, 900_000);

  it("Medusa restarted mid-job: each job rides it out or stops with a truthful report, and --resume ends with exactly the file", async () => {
    try {
      await scenario(jobsFor("restart"), "restart", async (runs) => {
        await midway(runs);
        const pid = medusaPid();
        try {
          process.kill(-pid, "SIGTERM");
        } catch {
          process.kill(pid, "SIGTERM");
        }
        await until("Medusa to stop", () => {
          try {
            process.kill(pid, 0);
            return false;
          } catch {
            return true;
          }
        }, 60_000);
        await sandboxUp();
        for (const r of runs) await finishAfterFailure(r);
      });
    } finally {
      if (!(await healthy())) await sandboxUp();
    }
  }, 900_000);

  it("PostgreSQL stopped for 10 s mid-job: each job rides it out or stops with a truthful report, and --resume ends with exactly the file", async () => {
    const pidFile = path.join(sandboxDir, "postgres", "postmaster.pid");
    try {
      await scenario(jobsFor("pgstop"), "pgstop", async (runs) => {
        await midway(runs);
        const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
        // Fast shutdown: connections are cut, as when a database fails over.
        process.kill(pid, "SIGINT");
        await until("PostgreSQL to stop", () => !existsSync(pidFile), 60_000);
        await new Promise((r) => setTimeout(r, 10_000));
        await sandboxUp();
        for (const r of runs) await finishAfterFailure(r);
      });
    } finally {
      if (!existsSync(pidFile)) await sandboxUp();
    }
  }, 900_000);

  it("--report and --out on a full disk: exit 1 naming it, the old files untouched, nothing half-written left; --resume once there is room", async () => {
    if (process.getuid?.() !== 0) return expect.soft(process.getuid?.(), "mounting a tmpfs needs root (CI runs as root)").toBe(0);
    const disk = path.join(work, "full");
    mkdirSync(disk);
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk]);
    try {
      const out = path.join(disk, "export.csv");
      const reports = new Map<string, string>();
      const jobs = jobsFor("fulldisk", { out, report: (w) => (w === "export" ? undefined : (reports.set(w, path.join(disk, `${w}.json`)), path.join(disk, `${w}.json`))) }).filter((j) => j.writer !== "apply -f");
      for (const f of [out, ...reports.values()]) writeFileSync(f, "GOOD\n");
      // Leave about 4 KB: enough to start, not enough to finish.
      const free = () => Number(execFileSync("df", ["--output=avail", "-B1", disk], { encoding: "utf8" }).trim().split("\n").pop());
      writeFileSync(path.join(disk, "fill"), Buffer.alloc(Math.max(0, free() - 4096)));
      await scenario(jobs, "full", async (runs) => {
          for (const r of runs) {
            const code = await r.exited;
            expect(code, `${r.job.writer}: ${r.stderr()}`).toBe(1);
            expect(r.stderr()).toMatch(/no space left|disk is full|ENOSPC/i);
            expect(r.stderr()).toContain("--resume");
          }
          for (const f of [out, ...reports.values()]) expect(readFileSync(f, "utf8"), f).toBe("GOOD\n");
          expect(readdirSync(disk).filter((x) => x !== "fill" && x !== "export.csv" && !x.endsWith(".json") && !x.endsWith(".medusactl-part"))).toEqual([]);
          execFileSync("rm", [path.join(disk, "fill")]);
          for (const r of runs) {
            const again = await cli(r, r.job.resumeArgs);
            expect(again.code, `${r.job.writer} resumed: ${again.stderr}`).toBe(0);
          }
      });
    } finally {
      execFileSync("umount", ["-l", disk]);
    }
  }, 900_000);
});

