import type { Command } from "commander";
import { writeRecord } from "../../output/render.js";
import { buildQuery, type CrudResource } from "./resource.js";
import { chosenFormat, outputOptions, recordOf, withOut } from "./output.js";

/** `<noun> get <id>`: one record, by id or by what people type (a handle, an e-mail, a display id). */
export function registerGet(noun: Command, r: CrudResource): void {
  const { entry, spec } = r;
  const retrieve = spec.methods.retrieve!;
  const param = r.idParam("retrieve");
  const cmd = noun.command("get").description(`Show one of the ${entry.name} as a record`).argument(`<${param}>`);
  if (retrieve.args.includes("query")) cmd.option("--fields <fields>", "Medusa fields selection");
  outputOptions(cmd).addHelpText(
    "after",
    `\nExamples:\n  medusactl ${entry.name} get <${param}>\n  medusactl ${entry.name} get <${param}> --json${retrieve.args.includes("query") ? `\n  medusactl ${entry.name} get <${param}> --fields '+metadata' --output json` : ""}`,
  );
  cmd.action(async (id: string, o, c: Command) => {
    const f = r.ctx.factory(c);
    const { out } = await r.findRecord(f, id, await buildQuery(o, false));
    await withOut(f.io, o.out, async (io) => writeRecord(io, chosenFormat(o), recordOf(out, spec.one)));
  });
}
