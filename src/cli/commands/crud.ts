import { Command, InvalidArgumentError, Option } from "commander";
import type { NounEntry } from "./index.js";
import type { CommandContext } from "../program.js";
import { UsageError } from "../errors.js";
import { collect, readBody } from "../input.js";
import { OUTPUT_FORMATS, pickColumns, writeList, writeRecord, type OutputFormat } from "../output/render.js";
import { requireConfirmation } from "../prompter.js";
import type { IOStreams } from "../io.js";

type Rec = Record<string, unknown>;

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number");
  return n;
}

function outputOptions(cmd: Command) {
  return cmd
    .addOption(new Option("-o, --output <format>", "table, json, ndjson or csv").choices(OUTPUT_FORMATS as string[]))
    .option("--json", "same as --output json")
    .option("--out <file>", "write the output to a file instead of stdout");
}

function chosenFormat(io: IOStreams, o: { output?: string; json?: boolean }): OutputFormat {
  if (o.json) return "json";
  return (o.output as OutputFormat | undefined) ?? "table";
}

/** Redirects `io.out` into a file for `--out`, closing it afterwards. */
async function withOut<T>(io: IOStreams, file: string | undefined, fn: (io: IOStreams) => Promise<T>): Promise<T> {
  if (!file) return fn(io);
  const { createWriteStream } = await import("node:fs");
  const stream = createWriteStream(file);
  try {
    return await fn({ ...io, out: stream, isStdoutTTY: false });
  } finally {
    await new Promise<void>((r, j) => stream.end((e?: Error | null) => (e ? j(e) : r())));
  }
}

async function buildQuery(o: { query?: string[]; fields?: string; limit?: number; offset?: number; order?: string }, list: boolean): Promise<Rec> {
  const { parseUserQuery } = await import("../../sdk/query.js");
  const q: Rec = {};
  for (const part of o.query ?? []) Object.assign(q, parseUserQuery(part));
  if (o.fields) q.fields = o.fields;
  if (list) {
    q.limit = o.limit ?? 50;
    if (o.offset !== undefined) q.offset = o.offset;
    if (o.order) q.order = o.order;
  }
  return q;
}

