/**
 * The engine of `apply -f`: loads what the file names (declared objects and the objects they
 * refer to), checks every reference before anything is written, then walks the kinds in
 * dependency order and creates, updates or leaves each object, like `kubectl apply`.
 */
import type { Medusa } from "../../../sdk/index.js";
import { listAll as lookupAll, listByKeys as lookupByKeys, type ListResource } from "../lookup.js";
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
  /** Undefined for an object a dry run would create. */
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

/** What the kinds talk to: the SDK, and the command's abort signal for every request. */
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

export interface KindContext {
  api: Api;
  dryRun: boolean;
  /** The id of a declared or referenced object; a placeholder while a dry run "creates" it. */
  id(kind: string, key: string): string;
  setId(kind: string, key: string, id: string | undefined): void;
  isPlaceholder(id: string | undefined): boolean;
  /** Existing objects of another kind, loaded in the first phase. */
  existing<E = Rec>(kind: string, key: string): E | undefined;
  change(c: Change): void;
  /** Changes recorded so far (a product marks its variants' stock changes afterwards). */
  readonly changes: Change[];
  env(name: string, value: string | undefined, secret?: EnvVar["secret"]): void;
  /** Per-run memo for lookups nested kinds share (a location's fulfillment sets …). */
  cache: Map<string, unknown>;
}

/**
 * One kind of object in the file. `load` finds existing objects by natural key; `apply` compares
 * and (unless dry-run) writes one object, recording its change(s), id and env variables.
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
  apply(item: Item<S>, existing: E | undefined, ctx: KindContext): Promise<void>;
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

/**
 * Runs the three phases over already-parsed items. `kinds` is the dependency order; items of a
 * kind may also arrive from a parent's `children`.
 */
/** A first Ctrl-C stopped `apply` between two objects: nothing was left half-written. */
export class ApplyStopped extends Error {
  override name = "ApplyStopped";
  constructor(readonly done: number, readonly total: number) {
    super(`stopped after ${done} of ${total} objects`);
  }
}

/**
 * `opts.stop` (a first Ctrl-C) is checked between objects; `api.signal` aborts requests (and
 * should fire only when the user insists), so an object being written is never cut in half.
 */
export async function runApply(api: Api, kinds: Kind[], items: Map<string, Item[]>, opts: { dryRun: boolean; stop?: AbortSignal; lookups?: AbortSignal; onWriting?: () => void }): Promise<ApplyResult> {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const ids = new Map<string, string | undefined>();
  const existing = new Map<string, Map<string, unknown>>();
  const changes: Change[] = [];
  const env: EnvVar[] = [];

  // Phase 1: every reference must name an object in the file or in the store.
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
  let looked = false;
  await Promise.all(
    kinds.map(async (k) => {
      const keys = [...(wanted.get(k.kind) ?? [])];
      if (!k.load || keys.length === 0) return;
      try {
        looked = true;
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
  for (const [kind, map] of existing) {
    for (const [key, e] of map) ids.set(refKey(kind, key), (e as Rec).id as string);
  }

  const ctx: KindContext = {
    api,
    dryRun: opts.dryRun,
    id(kind, key) {
      const id = ids.get(refKey(kind, key));
      if (id === undefined) throw new Error(`bug: no id for ${kind} "${key}"`);
      return id;
    },
    setId: (kind, key, id) => ids.set(refKey(kind, key), id ?? `${PLACEHOLDER}${kind}:${key}`),
    isPlaceholder: (id) => id === undefined || id.startsWith(PLACEHOLDER),
    existing: <E>(kind: string, key: string) => existing.get(kind)?.get(key) as E | undefined,
    change: (c) => changes.push(c),
    changes,
    env: (name, value, secret) => env.push({ name, value: value !== undefined && value.startsWith(PLACEHOLDER) ? undefined : value, ...(secret ? { secret } : {}) }),
    cache: new Map(),
  };

  // Phase 2: kinds in dependency order; nested kinds are queued by their parents.
  const queue = new Map<string, Item[]>();
  for (const [kind, list] of items) queue.set(kind, [...list]);
  let applied = 0;
  const total = [...items.values()].reduce((n, l) => n + l.length, 0);
  // The lookups went through with this credential: from here on a 401 is the server failing.
  if (looked) opts.onWriting?.();
  for (const k of kinds) {
    let list = queue.get(k.kind) ?? [];
    if (k.order) list = k.order(list);
    for (const it of list) {
      if (opts.stop?.aborted) throw new ApplyStopped(applied, Math.max(total, applied));
      applied++;
      const key = k.key(it.spec);
      await applyReconciled(k, it, key, existing, ctx, env);
      for (const child of k.children?.(it) ?? []) {
        if (!byKind.has(child.kind)) throw new Error(`bug: unknown child kind ${child.kind}`);
        queue.set(child.kind, [...(queue.get(child.kind) ?? []), ...child.items]);
      }
    }
  }
  return { changes, env, dryRun: opts.dryRun };
}

/**
 * Applies one object. A write whose answer was lost (uncertain.ts) is not repeated blindly: the
 * object is looked up again by its natural key and applied against what the server now holds,
 * so what landed is left alone and only the rest is sent. Kinds without a lookup stop instead.
 */
async function applyReconciled(k: Kind, it: Item, key: string, existing: Map<string, Map<string, unknown>>, ctx: KindContext, env: EnvVar[]): Promise<void> {
  const marks = { changes: ctx.changes.length, env: env.length };
  const wasMissing = existing.get(k.kind)?.get(key) === undefined;
  let retried = false;
  for (let attempt = 0; ; attempt++) {
    try {
      await k.apply(it, existing.get(k.kind)?.get(key), ctx);
      break;
    } catch (e) {
      if (!k.load || ctx.dryRun || !tryAgainAfter(e, attempt)) throw e;
      // Forget what the lost attempt recorded: the next one records what is true.
      ctx.changes.length = marks.changes;
      env.length = marks.env;
      ctx.cache.clear();
      retried = true;
      await settle(attempt, ctx.api.signal, e);
      const fresh = (await k.load(ctx.api, [key])).get(key);
      if (fresh !== undefined) {
        if (!existing.has(k.kind)) existing.set(k.kind, new Map());
        existing.get(k.kind)!.set(key, fresh);
        ctx.setId(k.kind, key, (fresh as Rec).id as string);
      }
    }
  }
  // The lost attempt created it: say so, not "unchanged".
  if (retried && wasMissing) for (const c of ctx.changes.slice(marks.changes)) if (c.kind === k.kind && c.key === key && c.action === "unchanged") c.action = "create";
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
