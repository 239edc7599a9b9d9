import type { Command } from "commander";
import { announceWrite } from "../../output/notice.js";
import { UsageError } from "../../../term/errors.js";
import { collect, readBody } from "../../cmdutil/input.js";
import { writeRecord } from "../../output/render.js";
import { NOTHING_TO_CONFIRM, type CrudResource } from "./resource.js";
import { chosenFormat, outputOptions, recordOf, withOut } from "./output.js";

/** `<noun> create` and `<noun> update <id>`: Medusa's request body from `--data` and `--set`. */
export function registerWrite(noun: Command, r: CrudResource, name: "create" | "update"): void {
  const { entry, spec } = r;
  const decl = spec.methods[name]!;
  const param = name === "update" ? r.idParam("update") : undefined;
  const cmd = noun.command(name).description(`${name === "create" ? "Create one of the" : "Update one of the"} ${entry.name}`);
  if (param) cmd.argument(`<${param}>`);
  cmd
    .option("--data <json|@file|->", "request body as JSON, from a file (@file) or stdin (-)")
    .option("--set <key=value>", "set a body field; dotted keys nest, values are JSON-typed (repeatable)", collect);
  if (decl.args.includes("query")) cmd.option("--fields <fields>", "fields of the record to print");
  cmd.option("-y, --yes", NOTHING_TO_CONFIRM);
  const usage = `medusactl ${entry.name} ${name}${param ? ` <${param}>` : ""}`;
  outputOptions(cmd).addHelpText(
    "after",
    `\nThe body is Medusa's request body for ${decl.method} ${decl.path}${spec.docs ? ` (${spec.docs})` : ""}.\n\nExamples:\n  ${usage} --data @body.json\n  ${usage} --set title="Summer" --set metadata.source=cli\n  cat body.json | ${usage} --data - --json`,
  );
  cmd.action(async (...args: unknown[]) => {
    const c = args[args.length - 1] as Command;
    const o = args[args.length - 2] as { data?: string; set?: string[]; fields?: string; output?: string; json?: boolean; out?: string };
    const f = r.ctx.factory(c);
    const body = await readBody(f.io, o);
    if (Object.keys(body).length === 0) throw new UsageError(`${name} needs a body: --data or --set`);
    const values: Record<string, unknown> = { body, query: o.fields ? { fields: o.fields } : {} };
    if (param) {
      // A handle, e-mail or name names the record as for get; an id is sent as it is.
      const { idShaped } = await import("../../cmdutil/natural-key.js");
      const given = String(args[0]);
      values[param] = param === "id" && spec.methods.retrieve && !idShaped(given) ? (await r.findRecord(f, given)).id : given;
    }
    const rec = recordOf(await r.call(f, name, values), spec.one);
    await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), rec));
    await announceWrite(f, `${name === "create" ? "Created" : "Updated"} ${r.singular} ${String(rec.id ?? args[0] ?? "")}`);
  });
}