/** list/get/create/update/delete for one SDK admin resource, from its declaration. */
export async function registerCrud(noun: Command, entry: NounEntry, ctx: CommandContext): Promise<void> {
  const { adminResources } = await import("../../sdk/admin/index.js");
  const spec = (adminResources as Record<string, import("../../sdk/resource.js").ResourceSpec>)[entry.admin!];
  if (!spec) throw new Error(`no SDK resource "${entry.admin}" for noun ${entry.name}`);
  const m = spec.methods;
  const sdkResource = async (f: ReturnType<CommandContext["factory"]>) => {
    const sdk = await f.sdk();
    return (sdk.admin as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<Rec>>>)[spec.name]!;
  };
  const callOpts = (f: ReturnType<CommandContext["factory"]>) => ({ signal: f.signal });

  if (m.list) {
    const cmd = noun
      .command("list")
      .description(`List ${entry.name}`)
      .option("--limit <n>", "page size (default 50)", positiveInt)
      .option("--offset <n>", "skip this many records", positiveInt)
      .option("--order <field>", "sort by a field; prefix - for descending (e.g. -created_at)")
      .option("--fields <fields>", "Medusa fields selection (e.g. id,title,*variants)")
      .option("--query <querystring>", "extra query parameters, qs syntax: a=1&b[]=2 (repeatable)", collect)
      .option("--all", "walk every page");
    outputOptions(cmd).addHelpText("after", `\nExamples:\n  medusactl ${entry.name} list --limit 10\n  medusactl ${entry.name} list --all --output csv --out ${entry.name}.csv\n  medusactl ${entry.name} list --query 'q=shirt' --json`);
    cmd.action(async (o, c: Command) => {
      const f = ctx.factory(c);
      const format = chosenFormat(f.io, o);
      const query = await buildQuery(o, true);
      const res = await sdkResource(f);
      const many = spec.many!;
      const records: Rec[] = [];
      let count: number | undefined;
      if (o.all) {
        for await (const item of (res as unknown as { paginate: (q: Rec, opt: object) => AsyncGenerator<Rec> }).paginate(query, callOpts(f))) records.push(item);
        count = records.length;
      } else {
        const page = await res.list!(query, undefined, callOpts(f));
        records.push(...(((page as Rec)[many] as Rec[]) ?? []));
        count = typeof (page as Rec).count === "number" ? ((page as Rec).count as number) : undefined;
      }
      await withOut(f.io, o.out, async (io) => {
        const columns = pickColumns(records, format === "table" ? spec.columns : undefined, o.fields);
        if (records.length === 0 && format === "table") {
          if (f.io.isStderrTTY) f.io.err.write(`no ${entry.name} found\n`);
          return;
        }
        writeList(io, format, records, format === "csv" || format === "table" ? columns : []);
        if (format === "table" && io.isStdoutTTY && count !== undefined) {
          f.io.err.write(`Showing ${records.length} of ${count} ${entry.name}\n`);
        }
      });
    });
  }

  if (m.retrieve) {
    const cmd = noun.command("get").description(`Show one of the ${entry.name} as a record`).argument("<id>").option("--fields <fields>", "Medusa fields selection");
    outputOptions(cmd);
    cmd.action(async (id: string, o, c: Command) => {
      const f = ctx.factory(c);
      const res = await sdkResource(f);
      const query = await buildQuery(o, false);
      const out = await res.retrieve!(id, Object.keys(query).length ? query : undefined, undefined, callOpts(f));
      const rec = ((out as Rec)[spec.one!] as Rec) ?? out;
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(io, o), rec));
    });
  }

  const bodyCommand = (name: "create" | "update") => {
    const cmd = noun.command(name).description(`${name === "create" ? "Create one of the" : "Update one of the"} ${entry.name}`);
    if (name === "update") cmd.argument("<id>");
    cmd
      .option("--data <json|@file|->", "request body as JSON, from a file (@file) or stdin (-)")
      .option("--set <key=value>", "set a body field; dotted keys nest, values are JSON-typed (repeatable)", collect)
      .option("--fields <fields>", "fields of the record to print");
    outputOptions(cmd).addHelpText("after", `\nExamples:\n  medusactl ${entry.name} ${name}${name === "update" ? " <id>" : ""} --data @body.json\n  medusactl ${entry.name} ${name}${name === "update" ? " <id>" : ""} --set title="Summer" --set metadata.source=cli`);
    cmd.action(async (...args: unknown[]) => {
      const c = args[args.length - 1] as Command;
      const o = args[args.length - 2] as { data?: string; set?: string[]; fields?: string; output?: string; json?: boolean; out?: string };
      const f = ctx.factory(c);
      const body = await readBody(f.io, o);
      if (Object.keys(body).length === 0) throw new UsageError(`${name} needs a body: --data or --set`);
      const res = await sdkResource(f);
      const query = o.fields ? { fields: o.fields } : undefined;
      const out = name === "create" ? await res.create!(body, query, undefined, callOpts(f)) : await res.update!(args[0] as string, body, query, undefined, callOpts(f));
      const rec = ((out as Rec)[spec.one!] as Rec) ?? out;
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(io, o), rec));
    });
  };
  if (m.create) bodyCommand("create");
  if (m.update) bodyCommand("update");

  if (m.delete) {
    const cmd = noun.command("delete").description(`Delete one of the ${entry.name}`).argument("<id>").option("-y, --yes", "do not ask for confirmation");
    outputOptions(cmd);
    cmd.action(async (id: string, o, c: Command) => {
      const f = ctx.factory(c);
      const target = await f.target();
      await requireConfirmation(f.io, f.prompter(), {
        yes: o.yes,
        level: target.production ? "severe" : "moderate",
        question: `Delete ${id} on ${target.profileName ?? "(env)"} (${target.url})?`,
        typed: target.profileName,
      });
      const res = await sdkResource(f);
      const out = (await res.delete!(id, undefined, callOpts(f))) ?? { id, deleted: true };
      const format = chosenFormat(f.io, o);
      if (format === "table") f.io.out.write(`deleted ${id}\n`);
      else writeRecord(f.io, format, out);
    });
  }
}
