/**
 * The engine of `apply -f`, on the bulk runner (runner.ts): it loads what the file names (declared
 * objects and the objects they refer to) and checks every reference before anything is written;
 * then each object is one chunk of the runner, in dependency order, one at a time. Each kind
 * PLANS one object (its changes, and the writes that realise them) apart from WRITING it: a dry
 * run is the runner's walk over the same plans with the writes left out, so it cannot promise
 * what the real run would not do. Like `kubectl apply`, it converges: a rerun does what is left.
 */
import type { Medusa } from "../../../sdk/index.js";
import { listAll as lookupAll, listByKeys as lookupByKeys, type ListResource } from "../lookup.js";
import type { ReportRow } from "../report.js";
import type { Engine } from "../runner.js";
import { settle, tryAgainAfter } from "../../../shared/uncertain.js";
import { Issues, type Rec } from "./validate.js";
import { NameLookupError } from "../../../shared/resolve.js";

export type Action = "create" | "update" | "unchanged";

export interface Change {
  kind: string;
  key: string;
  action: Action;
  /** Fields that differ (update) or are set (create). */
  fields: string[];
  /** Undefined for an object a dry run would create (a real run's create fills it in). */
  id?: string;
}

export interface EnvVar {
  name: string;
  /** Undefined when a dry run would create the object, or a secret that cannot be read again. */
  value: string | undefined;
  /**
   * A secret (a secret API key's token): printed only by `--output env|shell`, never in the
   * table, JSON, logs or errors. `unavailable` says why a secret has no value.
   */
  secret?: { unavailable?: string };
}

/** What the kinds talk to: the SDK, and the signal for every request. */
export interface Api {
  sdk: Medusa;
  signal: AbortSignal;
}

export interface Ref {
  kind: string;
  key: string;
  path: string;
}

/** One object of the file after validation. */
export interface Item<S = Rec> {
  spec: S;
  path: string;
  /** Env name part from `env:` or the natural key. */
  envKey: string;
}

/** One write of a plan. It sends what the plan computed; what it learns is only the ids Medusa gives. */
export type Write = () => Promise<unknown>;

/**
 * What applying one object would do: its changes (a product's variants are changes of their own),
 * the writes that realise them in order (none when all is unchanged), and the variables it prints.
 * A variable's value is read once the writes are done: the id of what they created.
 */
export class Plan {
  readonly changes: Change[] = [];
  readonly writes: Write[] = [];
  readonly env: { name: string; value: () => string | undefined; secret?: EnvVar["secret"] }[] = [];

  change(c: Change): Change {
    this.changes.push(c);
    return c;
  }

  write(w: Write): void {
    this.writes.push(w);
  }

  envVar(name: string, value: () => string | undefined, secret?: EnvVar["secret"]): void {
    this.env.push({ name, value, ...(secret ? { secret } : {}) });
  }
}

export interface PlanContext {
  /** For reads while planning; the writes a plan holds use it too. */
  api: Api;
  /** The id of a declared or referenced object; a placeholder while the plan of its creation is not written. */
  id(kind: string, key: string): string;
  /** Planned: an existing object's id, or undefined (a placeholder) for one the plan creates. */
  setId(kind: string, key: string, id: string | undefined): void;
  isPlaceholder(id: string | undefined): boolean;
  /** A write created the object of `change`: the id goes into the change and to the objects planned after it. */
  created(change: Change, id: string | undefined): void;
  /** Per-run memo for lookups nested kinds share (a location's fulfillment sets …). */
  cache: Map<string, unknown>;
}

/**
 * One kind of object in the file. `load` finds existing objects by natural key; `plan` compares
 * one object with what exists and says what would change and which writes would do it. It may
 * read, never write.
 */
export interface Kind<S = any, E = any> {
  kind: string;
  /** Section name in the file. */
  section: string;
  /** The `<KIND>` in `MEDUSA_<KIND>_<KEY>_ID`. */
  envKind: string;
  parse(raw: unknown, path: string, issues: Issues): S | undefined;
  key(spec: S): string;
  refs?(spec: S, path: string): Ref[];
  /** Objects of this kind that exist, by key; `keys` holds declared and referenced keys. */
  load?(api: Api, keys: string[]): Promise<Map<string, E>>;
  plan(item: Item<S>, existing: E | undefined, ctx: PlanContext): Promise<Plan>;
  /** Declared objects that hold nested kinds (stock locations → fulfillment sets …). */
  children?(item: Item<S>): { kind: string; items: Item[] }[];
  /** Sorts declared objects so that parents come first (categories, province tax regions). */
  order?(items: Item<S>[]): Item<S>[];
}

const PLACEHOLDER = "(new)";

export interface ApplyResult {
  changes: Change[];
  env: EnvVar[];
  dryRun: boolean;
}

