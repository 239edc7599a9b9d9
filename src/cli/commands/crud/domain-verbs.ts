import type { Command } from "commander";
import { announceWrite, describeTarget } from "../../output/notice.js";
import { collect, readBody } from "../../cmdutil/input.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import type { MethodSpec } from "../../../sdk/resource.js";
import { buildQuery, NOTHING_TO_CONFIRM, pathParams, type CrudResource } from "./resource.js";
import { chosenFormat, outputOptions, withOut, writeResult } from "./output.js";

const GENERIC_METHODS = new Set(["list", "retrieve", "create", "update", "delete"]);

/** `markAsPaid` → `mark-as-paid`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

/** `promotion-type` → `promotionType`: commander's key for a `--promotion-type` flag. */
function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
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

/**
 * One subcommand per non-generic SDK method with a simple shape, named after the method in
 * kebab-case (`api-keys revoke <id>`, `payment-collections mark-as-paid <id>`, the shaped
 * `fulfillments cancel <id>`). Hand-written methods (uploads, streams) are left to hand-written
 * commands.
 */
export function registerDomainVerbs(noun: Command, r: CrudResource): void {
  const taken = new Set(noun.commands.map((c) => c.name()));
  for (const [method, m] of Object.entries(r.spec.methods)) {
    if (GENERIC_METHODS.has(method) || !isSimpleMethod(m)) continue;
    const verb = kebab(method);
    if (taken.has(verb) || ["get", "list", "create", "update", "delete"].includes(verb)) continue;
    taken.add(verb);
    registerDomainVerb(noun, r, method, m, verb);
  }
}

function registerDomainVerb(noun: Command, r: CrudResource, method: string, m: MethodSpec, verb: string): void {
  const { entry, spec } = r;
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
    const f = r.ctx.factory(c);
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
    const res = await r.sdkResource(f);
    const out = await res[method]!(...callArgs, { signal: f.signal });
    await withOut(f.io, o.out, async (io) => writeResult(io, chosenFormat(o), out, spec.one, o.fields));
    if (m.method !== "GET") await announceWrite(f, `${entry.name} ${verb}${values.length ? ` ${values.join(" ")}` : ""}`);
  });
}
