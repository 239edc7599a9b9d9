/**
 * The common shape of most kinds: one SDK resource, a natural key, plain fields compared one
 * by one, and link lists (`{add, remove}` methods) that are made to match the file exactly.
 */
import { byName } from "../../../shared/resolve.js";
import { callAdmin, oneKey } from "../../../sdk/admin/call.js";
import type { ListResource } from "../lookup.js";
import { changedFields, compact, envName, linkDiff, metadataChanged, type Api, type Item, type Kind, type KindContext, type Ref } from "./engine.js";
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
  body: (spec: S, ctx: KindContext) => Rec;
  /** The existing object in the body's terms, for comparison. */
  current: (existing: E) => Rec;
  /** Fields sent on create only (Medusa rejects them on update or they cannot change). */
  createOnly?: string[];
  links?: (spec: S, existing: E | undefined, ctx: KindContext) => Link[];
  /** Extra env variables (publishable key tokens). */
  env?: (item: Item<S>, id: string | undefined, created: E | undefined, existing: E | undefined, ctx: KindContext) => void;
  /** Extra work after create/update (e.g. a default tax rate); returns changed field names. */
  after?: (spec: S, id: string | undefined, existing: E | undefined, ctx: KindContext) => Promise<string[]>;
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
    async apply(item, existing, ctx) {
      const spec = item.spec;
      const key = def.key(spec);
      const body = compact(def.body(spec, ctx));
      const { metadata, ...plain } = body;
      let id = existing?.id as string | undefined;
      let created: E | undefined;
      let fields: string[];
      if (!existing) {
        fields = Object.keys(body);
        if (!ctx.dryRun) {
          const res = await callAdmin<Rec>(ctx.api.sdk, def.resource, "create", { body, query: def.writeQuery }, { signal: ctx.api.signal });
          created = res[oneKey(def.resource)] as E;
          id = created.id as string;
        }
      } else {
        const current = def.current(existing);
        const createOnly = new Set(def.createOnly ?? []);
        fields = changedFields(plain, current).filter((f) => !createOnly.has(f));
        if (metadataChanged(metadata as Rec | undefined, existing.metadata as Rec | undefined)) fields.push("metadata");
        if (fields.length && !ctx.dryRun) {
          const update: Rec = {};
          for (const f of fields) update[f] = body[f];
          await callAdmin(ctx.api.sdk, def.resource, "update", { id, body: def.updateBody?.(update) ?? update, query: def.writeQuery }, { signal: ctx.api.signal });
        }
      }
      ctx.setId(def.kind, key, id);
      for (const link of def.links?.(spec, existing, ctx) ?? []) {
        const d = linkDiff(link.desired, existing ? link.current : []);
        if (!d.add.length && !d.remove.length) continue;
        if (existing) fields.push(link.field);
        else if (!fields.includes(link.field)) fields.push(link.field);
        if (!ctx.dryRun) await callAdmin(ctx.api.sdk, def.resource, link.method, { id, body: compact({ add: d.add.length ? d.add : undefined, remove: d.remove.length ? d.remove : undefined }) }, { signal: ctx.api.signal });
      }
      if (def.after) for (const f of await def.after(spec, id, existing, ctx)) if (!fields.includes(f)) fields.push(f);
      ctx.change({ kind: def.kind, key, action: existing ? (fields.length ? "update" : "unchanged") : "create", fields, id });
      ctx.env(envName(def.envKind, item.envKey, "ID"), id ?? ctx.id(def.kind, key));
      def.env?.(item, id, created, existing, ctx);
    },
  };
}

/** Ids of `[{id}]` relations, sorted. */
export const idsOf = (xs: unknown): string[] => ((xs as { id: string }[] | null | undefined) ?? []).map((x) => x.id).sort();

/** References from a list of keys at `path`. */
export function refList(kind: string, keys: string[] | undefined, path: string): Ref[] {
  return (keys ?? []).map((key, i) => ({ kind, key, path: `${path}[${i}]` }));
}
