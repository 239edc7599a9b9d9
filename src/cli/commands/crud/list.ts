import type { Command } from "commander";
import { notice } from "../../output/notice.js";
import { tableFields } from "../../../shared/list-fields.js";
import { collect } from "../../cmdutil/input.js";
import { pickColumns, writeList } from "../../output/render.js";
import { buildQuery, positiveInt, type CrudResource, type Rec } from "./resource.js";
import { chosenFormat, outputOptions, withOut, writeResult } from "./output.js";

/** `<noun> list`: one page, or every page with `--all`, as a table, JSON, ndjson, CSV or ids. */
export function registerList(noun: Command, r: CrudResource): void {
  const { entry, spec } = r;
  const m = spec.methods;
  const takesQuery = m.list!.args.includes("query");
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
  const exampleColumns = (spec.columns ?? ["id"]).slice(0, 2).join(",");
  const examples = takesQuery
    ? [`${entry.name} list --limit 10`, `${entry.name} list${canWalk ? " --all" : ""} --output csv --out ${entry.name}.csv`, `${entry.name} list --query 'q=shirt' --json`, `${entry.name} list --fields ${exampleColumns} --order -created_at`]
    : [`${entry.name} list`, `${entry.name} list --json`];
  outputOptions(cmd).addHelpText(
    "after",
    `\nThe table shows ${(spec.columns ?? []).join(", ") || "the records' fields"}${takesQuery ? "; --json prints Medusa's default fields, --fields chooses them" : ""}.\n\nExamples:\n${examples.map((e) => `  medusactl ${e}`).join("\n")}`,
  );
  cmd.action(async (o, c: Command) => {
    const f = r.ctx.factory(c);
    const format = chosenFormat(o);
    const query = takesQuery ? await buildQuery(o, true) : {};
    // A table needs its columns, which Medusa's default selection may leave out (an order's email).
    if (takesQuery && format === "table" && query.fields === undefined && spec.columns?.length) query.fields = tableFields(spec.columns);
    if (!spec.many) {
      // A list without a list key (GET /admin/search answers hits grouped by index): printed as it came.
      const out = await r.call(f, "list", { query });
      await withOut(f.io, o.out, async (io) => writeResult(io, format, out, spec.one, o.fields));
      return;
    }
    const many = spec.many;
    const records: Rec[] = [];
    let count: number | undefined;
    if (o.all) {
      const res = await r.sdkResource(f);
      for await (const item of (res as unknown as { paginate: (q: Rec, opt: object) => AsyncGenerator<Rec> }).paginate(query, { signal: f.signal })) records.push(item);
      count = records.length;
    } else {
      const page = (await r.call(f, "list", { query })) as Rec;
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

/**
 * The records of a list answer. One route answers a map instead of an array
 * (`/admin/feature-flags`: `{ name: on }`); it becomes name/value records.
 */
export function listRecords(value: unknown): Rec[] {
  if (Array.isArray(value)) return value as Rec[];
  if (value && typeof value === "object") return Object.entries(value as Rec).map(([name, v]) => ({ name, value: v }));
  return [];
}
