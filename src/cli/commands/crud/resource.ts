import { InvalidArgumentError } from "commander";
import type { NounEntry } from "../../nouns.js";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { JobError, UsageError } from "../../../term/errors.js";
import { pathOf } from "../../../shared/net.js";
import type { ResourceSpec } from "../../../sdk/resource.js";

/** `--yes` on a writer that asks nothing: accepted, so a script can pass it to every writer (CONTRACT.md §6, turn 4). */
export const NOTHING_TO_CONFIRM = "accepted for scripts; this command asks for no confirmation";

export type Rec = Record<string, unknown>;

/** One SDK resource's bound methods, as a command calls them. */
export type SdkResource = Record<string, (...a: unknown[]) => Promise<Rec>>;

/**
 * What every generated verb of one noun shares: its declaration, and how to call it and find one
 * of its records. Built once per noun by `registerCrud`; each verb's file adds one subcommand.
 */
export interface CrudResource {
  entry: NounEntry;
  spec: ResourceSpec;
  ctx: CommandContext;
  /** What a record is called in messages ("product-tag"): the noun's first alias, else its name. */
  singular: string;
  sdkResource(f: Factory): Promise<SdkResource>;
  /** Calls a declared method with each value in its declared place. */
  call(f: Factory, method: string, values: Record<string, unknown>): Promise<unknown>;
  /** The one path parameter of a method ("id", or "code" for currencies and locales). */
  idParam(method: string): string;
  /** The record a person named (an id, a handle, an e-mail, a display id), for get, update and delete. */
  findRecord(f: Factory, value: string, query?: Rec): Promise<{ id: string; out: unknown }>;
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
}

export function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number");
  return n;
}

export async function buildQuery(o: { query?: string[]; fields?: string; limit?: number; offset?: number; order?: string }, list: boolean): Promise<Rec> {
  const { parseUserQuery } = await import("../../../sdk/query.js");
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

/** The shared part of one noun's generated verbs, from its SDK declaration. */
export function crudResource(entry: NounEntry, spec: ResourceSpec, ctx: CommandContext): CrudResource {
  const m = spec.methods;
  const sdkResource = async (f: Factory) => {
    const sdk = await f.sdk();
    return (sdk.admin as unknown as Record<string, SdkResource>)[spec.name]!;
  };

  /** Resources differ in argument order (`promotion.create(body, headers)`, `returnReason.delete(id, query, headers)`). */
  const call = async (f: Factory, method: string, values: Record<string, unknown>): Promise<unknown> => {
    const decl = m[method]!;
    const given = Object.keys(values.query ?? {}).length > 0;
    if (given && !decl.args.includes("query")) throw new UsageError(`${entry.name}: this route takes no query parameters (--fields, --query)`);
    const res = await sdkResource(f);
    return res[method]!(...decl.args.map((a) => (a === "query" && !given ? undefined : values[a])), { signal: f.signal });
  };
  const idParam = (method: string) => pathParams(m[method]!.path)[0] ?? "id";
  const singular = entry.aliases?.[0] ?? entry.name;

  /**
   * What a person types (a handle, an e-mail, a display id) is looked up by the noun's natural key;
   * an id is read as it is, and a 404 on something id-shaped still tries the natural key. Not
   * found: exit 1 saying what get takes. A route that answers 200 `{}` for a missing id
   * (GET /admin/product-tags/{id} in 2.21) is not found too.
   */
  const findRecord = async (f: Factory, value: string, query: Rec = {}): Promise<{ id: string; out: unknown }> => {
    const param = idParam("retrieve");
    const { resolveNaturalKey, notFoundHint, idShaped } = await import("../../cmdutil/natural-key.js");
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
      const { resolveOrder } = await import("../../../shared/orders/read.js");
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

  return { entry, spec, ctx, singular, sdkResource, call, idParam, findRecord };
}
