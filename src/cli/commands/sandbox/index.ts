import { Command, InvalidArgumentError, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { CliError, JobError, SilentError, UsageError } from "../../../term/errors.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import type { Factory } from "../../cmdutil/factory.js";
import { notice } from "../../output/notice.js";
import { registerSnapshot } from "./snapshot.js";

const PROFILE = "sandbox";

function port(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidArgumentError("expected a port number (1-65535)");
  return n;
}

const TOPOLOGIES = ["single", "production"] as const;
const PROCESSES = ["server", "worker", "redis", "s3", "postgres"] as const;

const PORTS_HELP =
  "\nTopologies:\n" +
  "  single      one Medusa process, in-memory event bus, workflow engine and locking, files on local disk (default)\n" +
  "  production  a Medusa server and a separate worker (MEDUSA_WORKER_MODE) sharing Redis, files on a local S3 server (s3rver)\n" +
  "An existing sandbox keeps the topology it last ran with unless --topology says otherwise; switching keeps the database.\n" +
  "\nPorts, all on 127.0.0.1 and derived from --port P: server P, worker P+1, S3 P+2, Redis P+3; PostgreSQL --db-port.\n" +
  "The production topology needs redis-server (installed with apt-get when missing and run as root).";

function options(f: Factory, o: { port?: number; dbPort?: number; databaseUrl?: string; topology?: (typeof TOPOLOGIES)[number] }) {
  return {
    dataDir: f.dataDir(),
    topology: o.topology,
    port: o.port,
    dbPort: o.dbPort,
    databaseUrl: o.databaseUrl,
    env: f.io.env,
    signal: f.signal,
    // Progress of install, seed and start-up; the manager's warnings still show under --quiet.
    log: (line: string) => (/^warning\b/i.test(line) ? f.io.err.write(`${line}\n`) : notice(f.io, line)),
  };
}

/**
 * The manager throws plain errors that already say what failed and which log to read: a job failure,
 * not a bug. Its refusals (a snapshot that does not fit, exit 2) arrive already classified.
 */
async function job<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if ((e as Error)?.name === "AbortError" || (e as Error)?.name === "CancelError" || e instanceof CliError) throw e;
    throw new JobError((e as Error).message ?? String(e));
  }
}

const shellQuote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

/** Saves (or refreshes) the `sandbox` profile; it becomes the default only when there is none. */
async function saveProfile(f: Factory, url: string, secretKey: string, publishableKey: string): Promise<boolean> {
  const tokens = await f.tokens();
  const { secretKey: keyOf } = await import("../../config/profiles.js");
  await tokens.setItem(keyOf(PROFILE), secretKey);
  let madeDefault = false;
  await f.profiles().update((data) => {
    data.profiles[PROFILE] = { ...data.profiles[PROFILE], url, auth: "api-key", publishableKey };
    if (!data.default) {
      data.default = PROFILE;
      madeDefault = true;
    }
  });
  return madeDefault;
}