export class SeedError extends Error {
  constructor(readonly issues: string[]) {
    super(`${issues.length} problem${issues.length === 1 ? "" : "s"} in the file`);
  }
}

/** Env names: `MEDUSA_<KIND>_<KEY>_ID`, the key upper-cased with every other character as `_`. */
export function envName(...parts: string[]): string {
  const body = parts
    .map((p) => p.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, ""))
    .filter(Boolean)
    .join("_");
  return `MEDUSA_${body}`;
}

const refKey = (kind: string, key: string) => `${kind}\u0000${key}`;

/** The store as the first phase found it: existing objects by kind and key. */
export type Found = Map<string, Map<string, unknown>>;

/**
 * The first phase: every declared and referenced object is looked up by key, and every reference
 * must name an object in the file or in the store (SeedError, before anything is written).
 */
export async function lookUp(api: Api, kinds: Kind[], items: Map<string, Item[]>): Promise<Found> {
  const existing: Found = new Map();
  const declared = new Map<string, Set<string>>();
  const refs: Ref[] = [];
  for (const k of kinds) {
    const list = items.get(k.kind) ?? [];
    declared.set(k.kind, new Set(list.map((i) => k.key(i.spec))));
    for (const it of list) refs.push(...(k.refs?.(it.spec, it.path) ?? []));
  }
  const wanted = new Map<string, Set<string>>();
  for (const k of kinds) wanted.set(k.kind, new Set(declared.get(k.kind)));
  for (const r of refs) wanted.get(r.kind)?.add(r.key);
  const issues = new Issues();
  const ambiguous = new Set<string>();
  await Promise.all(
    kinds.map(async (k) => {
      const keys = [...(wanted.get(k.kind) ?? [])];
      if (!k.load || keys.length === 0) return;
      try {
        existing.set(k.kind, (await k.load(api, keys)) as Map<string, unknown>);
      } catch (e) {
        // Two records answer to one name: which is meant is the user's call, before anything is written.
        if (!(e instanceof NameLookupError)) throw e;
        issues.add(k.section, `${e.message}; give each a distinct name in the store first`);
        ambiguous.add(k.kind);
      }
    }),
  );
  for (const r of refs) {
    if (declared.get(r.kind)?.has(r.key)) continue;
    if (existing.get(r.kind)?.has(r.key) || ambiguous.has(r.kind)) continue;
    issues.add(r.path, `no ${r.kind.replace(/_/g, " ")} "${r.key}" in the file or in the store`);
  }
  if (!issues.ok) throw new SeedError(issues.list);
  return existing;
}

/** One object of the walk: a chunk of the runner. */
export interface Obj {
  kind: Kind;
  item: Item;
  key: string;
}

/**
 * Every object in dependency order: kinds in the order given, each kind's objects as it sorts
 * them, nested objects after their parents. Children hang on the file, not on what a plan finds,
 * so the walk is known before it starts (and is the same in a dry run).
 */
export function walk(kinds: Kind[], items: Map<string, Item[]>): Obj[] {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const queue = new Map<string, Item[]>();
  for (const [kind, list] of items) queue.set(kind, [...list]);
  const out: Obj[] = [];
  for (const k of kinds) {
    let list = queue.get(k.kind) ?? [];
    if (k.order) list = k.order(list);
    for (const item of list) {
      out.push({ kind: k, item, key: k.key(item.spec) });
      for (const child of k.children?.(item) ?? []) {
        if (!byKind.has(child.kind)) throw new Error(`bug: unknown child kind ${child.kind}`);
        queue.set(child.kind, [...(queue.get(child.kind) ?? []), ...child.items]);
      }
    }
  }
  return out;
}

/**
 * The runner's engine of `apply`: one object per chunk, planned against the store as it is when
 * its turn comes (in a real run, after the objects before it were written, so their ids are
 * real; in a dry run, placeholders). `result` gathers what the chunks reported, in walk order.
 */
