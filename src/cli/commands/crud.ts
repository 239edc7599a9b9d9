import { Command, InvalidArgumentError, Option } from "commander";
import type { NounEntry } from "../nouns.js";
import type { CommandContext } from "../cmdutil/context.js";
import type { Factory } from "../cmdutil/factory.js";
import { announceWrite, describeTarget, notice } from "../output/notice.js";
import { JobError, UsageError } from "../../term/errors.js";
import { pathOf } from "../../shared/net.js";
import { tableFields } from "../../shared/list-fields.js";
import { collect, readBody } from "../cmdutil/input.js";
import { OUTPUT_FORMATS, pickColumns, writeList, writeRecord, type OutputFormat } from "../output/render.js";
import { requireConfirmation } from "../cmdutil/prompter.js";
import { canPrompt, type IOStreams } from "../../term/io.js";
import type { MethodSpec, ResourceSpec } from "../../sdk/resource.js";
import { CSV_RAW_HELP } from "../output/csv-field.js";

/** `--yes` on a writer that asks nothing: accepted, so a script can pass it to every writer (CONTRACT.md §6, turn 4). */
export const NOTHING_TO_CONFIRM = "accepted for scripts; this command asks for no confirmation";

type Rec = Record<string, unknown>;

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number");
  return n;
}

function outputOptions(cmd: Command) {
  return cmd
    .addOption(new Option("-o, --output <format>", "table, json, ndjson, csv, or ids (one id per line)").choices(OUTPUT_FORMATS as string[]))
    .option("--json", "same as --output json")
    .option("--csv-raw", `with -o csv: ${CSV_RAW_HELP}`)
    .option("--out <file>", "write the output to a file instead of stdout");
}

function chosenFormat(o: { output?: string; json?: boolean }): OutputFormat {
  if (o.json) return "json";
  return (o.output as OutputFormat | undefined) ?? "table";
}

/** Redirects `io.out` into a file for `--out`, closing it afterwards. */
async function withOut<T>(io: IOStreams, file: string | undefined, fn: (io: IOStreams) => Promise<T>): Promise<T> {
  if (!file) return fn(io);
  const { openOutputFile } = await import("../cmdutil/output-file.js");
  // Replaced only when the whole answer is written: a failed request leaves the previous file as it was.
  const out = await openOutputFile(file, "--out");
  try {
    const result = await fn({ ...io, out: out.stream, isStdoutTTY: false });
    await out.commit();
    return result;
  } catch (e) {
    await out.discard();
    throw e;
  }
}

async function buildQuery(o: { query?: string[]; fields?: string; limit?: number; offset?: number; order?: string }, list: boolean): Promise<Rec> {
  const { parseUserQuery } = await import("../../sdk/query.js");
  const q: Rec = {};
  for (const part of o.query ?? []) Object.assign(q, parseUserQuery(part));
  if (o.fields) q.fields = o.fields;
  if (list) {
    // --limit wins over `--query limit=…`, which wins over the default.
    q.limit = o.limit ?? q.limit ?? 50;
    if (o.offset !== undefined) q.offset = o.offset;
    if (o.order) q.order = o.order;
  }
  return q;
}

