import { Command, InvalidArgumentError, Option } from "commander";
import type { NounEntry } from "./index.js";
import type { CommandContext } from "../program.js";
import { UsageError } from "../errors.js";
import { collect, readBody } from "../input.js";
import { OUTPUT_FORMATS, pickColumns, writeList, writeRecord, type OutputFormat } from "../output/render.js";
import { requireConfirmation } from "../prompter.js";
import type { IOStreams } from "../io.js";
import type { MethodSpec, ResourceSpec } from "../../sdk/resource.js";

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

function chosenFormat(o: { output?: string; json?: boolean }): OutputFormat {
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
  // Verbs a hand-written module already added (NounEntry.load) win over the generated ones.
  const free = (verb: string) => !noun.commands.some((c) => c.name() === verb);

  if (m.list && free("list")) {
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
      const format = chosenFormat(o);
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

  if (m.retrieve && free("get")) {
    const cmd = noun.command("get").description(`Show one of the ${entry.name} as a record`).argument("<id>").option("--fields <fields>", "Medusa fields selection");
    outputOptions(cmd);
    cmd.action(async (id: string, o, c: Command) => {
      const f = ctx.factory(c);
      const res = await sdkResource(f);
      const query = await buildQuery(o, false);
      const out = await res.retrieve!(id, Object.keys(query).length ? query : undefined, undefined, callOpts(f));
      const rec = ((out as Rec)[spec.one!] as Rec) ?? out;
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), rec));
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
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), rec));
    });
  };
  if (m.create && free("create")) bodyCommand("create");
  if (m.update && free("update")) bodyCommand("update");

  registerDomainVerbs(noun, entry, spec, ctx, sdkResource);

  if (m.delete && free("delete")) {
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
      const format = chosenFormat(o);
      if (format === "table") f.io.out.write(`deleted ${id}\n`);
      else writeRecord(f.io, format, out);
    });
  }
}

const GENERIC_METHODS = new Set(["list", "retrieve", "create", "update", "delete"]);

/** `markAsPaid` → `mark-as-paid`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
}

/**
 * A method the CLI can drive from its declaration alone: a plain route (no hand-written body),
 * JSON in and out, and arguments that are only path parameters, body, query and headers.
 */
export function isSimpleMethod(spec: MethodSpec): boolean {
  if (spec.custom || spec.accept) return false;
  const params = new Set(pathParams(spec.path));
  return spec.args.every((a) => params.has(a) || a === "body" || a === "query" || a === "headers");
}

/** Final static path segments of actions CONTRACT.md §7 rates moderate (fulfil, ship, capture, complete…). */
const MODERATE_ACTIONS = new Set([
  "cancel", "revoke", "delete", "archive", "complete", "capture", "fulfillments", "shipment", "shipments",
  "mark-as-delivered", "confirm", "request", "receive", "transfer", "guest", "reset-password",
]);

/**
 * The confirmation a domain verb needs (CONTRACT.md §7): severe for refunds and for cancelling an
 * order; moderate for DELETEs and the actions above; none otherwise (creates, updates, reads).
 */
export function confirmationLevel(m: MethodSpec): "none" | "moderate" | "severe" {
  if (m.method === "GET") return "none";
  if (/\/refund$/.test(m.path) || m.path === "/admin/orders/{id}/cancel") return "severe";
  if (m.method === "DELETE") return "moderate";
  const last = m.path.split("/").filter((s) => s && !s.startsWith("{")).pop() ?? "";
  return MODERATE_ACTIONS.has(last) ? "moderate" : "none";
}

/** Splits a response into the list or record it carries (`{orders, count}`, `{order}`), else the whole body. */
export function unwrapResponse(res: unknown, one?: string): { list: Rec[]; count?: number } | { record: Rec } | { raw: unknown } {
  if (res === null || typeof res !== "object" || Array.isArray(res)) return { raw: res };
  const body = res as Rec;
  if (one && body[one] && typeof body[one] === "object" && !Array.isArray(body[one])) return { record: body[one] as Rec };
  const keys = Object.keys(body).filter((k) => !["count", "limit", "offset", "estimate_count"].includes(k));
  if (keys.length === 1) {
    const v = body[keys[0]!];
    if (Array.isArray(v) && v.every((x) => x && typeof x === "object")) return { list: v as Rec[], count: typeof body.count === "number" ? body.count : undefined };
    if (v && typeof v === "object" && !Array.isArray(v)) return { record: v as Rec };
  }
  return { record: body };
}

