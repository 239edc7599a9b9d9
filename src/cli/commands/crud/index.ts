import type { Command } from "commander";
import type { NounEntry } from "../../nouns.js";
import type { CommandContext } from "../../cmdutil/context.js";
import type { ResourceSpec } from "../../../sdk/resource.js";
import { crudResource } from "./resource.js";
import { registerList } from "./list.js";
import { registerGet } from "./get.js";
import { registerWrite } from "./write.js";
import { registerDomainVerbs } from "./domain-verbs.js";
import { registerDelete } from "./delete.js";

/**
 * The verbs generated from one SDK admin resource's declaration: list, get, create, update, the
 * resource's own operations (domain verbs), delete. A verb a hand-written module already added
 * (commands/index.ts) wins over the generated one of that name.
 */
export async function registerCrud(noun: Command, entry: NounEntry, ctx: CommandContext): Promise<void> {
  const { adminResources } = await import("../../../sdk/admin/index.js");
  const spec = (adminResources as Record<string, ResourceSpec>)[entry.admin!];
  if (!spec) throw new Error(`no SDK resource "${entry.admin}" for noun ${entry.name}`);
  const m = spec.methods;
  noun.addHelpText(
    "after",
    `\nExamples:\n  medusactl ${entry.name} ${m.list ? "list" : m.retrieve ? "get <id>" : "<verb> [arguments]"}\n  medusactl ${entry.name} <verb> --help        flags and examples of one verb${spec.docs ? `\n\nAPI reference: ${spec.docs}` : ""}`,
  );
  const r = crudResource(entry, spec, ctx);
  const free = (verb: string) => !noun.commands.some((c) => c.name() === verb);
  if (m.list && free("list")) registerList(noun, r);
  if (m.retrieve && free("get")) registerGet(noun, r);
  if (m.create && free("create")) registerWrite(noun, r, "create");
  if (m.update && free("update")) registerWrite(noun, r, "update");
  registerDomainVerbs(noun, r);
  if (m.delete && free("delete")) registerDelete(noun, r);
}