/** `--wide`: the declared columns, then every other plain (non-object) field the records carry. */
export function wideColumns(records: Rec[], columns: string[]): string[] {
  const out = [...columns];
  for (const r of records.slice(0, 20)) {
    for (const [k, v] of Object.entries(r)) {
      if (out.includes(k) || k.startsWith("raw_") || (v !== null && typeof v === "object")) continue;
      out.push(k);
    }
  }
  return out;
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
  noun.addHelpText(
    "after",
    `\nExamples:\n  medusactl ${entry.name} ${m.list ? "list" : m.retrieve ? "get <id>" : "<verb> [arguments]"}\n  medusactl ${entry.name} <verb> --help        flags and examples of one verb${spec.docs ? `\n\nAPI reference: ${spec.docs}` : ""}`,
  );

  /**
   * Calls a declared method with each value in its declared place: orders differ between
   * resources (`promotion.create(body, headers)`, `returnReason.delete(id, query, headers)`).
   */
  const call = async (f: Factory, method: string, values: Record<string, unknown>): Promise<unknown> => {
    const decl = m[method]!;
    const given = Object.keys(values.query ?? {}).length > 0;
    if (given && !decl.args.includes("query")) throw new UsageError(`${entry.name}: this route takes no query parameters (--fields, --query)`);
    const res = await sdkResource(f);
    return res[method]!(...decl.args.map((a) => (a === "query" && !given ? undefined : values[a])), { signal: f.signal });
  };
  /** The one path parameter of get/update/delete ("id", or "code" for currencies and locales). */
  const idParam = (method: string) => pathParams(m[method]!.path)[0] ?? "id";
  const exampleColumns = (spec.columns ?? ["id"]).slice(0, 2).join(",");
  const singular = entry.aliases?.[0] ?? entry.name;

  /**
   * The record `value` names, for get, update and delete: what a person types (a handle, an e-mail,
   * a display id) is looked up by the noun's natural key; an id is read as it is, and a 404 on
   * something id-shaped still tries the natural key. Not found: exit 1 saying what get takes. A
   * route that answers 200 `{}` for a missing id (GET /admin/product-tags/{id} in 2.21) is not found too.
   */
  const findRecord = async (f: Factory, value: string, query: Rec = {}): Promise<{ id: string; out: unknown }> => {
    const param = idParam("retrieve");
    const { resolveNaturalKey, notFoundHint, idShaped } = await import("../cmdutil/natural-key.js");
    let miss = "";
    const retrieve = async (target: string): Promise<unknown> => {
      try {
        const res = await call(f, "retrieve", { [param]: target, query });
        if (spec.one && res && typeof res === "object" && (res as Rec)[spec.one] == null) {
          miss = ` (${m.retrieve!.method} ${m.retrieve!.path.replace(`{${param}}`, target)} answered without a ${spec.one})`;
          return undefined;
        }
        return res;
      } catch (e) {
        const err = e as { status?: number; type?: string; request?: { method: string; url: string } };
        if (err.status !== 404) throw e;
        miss = ` (404${err.type ? ` ${err.type}` : ""}${err.request ? `, ${err.request.method} ${pathOf(err.request.url)}` : ""})`;
        return undefined;
      }
    };
    const byKey = (quiet: boolean) => resolveNaturalKey(entry.name, value, (q) => call(f, "list", { query: q }), spec.many, f.signal, { quiet });
    let target = value;
    let out: unknown;
    if (param === "id" && entry.name === "orders" && /^#?\d+$/.test(value.trim())) {
      const { resolveOrder } = await import("../../shared/orders/read.js");
      target = (await resolveOrder(await f.sdk(), value, { fields: "id,display_id", signal: f.signal })).id;
      out = await retrieve(target);
    } else if (param === "id" && m.list && !idShaped(value)) {
      target = await byKey(false);
      out = await retrieve(target);
    } else {
      out = await retrieve(value);
      if (out === undefined && param === "id" && m.list) {
        const other = await byKey(true);
        if (other !== value) out = await retrieve((target = other));
      }
    }
    if (out === undefined) throw new JobError(`${singular} ${value} not found${miss}`, notFoundHint(entry.name, value));
    return { id: target, out };
  };

  // Verbs a hand-written module already added (NounEntry.load) win over the generated ones.
  const free = (verb: string) => !noun.commands.some((c) => c.name() === verb);

  if (m.list && free("list")) {
    const takesQuery = m.list.args.includes("query");
    // `--all` walks with the SDK's paginate, which exists for declared list routes with a list key.
    const canWalk = takesQuery && Boolean(spec.many) && Object.values(m).some((x) => x.list && !x.path.includes("{"));
    const cmd = noun.command("list").description(`List ${entry.name}`);
    if (takesQuery) {
      cmd
        .option("--limit <n>", "page size (default 50)", positiveInt)
        .option("--offset <n>", "skip this many records", positiveInt)
        .option("--order <field>", "sort by a field; prefix - for descending (e.g. -created_at)")
        .option("--fields <fields>", "Medusa fields selection (e.g. id,title,*variants)")
        .option("--query <querystring>", "extra query parameters, qs syntax: a=1&b[]=2 (repeatable)", collect);
    }
    if (canWalk) cmd.option("--all", "walk every page");
    cmd.option("--wide", "table: more columns (every plain field of the records)");
    const examples = takesQuery
      ? [`${entry.name} list --limit 10`, `${entry.name} list${canWalk ? " --all" : ""} --output csv --out ${entry.name}.csv`, `${entry.name} list --query 'q=shirt' --json`, `${entry.name} list --fields ${exampleColumns} --order -created_at`]
      : [`${entry.name} list`, `${entry.name} list --json`];
    outputOptions(cmd).addHelpText(
      "after",
      `\nThe table shows ${(spec.columns ?? []).join(", ") || "the records' fields"}${takesQuery ? "; --json prints Medusa's default fields, --fields chooses them" : ""}.\n\nExamples:\n${examples.map((e) => `  medusactl ${e}`).join("\n")}`,
    );
    cmd.action(async (o, c: Command) => {
      const f = ctx.factory(c);
      const format = chosenFormat(o);
      const query = takesQuery ? await buildQuery(o, true) : {};
      // A table needs its columns, which Medusa's default selection may leave out (an order's email).
      if (takesQuery && format === "table" && query.fields === undefined && spec.columns?.length) query.fields = tableFields(spec.columns);
      if (!spec.many) {
        // A list without a list key (GET /admin/search answers hits grouped by index): printed as it came.
        const out = await call(f, "list", { query });
        await withOut(f.io, o.out, async (io) => writeResult(io, format, out, spec.one, o.fields));
        return;
      }
      const many = spec.many;
      const records: Rec[] = [];
      let count: number | undefined;
      if (o.all) {
        const res = await sdkResource(f);
        for await (const item of (res as unknown as { paginate: (q: Rec, opt: object) => AsyncGenerator<Rec> }).paginate(query, callOpts(f))) records.push(item);
        count = records.length;
      } else {
        const page = (await call(f, "list", { query })) as Rec;
        records.push(...listRecords(page?.[many]));
        count = typeof page?.count === "number" ? page.count : undefined;
      }
      await withOut(f.io, o.out, async (io) => {
        let columns = pickColumns(records, format === "table" ? spec.columns : undefined, o.fields);
        if (o.wide && format === "table") columns = wideColumns(records, columns);
        if (records.length === 0 && format === "table") {
          if (f.io.isStderrTTY) notice(f.io, `no ${entry.name} found`);
          return;
        }
        writeList(io, format, records, format === "csv" || format === "table" ? columns : []);
        if (format === "table" && io.isStdoutTTY && count !== undefined) {
          if (!f.io.quiet) f.io.err.write(`Showing ${records.length} of ${count} ${entry.name}\n`);
        }
      });
    });
  }

  if (m.retrieve && free("get")) {
    const param = idParam("retrieve");
    const cmd = noun.command("get").description(`Show one of the ${entry.name} as a record`).argument(`<${param}>`);
    if (m.retrieve.args.includes("query")) cmd.option("--fields <fields>", "Medusa fields selection");
    outputOptions(cmd).addHelpText(
      "after",
      `\nExamples:\n  medusactl ${entry.name} get <${param}>\n  medusactl ${entry.name} get <${param}> --json${m.retrieve.args.includes("query") ? `\n  medusactl ${entry.name} get <${param}> --fields '+metadata' --output json` : ""}`,
    );
    cmd.action(async (id: string, o, c: Command) => {
      const f = ctx.factory(c);
      const { out } = await findRecord(f, id, await buildQuery(o, false));
      const rec = ((out as Rec)[spec.one!] as Rec) ?? out;
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), rec as Rec));
    });
  }

  const bodyCommand = (name: "create" | "update") => {
    const param = name === "update" ? idParam("update") : undefined;
    const takesQuery = m[name]!.args.includes("query");
    const cmd = noun.command(name).description(`${name === "create" ? "Create one of the" : "Update one of the"} ${entry.name}`);
    if (param) cmd.argument(`<${param}>`);
    cmd
      .option("--data <json|@file|->", "request body as JSON, from a file (@file) or stdin (-)")
      .option("--set <key=value>", "set a body field; dotted keys nest, values are JSON-typed (repeatable)", collect);
    if (takesQuery) cmd.option("--fields <fields>", "fields of the record to print");
    cmd.option("-y, --yes", NOTHING_TO_CONFIRM);
    const usage = `medusactl ${entry.name} ${name}${param ? ` <${param}>` : ""}`;
    outputOptions(cmd).addHelpText(
      "after",
      `\nThe body is Medusa's request body for ${m[name]!.method} ${m[name]!.path}${spec.docs ? ` (${spec.docs})` : ""}.\n\nExamples:\n  ${usage} --data @body.json\n  ${usage} --set title="Summer" --set metadata.source=cli\n  cat body.json | ${usage} --data - --json`,
    );
    cmd.action(async (...args: unknown[]) => {
      const c = args[args.length - 1] as Command;
      const o = args[args.length - 2] as { data?: string; set?: string[]; fields?: string; output?: string; json?: boolean; out?: string };
      const f = ctx.factory(c);
      const body = await readBody(f.io, o);
      if (Object.keys(body).length === 0) throw new UsageError(`${name} needs a body: --data or --set`);
      const values: Record<string, unknown> = { body, query: o.fields ? { fields: o.fields } : {} };
      if (param) {
        // A handle, e-mail or name names the record as for get; an id is sent as it is.
        const { idShaped } = await import("../cmdutil/natural-key.js");
        const given = String(args[0]);
        values[param] = param === "id" && m.retrieve && !idShaped(given) ? (await findRecord(f, given)).id : given;
      }
      const out = await call(f, name, values);
      const rec = ((out as Rec)[spec.one!] as Rec) ?? out;
      await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), rec as Rec));
      await announceWrite(f, `${name === "create" ? "Created" : "Updated"} ${singular} ${String((rec as Rec).id ?? args[0] ?? "")}`);
    });
  };
  if (m.create && free("create")) bodyCommand("create");
  if (m.update && free("update")) bodyCommand("update");

  registerDomainVerbs(noun, entry, spec, ctx, sdkResource);

  if (m.delete && free("delete")) {
    const param = idParam("delete");
    const cmd = noun.command("delete").description(`Delete one of the ${entry.name}`).argument(`<${param}>`).option("-y, --yes", "do not ask for confirmation");
    outputOptions(cmd).addHelpText(
      "after",
      `\nAsks y/N on a terminal (on a production profile: type the profile name); elsewhere needs --yes.\n\nExamples:\n  medusactl ${entry.name} delete <${param}>\n  medusactl ${entry.name} delete <${param}> --yes --json`,
    );
    cmd.action(async (given: string, o, c: Command) => {
      const f = ctx.factory(c);
      const target = await f.target();
      // Read first: Medusa answers a delete of an id that does not exist with 200 "deleted", and a
      // handle or name typed here must name the record the prompt shows.
      // Off a terminal without --yes nothing can go ahead: say so before any request.
      if (!o.yes && !canPrompt(f.io)) throw new UsageError("--yes required when not running interactively", `the action: Delete ${entry.name} ${given} on ${describeTarget(target)}?`);
      const id = m.retrieve ? (await findRecord(f, given)).id : given;
      const shown = id === given ? id : `${given} (${id})`;
      await requireConfirmation(f.io, f.prompter(), {
        yes: o.yes,
        level: target.production ? "severe" : "moderate",
        question: `Delete ${entry.name} ${shown} on ${describeTarget(target)}?`,
        typed: target.profileName,
      });
      const out = ((await call(f, "delete", { [param]: id, query: {} })) as Rec | undefined) ?? { id, deleted: true };
      const format = chosenFormat(o);
      if (format === "table") f.io.out.write(`deleted ${id}\n`);
      else writeRecord(f.io, format, out);
      await announceWrite(f, `Deleted ${singular} ${id}`);
    });
  }
}

