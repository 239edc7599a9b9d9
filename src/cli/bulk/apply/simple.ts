/**
 * The common shape of most kinds: one SDK resource, a natural key, plain fields compared one
 * by one, and link lists (`{add, remove}` methods) that are made to match the file exactly.
 */
import { byName } from "../../../shared/resolve.js";
import { callAdmin, oneKey } from "../../../sdk/admin/call.js";
import type { ListResource } from "../lookup.js";
import { changedFields, compact, envName, linkDiff, metadataChanged, Plan, type Api, type Change, type Item, type Kind, type PlanContext, type Ref } from "./engine.js";
import { Issues, opt, shape, str, json, type Field, type Rec } from "./validate.js";

export interface Link {
  field: string;
  desired: string[];
  current: string[];
  /** The resource's method that takes `(id, {add, remove})`, e.g. "batchSalesChannels". */
  method: string;
}

export interface SimpleKindDef<S extends Rec, E extends Rec> {
  kind: string;
  section: string;
  envKind: string;
  fields: Record<string, Field>;
  /** Accepts a shorthand (a bare string for tags and types). */
  coerce?: (raw: unknown) => unknown;
  /** Cross-field checks after the fields passed. */
  check?: (spec: S, path: string, issues: Issues) => void;
  key: (spec: S) => string;
  refs?: (spec: S, path: string) => Ref[];
  /** The SDK resource (`sdk.admin.<resource>`): create, update and links go through its methods. */
  resource: ListResource;
  load: (api: Api, keys: string[]) => Promise<E[]>;
  keyOf: (existing: E) => string;
  /** Among records that share a key, the one meant (a registered customer over guest records). */
  prefer?: (rows: E[]) => E | undefined;
  /** Body fields (ids resolved through ctx); metadata is compared by declared key only. */
  body: (spec: S, ctx: PlanContext) => Rec;
  /** The existing object in the body's terms, for comparison. */
  current: (existing: E) => Rec;
  /** Fields sent on create only (Medusa rejects them on update or they cannot change). */
  createOnly?: string[];
  links?: (spec: S, existing: E | undefined, ctx: PlanContext) => Link[];
  /** Extra env variables (publishable key tokens); `created` is the create's answer once written. */
  env?: (item: Item<S>, plan: Plan, created: () => E | undefined, existing: E | undefined) => void;
  /**
   * More to plan after create/update (e.g. a default tax rate): its writes go into `plan` (after
   * the object's own, so `self.id` is known when they run); returns changed field names.
   */
  after?: (spec: S, existing: E | undefined, ctx: PlanContext, plan: Plan, self: Change) => Promise<string[]>;
  order?: Kind<S, E>["order"];
  children?: Kind<S, E>["children"];
  /** Reshapes an update's body where Medusa takes less than on create. */
  updateBody?: (update: Rec) => Rec;
  /** Query for the create/update answer (to read nested ids). */
  writeQuery?: Rec;
}

export const ENV_FIELD = { env: opt(str) };
export const METADATA = { metadata: opt(json) };

export function simpleKind<S extends Rec, E extends Rec>(def: SimpleKindDef<S, E>): Kind<S, E> {
  return {
    kind: def.kind,
    section: def.section,
    envKind: def.envKind,
    parse(raw, path, issues) {
      const v = def.coerce ? def.coerce(raw) : raw;
      const spec = shape(v, path, issues, { ...def.fields, ...ENV_FIELD }) as S | undefined;
      if (!spec) return undefined;
      const before = issues.list.length;
      for (const [k, f] of Object.entries(def.fields)) if (f.required && spec[k] === undefined) return undefined;
      def.check?.(spec, path, issues);
      return issues.list.length === before ? spec : undefined;
    },
    key: def.key,
    refs: def.refs,
    order: def.order,
    children: def.children,
    async load(api, keys) {
      // Exact, every page, and a name two records share is an error naming both (shared/resolve.ts).
      return byName(await def.load(api, keys), { wanted: keys, nameOf: def.keyOf, what: def.kind.replace(/_/g, " "), describe: (e) => `${def.keyOf(e)} (${String(e.id)})`, prefer: def.prefer });
    },
    async plan(item, existing, ctx) {
      const plan = new Plan();
      const { sdk, signal } = ctx.api;
      const spec = item.spec;
      const key = def.key(spec);
      const body = compact(def.body(spec, ctx));
      const { metadata, ...plain } = body;
      const self = plan.change({ kind: def.kind, key, action: existing ? "unchanged" : "create", fields: [], id: existing?.id as string | undefined });
      let created: E | undefined;
      const fields = self.fields;
      if (!existing) {
        fields.push(...Object.keys(body));
        plan.write(async () => {
          const res = await callAdmin<Rec>(sdk, def.resource, "create", { body, query: def.writeQuery }, { signal });
          created = res[oneKey(def.resource)] as E;
          ctx.created(self, created.id as string);
        });
      } else {
        const current = def.current(existing);
        const createOnly = new Set(def.createOnly ?? []);
        fields.push(...changedFields(plain, current).filter((f) => !createOnly.has(f)));
        if (metadataChanged(metadata as Rec | undefined, existing.metadata as Rec | undefined)) fields.push("metadata");
        if (fields.length) {
          const update: Rec = {};
          for (const f of fields) update[f] = body[f];
          plan.write(() => callAdmin(sdk, def.resource, "update", { id: self.id, body: def.updateBody?.(update) ?? update, query: def.writeQuery }, { signal }));
        }
      }
      ctx.setId(def.kind, key, self.id);
      for (const link of def.links?.(spec, existing, ctx) ?? []) {
        const d = linkDiff(link.desired, existing ? link.current : []);
        if (!d.add.length && !d.remove.length) continue;
        if (existing || !fields.includes(link.field)) fields.push(link.field);
        const change = compact({ add: d.add.length ? d.add : undefined, remove: d.remove.length ? d.remove : undefined });
        plan.write(() => callAdmin(sdk, def.resource, link.method, { id: self.id, body: change }, { signal }));
      }
      if (def.after) for (const f of await def.after(spec, existing, ctx, plan, self)) if (!fields.includes(f)) fields.push(f);
      if (existing && fields.length) self.action = "update";
      plan.envVar(envName(def.envKind, item.envKey, "ID"), () => self.id);
      def.env?.(item, plan, () => created, existing);
      return plan;
    },
  };
}

/** Ids of `[{id}]` relations, sorted. */
export const idsOf = (xs: unknown): string[] => ((xs as { id: string }[] | null | undefined) ?? []).map((x) => x.id).sort();

/** References from a list of keys at `path`. */
export function refList(kind: string, keys: string[] | undefined, path: string): Ref[] {
  return (keys ?? []).map((key, i) => ({ kind, key, path: `${path}[${i}]` }));
}