export function applyEngine(sdk: Medusa, found: Found, objs: Obj[], job: Engine<Obj, ReportRow, Plan>["job"]): { engine: Engine<Obj, ReportRow, Plan>; result(dryRun: boolean): ApplyResult; written(): number } {
  let written = 0;
  const ids = new Map<string, string | undefined>();
  for (const [kind, map] of found) for (const [key, e] of map) ids.set(refKey(kind, key), (e as Rec).id as string);
  const reported: { at: number; changes: Change[]; env: EnvVar[] }[] = [];
  const at = new Map(objs.map((o, i) => [o, i]));
  const cache = new Map<string, unknown>();
  const ctxFor = (signal: AbortSignal): PlanContext => ({
    api: { sdk, signal },
    id(kind, key) {
      const id = ids.get(refKey(kind, key));
      if (id === undefined) throw new Error(`bug: no id for ${kind} "${key}"`);
      return id;
    },
    setId: (kind, key, id) => ids.set(refKey(kind, key), id ?? `${PLACEHOLDER}${kind}:${key}`),
    isPlaceholder: (id) => id === undefined || id.startsWith(PLACEHOLDER),
    created(change, id) {
      change.id = id;
      ids.set(refKey(change.kind, change.key), id ?? `${PLACEHOLDER}${change.kind}:${change.key}`);
    },
    cache,
  });
  const planOne = (o: Obj, signal: AbortSignal) => o.kind.plan(o.item, found.get(o.kind.kind)?.get(o.key), ctxFor(signal));

  const engine: Engine<Obj, ReportRow, Plan> = {
    job,
    chunks: () => objs,
    plan: planOne,
    /**
     * Sends the plan's writes. One whose answer was lost (uncertain.ts) is not repeated blindly:
     * the object is looked up again by its key and planned against what the server now holds,
     * so what landed is left alone and only the rest is sent. Kinds without a lookup stop instead.
     */
    async write(o, planned, signal) {
      const wasMissing = found.get(o.kind.kind)?.get(o.key) === undefined;
      let plan = planned;
      for (let attempt = 0; ; attempt++) {
        try {
          // The plan of the lost attempt is forgotten: the new one says what is true now.
          if (attempt > 0) plan = await planOne(o, signal);
          for (const w of plan.writes) {
            await w();
            written++;
          }
          break;
        } catch (e) {
          if (!o.kind.load || !tryAgainAfter(e, attempt)) throw e;
          cache.clear();
          await settle(attempt, signal, e);
          const fresh = (await o.kind.load({ sdk, signal }, [o.key])).get(o.key);
          if (fresh !== undefined) {
            if (!found.has(o.kind.kind)) found.set(o.kind.kind, new Map());
            found.get(o.kind.kind)!.set(o.key, fresh);
          }
        }
      }
      // The lost attempt created it: say so, not "unchanged".
      if (plan !== planned && wasMissing) for (const c of plan.changes) if (c.kind === o.kind.kind && c.key === o.key && c.action === "unchanged") c.action = "create";
      return plan;
    },
    rows(o, plan) {
      const env = plan.env.map(({ name, value, secret }) => {
        const v = value();
        return { name, value: v !== undefined && v.startsWith(PLACEHOLDER) ? undefined : v, ...(secret ? { secret } : {}) };
      });
      reported.push({ at: at.get(o)!, changes: plan.changes, env });
      return plan.changes.map((c) => ({ row: at.get(o)! + 1, action: c.action, key: `${c.kind} ${c.key}` }));
    },
    describe: (o) => `${o.kind.kind.replace(/_/g, " ")} ${o.key}`,
    size: () => 1,
  };
  return {
    engine,
    written: () => written,
    result(dryRun) {
      const done = [...reported].sort((a, b) => a.at - b.at);
      return { dryRun, changes: done.flatMap((r) => r.changes), env: done.flatMap((r) => r.env) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Comparison helpers shared by the kinds.

/** A stable text form: object keys sorted, null and undefined alike. */
export function canonical(v: unknown): string {
  if (v === undefined || v === null) return "null";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "object") {
    const o = v as Rec;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The declared fields whose values differ from the current object's. */
export function changedFields(desired: Rec, current: Rec | undefined): string[] {
  return Object.keys(desired).filter((k) => desired[k] !== undefined && !same(desired[k], current?.[k]));
}

/** Metadata is compared on the declared keys only: Medusa merges metadata on update. */
export function metadataChanged(desired: Rec | undefined, current: Rec | null | undefined): boolean {
  if (!desired) return false;
  return Object.keys(desired).some((k) => !same(desired[k], current?.[k]));
}

/** Only the keys that are defined. */
export function compact(o: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

export const sorted = (xs: string[] | undefined) => (xs ? [...xs].sort() : undefined);

/** Adds and removes that turn `current` into `desired`. */
export function linkDiff(desired: string[], current: string[]): { add: string[]; remove: string[] } {
  const want = new Set(desired);
  const have = new Set(current);
  return { add: desired.filter((x) => !have.has(x)), remove: current.filter((x) => !want.has(x)) };
}

/** Every record of a resource's list matching `query` (src/cli/bulk/lookup.ts, with the run's signal). */
export function listAll<T = Rec>(api: Api, resource: ListResource, query: Rec = {}): Promise<T[]> {
  return lookupAll<T>(api.sdk, resource, query, { signal: api.signal });
}

/** Records whose `filter` is one of `values`, `batch` values per request (heavy field sets ask for fewer). */
export function listByKeys<T = Rec>(api: Api, resource: ListResource, filter: string, values: string[], query: Rec = {}, batch = 100): Promise<T[]> {
  return lookupByKeys<T>(api.sdk, resource, filter, values, query, { signal: api.signal, batch, concurrency: 1 });
}