/**
 * The records of a list answer. One route answers a map instead of an array
 * (`/admin/feature-flags`: `{ name: on }`); it becomes name/value records.
 */
export function listRecords(value: unknown): Rec[] {
  if (Array.isArray(value)) return value as Rec[];
  if (value && typeof value === "object") return Object.entries(value as Rec).map(([name, v]) => ({ name, value: v }));
  return [];
}

const GENERIC_METHODS = new Set(["list", "retrieve", "create", "update", "delete"]);

/** `markAsPaid` → `mark-as-paid`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

/** `promotion-type` → `promotionType`: commander's key for a `--promotion-type` flag. */
function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
}

/**
 * A method the CLI can drive from its declaration alone: a plain route (JSON in and out) whose
 * arguments are only path parameters, body, query and headers, or a `shaped` method (strings,
 * body, query and headers by construction). Hand-written methods (files, streams) are not.
 */
export function isSimpleMethod(spec: MethodSpec): boolean {
  if (spec.accept) return false;
  if (spec.shaped) return true;
  if (spec.custom) return false;
  const params = new Set(pathParams(spec.path));
  return spec.args.every((a) => params.has(a) || a === "body" || a === "query" || a === "headers");
}

/** Final static path segments of actions CONTRACT.md §7 rates moderate (fulfil, ship, capture, complete…). */
const MODERATE_ACTIONS = new Set([
  "cancel", "revoke", "mark-as-paid", "delete", "archive", "complete", "capture", "fulfillments", "shipment", "shipments",
  "mark-as-delivered", "confirm", "request", "receive", "transfer", "guest", "reset-password",
]);