function writeResult(io: IOStreams, format: OutputFormat, res: unknown, one: string | undefined, fields?: string): void {
  const r = unwrapResponse(res, one);
  if ("raw" in r) {
    if (r.raw !== undefined) io.out.write((typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw, null, 2)) + "\n");
    return;
  }
  if ("list" in r) {
    writeList(io, format, r.list, format === "csv" || format === "table" ? pickColumns(r.list, undefined, fields) : []);
    return;
  }
  writeRecord(io, format, r.record);
}

/**
 * One subcommand per non-generic SDK method with a simple shape, named after the method in
 * kebab-case (`api-keys revoke <id>`, `payment-collections mark-as-paid <id>`). Hand-written
 * methods (`custom`: uploads, streams, shaped bodies) are left to hand-written commands.
 */
function registerDomainVerbs(
  noun: Command,
  entry: NounEntry,
  spec: ResourceSpec,
  ctx: CommandContext,
  sdkResource: (f: ReturnType<CommandContext["factory"]>) => Promise<Record<string, (...a: unknown[]) => Promise<Rec>>>,
): void {
  const taken = new Set(noun.commands.map((c) => c.name()));
  for (const [method, m] of Object.entries(spec.methods)) {
    if (GENERIC_METHODS.has(method) || !isSimpleMethod(m)) continue;
    const verb = kebab(method);
    if (taken.has(verb) || ["get", "list", "create", "update", "delete"].includes(verb)) continue;
    taken.add(verb);
    const params = m.args.filter((a) => a !== "body" && a !== "query" && a !== "headers");
    const hasBody = m.args.includes("body");
    const hasQuery = m.args.includes("query");
    const level = confirmationLevel(m);
    const cmd = noun.command(verb).description(m.summary ?? `${m.method} ${m.path}`);
    for (const p of params) cmd.argument(`<${kebab(p)}>`);
    if (hasBody) {
      cmd
        .option("--data <json|@file|->", "request body as JSON, from a file (@file) or stdin (-)")
        .option("--set <key=value>", "set a body field; dotted keys nest, values are JSON-typed (repeatable)", collect);
    }
    if (hasQuery) {
      cmd
        .option("--fields <fields>", "Medusa fields selection")
        .option("--query <querystring>", "extra query parameters, qs syntax: a=1&b[]=2 (repeatable)", collect);
    }
    if (level !== "none") cmd.option("-y, --yes", "do not ask for confirmation");
    outputOptions(cmd);
    cmd.action(async (...args: unknown[]) => {
      const c = args[args.length - 1] as Command;
      const o = args[args.length - 2] as { data?: string; set?: string[]; fields?: string; query?: string[]; yes?: boolean; output?: string; json?: boolean; out?: string };
      const values = args.slice(0, params.length) as string[];
      const f = ctx.factory(c);
      const body = hasBody ? await readBody(f.io, o) : undefined;
      const query = hasQuery ? await buildQuery(o, false) : undefined;
      if (level !== "none") {
        const target = await f.target();
        const severe = level === "severe" || target.production;
        await requireConfirmation(f.io, f.prompter(), {
          yes: o.yes,
          level: severe ? "severe" : "moderate",
          question: `${entry.name} ${verb} ${values.join(" ")} on ${target.profileName ?? "(env)"} (${target.url})?`,
          typed: level === "severe" ? values[0] : target.profileName,
        });
      }
      const callArgs = m.args.map((a) => {
        if (a === "body") return body;
        if (a === "query") return query && Object.keys(query).length ? query : undefined;
        if (a === "headers") return undefined;
        return values[params.indexOf(a)];
      });
      const res = await sdkResource(f);
      const out = await res[method]!(...callArgs, { signal: f.signal });
      await withOut(f.io, o.out, async (io) => writeResult(io, chosenFormat(o), out, spec.one, o.fields));
    });
  }
}