export function register(noun: Command, ctx: CommandContext): void {
  noun.addHelpText(
    "after",
    `\nThe sandbox is a real Medusa 2.21 server with embedded PostgreSQL, installed on first use into the data folder\n($MEDUSACTL_DATA_DIR, /var/lib/medusactl for root, else ~/.local/share/medusactl).\nWith --topology production it runs as real shops do: a server and a worker on Redis, files on S3.\n\nExamples:\n  medusactl sandbox up\n  eval "$(medusactl sandbox up --shell)"\n  medusactl sandbox up --env >> "$GITHUB_ENV"`,
  );

  noun
    .command("up")
    .description("Install (first time), seed and start the local Medusa back-end; idempotent")
    .addHelpText(
      "after",
      "\nExamples:\n  medusactl sandbox up\n  eval \"$(medusactl sandbox up --shell)\"\n  medusactl sandbox up --env >> \"$GITHUB_ENV\"\n  medusactl sandbox up --port 9100 --db-port 54330\n  medusactl sandbox up --topology production --port 9300 --db-port 54339\n" +
        PORTS_HELP,
    )
    .addOption(new Option("--topology <name>", "how Medusa runs (default: the sandbox's last topology, else single)").choices(TOPOLOGIES))
    .option("--port <port>", "Medusa port on 127.0.0.1 (default 9000; production also uses the next three)", port)
    .option("--db-port <port>", "embedded PostgreSQL port (default 54329)", port)
    .option("--database-url <url>", "use this existing PostgreSQL database instead of the embedded one")
    .option("--env", "print credentials as KEY=VALUE lines")
    .option("--shell", "print credentials as export KEY='VALUE' lines for eval")
    .action(async (o, c: Command) => {
      const f = ctx.factory(c);
      const { sandboxUp } = await import("../../sandbox/manager.js");
      const info = await job(sandboxUp(options(f, { ...o, databaseUrl: o.databaseUrl ?? f.io.env.MEDUSACTL_SANDBOX_DATABASE_URL })));
      const madeDefault = await saveProfile(f, info.url, info.secretKey, info.publishableKey);
      const vars: [string, string][] = [
        ["MEDUSA_URL", info.url],
        ["MEDUSA_API_KEY", info.secretKey],
        ["MEDUSA_PUBLISHABLE_KEY", info.publishableKey],
        ["MEDUSA_ADMIN_EMAIL", info.adminEmail],
        ["MEDUSA_ADMIN_PASSWORD", info.adminPassword],
      ];
      if (o.env) for (const [k, v] of vars) f.io.out.write(`${k}=${v}\n`);
      else if (o.shell) for (const [k, v] of vars) f.io.out.write(`export ${k}=${shellQuote(v)}\n`);
      else {
        f.io.out.write(`${info.started ? "Medusa sandbox started" : "Medusa sandbox already running"} at ${info.url}${info.topology === "production" ? " (production topology)" : ""}\n`);
        f.io.out.write(`publishable key: ${info.publishableKey}\n`);
        f.io.out.write(`profile: ${PROFILE}${madeDefault ? " (now the default)" : ""}\n`);
        if (f.io.isStdoutTTY) f.io.out.write(`Try: medusactl products list${madeDefault ? "" : " --profile sandbox"}\n`);
      }
    });

  noun
    .command("down")
    .description("Stop the processes the sandbox started")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox down")
    .action(async (_o, c: Command) => {
      const f = ctx.factory(c);
      const { sandboxDown } = await import("../../sandbox/manager.js");
      const { stopped } = await job(sandboxDown(options(f, {})));
      f.io.out.write(stopped ? "sandbox stopped\n" : "sandbox was not running\n");
    });

  noun
    .command("status")
    .description("Print every process of the sandbox with its pid and port; exit 0 when all run, 1 when not")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox status && echo running\n" + PORTS_HELP)
    .action(async (_o, c: Command) => {
      const f = ctx.factory(c);
      const { sandboxStatus } = await import("../../sandbox/manager.js");
      const st = await job(sandboxStatus(options(f, {})));
      if (st.running) f.io.out.write(`running at ${st.url}${st.pid ? ` (pid ${st.pid})` : ""}, topology ${st.topology}\n`);
      else f.io.out.write(st.processes.some((p) => p.running) ? `not running: some processes of the ${st.topology} topology are down\n` : "not running\n");
      const width = Math.max(0, ...st.processes.map((p) => p.name.length));
      for (const p of st.processes) {
        const state = p.running ? "running" : "stopped";
        const pid = p.pid ? `pid ${p.pid}` : "-";
        f.io.out.write(`  ${p.name.padEnd(width)}  ${state.padEnd(7)}  ${pid.padEnd(10)}  port ${p.port}${p.note ? `  (${p.note})` : ""}\n`);
      }
      if (!st.running) throw new SilentError();
    });

  noun
    .command("reset")
    .description("Put the sandbox back to its seeded state (restores the \"seeded\" snapshot; without one, drops the database and seeds again)")
    .addHelpText(
      "after",
      "\n`sandbox up` saves the \"seeded\" snapshot after the first seed; a reset restores it in seconds while Medusa keeps\nrunning. Without it (or when it is from another Medusa version or seed) the database is dropped, migrated and seeded\nagain, and the snapshot saved.\n\nExamples:\n  medusactl sandbox reset\n  medusactl sandbox reset --yes",
    )
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (o, c: Command) => {
      const f = ctx.factory(c);
      await requireConfirmation(f.io, f.prompter(), { yes: o.yes, level: "moderate", question: "Put the sandbox back to its seeded state (all changes are lost)?" });
      const { sandboxReset } = await import("../../sandbox/manager.js");
      const info = await job(sandboxReset(options(f, {})));
      await saveProfile(f, info.url, info.secretKey, info.publishableKey);
      f.io.out.write(`sandbox reset; running at ${info.url}\n`);
    });

  registerSnapshot(noun, ctx, { options: (f) => options(f, {}), job });

  const size = (max: number) => (v: string) => {
    const n = Number(v.replace(/[_,]/g, ""));
    if (!Number.isInteger(n) || n < 0 || n > max) throw new InvalidArgumentError(`expected a whole number from 0 to ${max.toLocaleString("en-US")}`);
    return n;
  };
  noun
    .command("seed")
    .description("Add a large generated shop to the running sandbox: products, customers and two years of orders in every state")
    .option("--orders <n>", "orders, spread over the last two years (default 0)", size(200_000), 0)
    .option("--products <n>", "products with 1-8 variants, prices in eur and usd, stock (default 0)", size(50_000), 0)
    .option("--customers <n>", "customers: accounts, guests (some sharing an account's e-mail), groups (default 0)", size(100_000), 0)
    .option("--seed <n>", "the random seed: the same seed and sizes give the same shop (default 1)", size(2 ** 31 - 1), 1)
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      "\nGenerated inside the Medusa server with Medusa's own modules and workflows (no HTTP checkouts). Orders need\ncustomers; without --products they are of the seeded catalogue. Products and customers are found by handle and\ne-mail before they are made, and orders remember how far they got: an interrupted run continues when the same\ncommand runs again, and a finished one changes nothing. Two orders are planted deep in the history on purpose:\none fulfilled but not shipped (about 90 days old) and one not fulfilled (about 200 days old).\n\nExamples:\n  medusactl sandbox seed --orders 50000 --products 10000 --customers 20000\n  medusactl sandbox snapshot save large      # restore it later in seconds\n  medusactl sandbox seed --orders 3000 --products 200 --customers 500 --seed 7 --json",
    )
    .action(async (o: { orders: number; products: number; customers: number; seed: number; json?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      if (o.orders > 0 && o.customers === 0) throw new UsageError("--orders needs customers to place them: add --customers N (e.g. one for every 2-3 orders)");
      const { sandboxGenerate } = await import("../../sandbox/generate.js");
      const summary = await job(sandboxGenerate(options(f, {}), { orders: o.orders, products: o.products, customers: o.customers, seed: o.seed }, (line) => notice(f.io, line)));
      // Generated orders carry past dates, which an index kept from an updated_at cursor never sees.
      const { sandboxStatus } = await import("../../sandbox/manager.js");
      const url = (await sandboxStatus(options(f, {}))).url;
      if (url) await (await import("../../bulk/order-index.js")).forgetOrderIndex(f.dataDir(), url);
      if (o.json) {
        f.io.out.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      const n = (x: number) => x.toLocaleString("en-US");
      const s = summary.seconds;
      f.io.out.write(
        `generated in ${s.total.toFixed(0)} s: ${n(summary.products)} products (${s.products.toFixed(0)} s), ${n(summary.customers)} customers (${s.customers.toFixed(0)} s), ${n(summary.orders)} orders (${s.orders.toFixed(0)} s, ${n(summary.ordersMade)} made now)\n`,
      );
      const states = Object.entries(summary.states).sort((a, b) => b[1] - a[1]);
      if (states.length) f.io.out.write(`orders by state: ${states.map(([k, v]) => `${k.replace(/_/g, " ")} ${n(v)}`).join(", ")}\n`);
      for (const p of summary.planted) f.io.out.write(`planted: order #${p.display_id} (${p.state.replace(/_/g, " ")}, placed ${p.created_at.slice(0, 10)})\n`);
    });

  noun
    .command("logs")
    .description("Print the Medusa server log, or another process's with --process")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox logs\n  medusactl sandbox logs -n 50\n  medusactl sandbox logs --process worker")
    .option("-n, --lines <n>", "how many of the last lines (default 200)", (v) => Number(v))
    .addOption(new Option("--process <name>", "whose log").choices(PROCESSES).default("server"))
    .action(async (o, c: Command) => {
      const f = ctx.factory(c);
      const { sandboxLogPath } = await import("../../sandbox/manager.js");
      const file = sandboxLogPath(options(f, {}), o.process);
      const { readFile } = await import("node:fs/promises");
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch {
        throw new JobError(`no ${o.process} log at ${file}`, o.process === "server" ? "run `medusactl sandbox up` first" : "run `medusactl sandbox up --topology production` first");
      }
      const lines = text.split("\n");
      f.io.out.write(lines.slice(-(o.lines ?? 200) - 1).join("\n"));
    });

  noun
    .command("destroy")
    .description("Stop the sandbox and delete its folder (bulk-job checkpoints are kept)")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox destroy --yes")
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (o, c: Command) => {
      const f = ctx.factory(c);
      await requireConfirmation(f.io, f.prompter(), { yes: o.yes, level: "moderate", question: "Delete the sandbox and all its data?" });
      const { sandboxDestroy } = await import("../../sandbox/manager.js");
      await job(sandboxDestroy(options(f, {})));
      f.io.out.write("sandbox destroyed\n");
      // The machine's install store outlives one sandbox: say where the disk space still is.
      const { installStoreDir } = await import("../../sandbox/paths.js");
      const { existsSync } = await import("node:fs");
      const store = installStoreDir({ env: f.io.env });
      if (store && existsSync(store)) f.io.err.write(`Medusa's packages stay in ${store} for the next sandbox on this machine (about 800 MB; delete that folder to free it)\n`);
    });
}