/**
 * The confirmation a domain verb needs (CONTRACT.md §7): severe for refunds and for cancelling an
 * order; moderate for DELETEs and the actions above; none otherwise (creates, updates, reads).
 */
export function confirmationLevel(m: MethodSpec): "none" | "moderate" | "severe" {
  if (m.method === "GET") return "none";
  if (/\/refund$/.test(m.path) || /^\/admin\/orders\/\{id\}\/cancel$/.test(m.path)) return "severe";
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
 * kebab-case (`api-keys revoke <id>`, `payment-collections mark-as-paid <id>`, the shaped
 * `fulfillments cancel <id>`). Hand-written methods (uploads, streams) are left to hand-written
 * commands.
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
    const strings = m.args.filter((a) => a !== "body" && a !== "query" && a !== "headers");
    const optional = new Set(m.shaped?.optional ?? []);
    // Required strings are arguments in declaration order; optional ones (shaped methods) are flags.
    const params = strings.filter((a) => !optional.has(a));
    const hasBody = m.args.includes("body");
    const hasQuery = m.args.includes("query");
    const level = confirmationLevel(m);
    const cmd = noun.command(verb).description(m.summary ?? `${verb.charAt(0).toUpperCase()}${verb.slice(1).replace(/-/g, " ")}`);
    for (const p of params) cmd.argument(`<${kebab(p)}>`);
    for (const p of optional) cmd.option(`--${kebab(p)} <value>`, `the ${kebab(p).replace(/-/g, " ")}`);
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
    else if (m.method !== "GET") cmd.option("-y, --yes", NOTHING_TO_CONFIRM);
    const usage = [`medusactl ${entry.name} ${verb}`, ...params.map((p) => `<${kebab(p)}>`)].join(" ");
    const examples = [usage + (level !== "none" ? " --yes" : "") + (m.method === "GET" ? " --json" : "")];
    if (hasBody) examples.push(`${usage} --data @body.json${level !== "none" ? " --yes" : ""}`);
    const note =
      level === "none" ? "" : `\n${level === "severe" ? "Asks you to type the id" : "Asks y/N"} on a terminal (on a production profile: type the profile name); elsewhere needs --yes.\n`;
    outputOptions(cmd).addHelpText("after", `${note}\nRequest: ${m.method} ${m.path}\n\nExamples:\n${examples.map((e) => `  ${e}`).join("\n")}`);
    cmd.action(async (...args: unknown[]) => {
      const c = args[args.length - 1] as Command;
      const o = args[args.length - 2] as Record<string, unknown> & { data?: string; set?: string[]; fields?: string; query?: string[]; yes?: boolean; output?: string; json?: boolean; out?: string };
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
          question: `${entry.name} ${verb} ${values.join(" ")} on ${describeTarget(target)}?`,
          typed: level === "severe" ? values[0] : target.profileName,
        });
      }
      const callArgs = m.args.map((a) => {
        if (a === "body") return body;
        if (a === "query") return query && Object.keys(query).length ? query : undefined;
        if (a === "headers") return undefined;
        if (optional.has(a)) return o[camel(kebab(a))] as string | undefined;
        return values[params.indexOf(a)];
      });
      const res = await sdkResource(f);
      const out = await res[method]!(...callArgs, { signal: f.signal });
      await withOut(f.io, o.out, async (io) => writeResult(io, chosenFormat(o), out, spec.one, o.fields));
      if (m.method !== "GET") await announceWrite(f, `${entry.name} ${verb}${values.length ? ` ${values.join(" ")}` : ""}`);
    });
  }
}
