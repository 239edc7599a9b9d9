import type { Command } from "commander";
import { announceWrite, describeTarget } from "../../output/notice.js";
import { UsageError } from "../../../term/errors.js";
import { writeRecord } from "../../output/render.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { canPrompt } from "../../../term/io.js";
import type { CrudResource, Rec } from "./resource.js";
import { chosenFormat, outputOptions } from "./output.js";

/** `<noun> delete <id>`: reads the record, asks (CONTRACT.md §7), then deletes it. */
export function registerDelete(noun: Command, r: CrudResource): void {
  const { entry, spec } = r;
  const param = r.idParam("delete");
  const cmd = noun.command("delete").description(`Delete one of the ${entry.name}`).argument(`<${param}>`).option("-y, --yes", "do not ask for confirmation");
  outputOptions(cmd).addHelpText(
    "after",
    `\nAsks y/N on a terminal (on a production profile: type the profile name); elsewhere needs --yes.\n\nExamples:\n  medusactl ${entry.name} delete <${param}>\n  medusactl ${entry.name} delete <${param}> --yes --json`,
  );
  cmd.action(async (given: string, o, c: Command) => {
    const f = r.ctx.factory(c);
    const target = await f.target();
    // Read first: Medusa answers a delete of an id that does not exist with 200 "deleted", and a
    // handle or name typed here must name the record the prompt shows.
    // Off a terminal without --yes nothing can go ahead: say so before any request.
    if (!o.yes && !canPrompt(f.io)) throw new UsageError("--yes required when not running interactively", `the action: Delete ${entry.name} ${given} on ${describeTarget(target)}?`);
    const id = spec.methods.retrieve ? (await r.findRecord(f, given)).id : given;
    const shown = id === given ? id : `${given} (${id})`;
    await requireConfirmation(f.io, f.prompter(), {
      yes: o.yes,
      level: target.production ? "severe" : "moderate",
      question: `Delete ${entry.name} ${shown} on ${describeTarget(target)}?`,
      typed: target.profileName,
    });
    const out = ((await r.call(f, "delete", { [param]: id, query: {} })) as Rec | undefined) ?? { id, deleted: true };
    const format = chosenFormat(o);
    if (format === "table") f.io.out.write(`deleted ${id}\n`);
    else writeRecord(f.io, format, out);
    await announceWrite(f, `Deleted ${r.singular} ${id}`);
  });
}
