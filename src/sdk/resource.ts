/**
 * Resources are declarations: each method is a route plus the order of its arguments, so the SDK,
 * the CLI and the TUI read one table. This module has no runtime imports, so the CLI can read
 * declarations at startup for free.
 */
import type { Client } from "./client.js";
import type { CallOptions, ClientHeaders, FetchInit } from "./types.js";

export type HttpMethod = "GET" | "POST" | "DELETE";

/** One method: `route` is "VERB /path/{param}"; `args` names the positional arguments in order. */
export interface MethodSpec<Args extends unknown[] = any[], Res = any> {
  readonly method: HttpMethod;
  readonly path: string;
  /** Path parameter names, "body", "query", "headers", in the order callers pass them. */
  readonly args: readonly string[];
  /** Lists answer `{<many>, count, limit, offset}` and can be walked with `paginate`. */
  readonly list?: boolean;
  /** A non-JSON accept header, e.g. "text/plain" (the method returns the raw Response). */
  readonly accept?: string;
  /** Hand-written behaviour (multipart uploads, several requests): receives the bound context. */
  readonly custom?: (ctx: ResourceContext, ...args: any[]) => Promise<unknown>;
  /**
   * Set by {@link shaped}: one request built from `args` alone, each a string value (a path
   * parameter or a named value), `body` (JSON), `query` or `headers`. Tools may offer such a
   * method like a declared op: strings as arguments, `optional` ones as flags.
   */
  readonly shaped?: { readonly optional: readonly string[] };
  /** One line for help texts. */
  readonly summary?: string;
  /** Phantom types. */
  readonly __types?: [Args, Res];
}

export interface ResourceSpec<M extends Record<string, MethodSpec> = Record<string, MethodSpec>> {
  /** The js-sdk property name, e.g. "productTag". */
  readonly name: string;
  /** Collection path, e.g. "/admin/product-tags". */
  readonly path: string;
  /** Response key of one record, e.g. "product_tag". */
  readonly one?: string;
  /** Response key of a list, e.g. "product_tags". */
  readonly many?: string;
  readonly methods: M;
  /** Default table columns for people. */
  readonly columns?: readonly string[];
  readonly docs?: string;
}

export interface ResourceContext {
  fetch<T = any>(path: string, init?: FetchInit): Promise<T>;
  /** The underlying client (tokens, transport, streams). */
  client: Client;
}

const PARAM_RE = /\{(\w+)\}/g;

/**
 * Declares a method. `args` defaults to the js-sdk's order: path parameters, then `body` (POST),
 * then `query` (GET and POST), then `headers`.
 * @example op("POST /admin/orders/{id}/cancel")
 */
export function op<Args extends unknown[] = any[], Res = any>(
  route: string,
  args?: string,
  extra: Partial<Pick<MethodSpec, "list" | "accept" | "summary">> = {},
): MethodSpec<Args, Res> {
  const space = route.indexOf(" ");
  const method = route.slice(0, space) as HttpMethod;
  const path = route.slice(space + 1);
  const params = [...path.matchAll(PARAM_RE)].map((m) => m[1]!);
  let names: string[];
  if (args !== undefined) {
    names = args.split(/\s+/).filter(Boolean);
    if (!names.includes("headers")) names.push("headers");
  } else {
    names = [...params];
    if (method === "POST") names.push("body", "query");
    else if (method === "GET") names.push("query");
    names.push("headers");
  }
  return { method, path, args: names, ...extra };
}

/** A method whose behaviour is hand-written (several requests, multipart bodies). */
export function custom<Args extends unknown[] = any[], Res = any>(
  route: string,
  fn: (ctx: ResourceContext, ...args: any[]) => Promise<unknown>,
  summary?: string,
): MethodSpec<Args, Res> {
  const space = route.indexOf(" ");
  return { method: route.slice(0, space) as HttpMethod, path: route.slice(space + 1), args: [], custom: fn, summary };
}

/** What one request is made of, before route expansion. */
export interface RequestParts {
  params?: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: ClientHeaders;
}

/** Sends one request described by a route ("VERB /path/{param}") and its parts. */
export function send<T = any>(ctx: ResourceContext, route: string, parts: RequestParts, options: CallOptions = {}): Promise<T> {
  const space = route.indexOf(" ");
  const method = route.slice(0, space);
  const path = expandPath(route.slice(space + 1), parts.params ?? {});
  return ctx.fetch<T>(path, {
    method,
    body: method === "GET" ? undefined : parts.body,
    query: parts.query,
    headers: parts.headers,
    signal: options.signal,
    timeout: options.timeout,
    retry: options.retry,
  });
}

/**
 * A method whose one request is shaped from its arguments (e.g. `{ payment_session_id }` built
 * from a positional id, or a token moved from the body to the query). `args` names the positional
 * arguments in order, as `op` does; a `?` suffix marks a string argument callers may leave out.
 * Only strings, `body`, `query` and `headers` are allowed, which is what lets the CLI generate a
 * command for it. The trailing {@link CallOptions} argument is honoured like on any method.
 * @example shaped("POST /admin/fulfillments/{id}/cancel", "id query headers", (id, query, headers) => ({ params: { id }, body: {}, query, headers }))
 */
export function shaped<Args extends unknown[] = any[], Res = any>(
  route: string,
  args: string,
  build: (...args: any[]) => RequestParts,
  summary?: string,
): MethodSpec<Args, Res> {
  const words = args.split(/\s+/).filter(Boolean);
  const names = words.map((w) => w.replace(/\?$/, ""));
  const optional = words.filter((w) => w.endsWith("?")).map((w) => w.slice(0, -1));
  const spec = custom<Args, Res>(
    route,
    (ctx, ...argv) => {
      const options = (argv[names.length] ?? {}) as CallOptions;
      return send(ctx, route, build(...argv.slice(0, names.length)), options);
    },
    summary,
  );
  return { ...spec, args: names, shaped: { optional } };
}

export function defineResource<M extends Record<string, MethodSpec>>(spec: ResourceSpec<M>): ResourceSpec<M> {
  return spec;
}

/** A bound method: the declared arguments, then our optional per-call options. */
export type BoundMethod<S> = S extends MethodSpec<infer A, infer R> ? (...args: [...A, options?: CallOptions]) => Promise<R> : never;

export type BoundResource<S extends ResourceSpec> = { [K in keyof S["methods"]]: BoundMethod<S["methods"][K]> } & {
  /**
   * Walks every page of this resource's list (its `GET` list route, `limit`/`offset`) as an async
   * iterator of records; a page that contradicts itself ends the walk with an error, never a partial list.
   * @example
   * for await (const product of sdk.admin.product.paginate({ limit: 100, fields: "id,handle" })) console.log(product.handle)
   */
  paginate<T = any>(query?: Record<string, unknown>, options?: CallOptions & { headers?: Record<string, string> }): AsyncGenerator<T>;
};

export function expandPath(template: string, values: Record<string, unknown>): string {
  if (!template.includes("{")) return template;
  return template.replace(PARAM_RE, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === "") throw new TypeError(`missing path parameter "${name}" for ${template}`);
    // The js-sdk interpolates ids raw; "a/b?c" must stay one path segment.
    return encodeURIComponent(String(v));
  });
}

/** Binds one declared method to a fetch function. */
export function bindMethod(spec: MethodSpec, ctx: ResourceContext): (...args: unknown[]) => Promise<unknown> {
  if (spec.custom) {
    const fn = spec.custom;
    return (...args: unknown[]) => fn(ctx, ...args);
  }
  return (...argv: unknown[]) => {
    const values: Record<string, unknown> = {};
    spec.args.forEach((name, i) => (values[name] = argv[i]));
    const options = (argv[spec.args.length] ?? {}) as CallOptions;
    const path = expandPath(spec.path, values);
    const headers = { ...((values.headers as Record<string, string>) ?? {}) };
    if (spec.accept) headers.accept = spec.accept;
    return ctx.fetch(path, {
      method: spec.method,
      body: spec.method === "GET" ? undefined : values.body,
      query: values.query as Record<string, unknown> | undefined,
      headers,
      signal: options.signal,
      timeout: options.timeout,
      retry: options.retry,
    });
  };
}

/** The most rows one walk of a list reads unless `maxListRows` says otherwise (docs/SECURITY.md §2). */
export const MAX_LIST_ROWS = 1_000_000;

/**
 * The one rule for walking limit/offset pages (docs/SECURITY.md, "every byte we read is
 * bounded"): the rows decide, `count` only ends a walk early. A page with more rows than `limit`,
 * or an empty or short page while `count` claims more, is not a list we can trust: the answer is
 * a message, and the caller raises it instead of walking on or passing a partial list off as
 * complete. With a {@link WalkState} (every walk has one) a walk also always ends: it is done once
 * it has read the count the server announced on its first page (a count that grows page by page
 * gains nothing), a row met twice is a problem (a server that ignores `offset`), and so is passing
 * the ceiling (`maxListRows`, default {@link MAX_LIST_ROWS}), which a first page announcing more
 * is refused at once.
 * @param got rows on this page; `offset` where it starts; `count` the page's own `count` field.
 */
export function pageVerdict(got: number, limit: number, offset: number, count: unknown, walk?: WalkState): "more" | "done" | { problem: string; short?: true } {
  const total = typeof count === "number" ? count : undefined;
  if (total !== undefined && !(Number.isSafeInteger(total) && total >= 0)) return { problem: `its count ${String(count)} is not a number of rows` };
  if (got > limit) return { problem: `it answered ${got} rows for limit=${limit}` };
  if ((got < limit || got === 0) && total !== undefined && offset + got < total) return { problem: `it answered ${got} rows for limit=${limit} at offset ${offset}, but its count says ${total}`, short: true };
  if (walk) {
    if (walk.announced === undefined && total !== undefined) {
      walk.announced = total;
      if (total - offset > walk.ceiling) return { problem: `it announces ${total} rows, more than the ${walk.ceiling} one walk reads (maxListRows; narrow the query with filters or --offset)` };
    }
    walk.read += got;
    if (walk.read > walk.ceiling) return { problem: `it gave more than the ${walk.ceiling} rows one walk reads (maxListRows) without ending` };
  }
  if (got < limit || got === 0) return "done";
  const end = Math.min(total ?? Infinity, walk?.announced ?? Infinity);
  return offset + got >= end ? "done" : "more";
}

/**
 * What one walk has seen: the count its first page announced, the rows read, and the ids met
 * (kept as 8-byte hashes; bounded by the ceiling), so that a walk always ends.
 */
export class WalkState {
  announced: number | undefined;
  read = 0;
  private seen = new Set<string>();
  constructor(readonly ceiling: number = MAX_LIST_ROWS) {}

  /** The first row of `rows` whose `id` an earlier page (or this one) already gave, if any. */
  repeat(rows: unknown[]): string | undefined {
    for (const r of rows) {
      const id = (r as { id?: unknown } | null)?.id;
      if (typeof id !== "string" && typeof id !== "number") continue;
      // A short digest keeps the memory per row small whatever the ids look like.
      const key = typeof id === "string" && id.length > 12 ? `${id.length}:${id.slice(0, 6)}${id.slice(-6)}:${hashId(id)}` : String(id);
      if (this.seen.has(key)) return String(id);
      this.seen.add(key);
    }
    return undefined;
  }
}

/** FNV-1a of a string, as hex (no imports: this module loads in browsers too). */
function hashId(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}

/**
 * Reads one page of a limit/offset walk and judges it with {@link pageVerdict}: the step every walk
 * of a list takes (`paginate`, the bulk jobs' `pageAll`, `products export`, `api --paginate`).
 * Medusa reads a page's rows and its count in two queries, so a write landing between them (a
 * killed job's last batch, still being applied while its --resume reads) makes a short page with a
 * larger count. Such a page is read again, once, 500 ms later, before it is called inconsistent.
 * @param key the list's key, or how to find it in a page (it may throw for a page that is no list).
 * @param walk the walk's state: pass the same one for every page of a walk.
 * @returns the page, its rows (none when it has no list) and the verdict on them.
 */
export async function readPage<P extends Record<string, unknown>>(
  read: () => Promise<P>,
  key: string | ((page: P) => string),
  limit: number,
  offset: number,
  signal?: AbortSignal,
  walk?: WalkState,
): Promise<{ page: P; rows: unknown[]; verdict: ReturnType<typeof pageVerdict> }> {
  for (let attempt = 0; ; attempt++) {
    const page = await read();
    const name = typeof key === "string" ? key : key(page);
    const rows = page?.[name];
    if (!Array.isArray(rows)) return { page, rows: [], verdict: { problem: `it has no "${name}" list` } };
    const short = pageVerdict(rows.length, limit, offset, page.count);
    if (typeof short === "object" && short.short && attempt === 0) {
      // Loaded only here: this module has no runtime imports.
      const { sleep } = await import("./retry.js");
      await sleep(500, signal);
      continue;
    }
    const again = walk?.repeat(rows);
    if (again !== undefined) return { page, rows, verdict: { problem: `row ${String(again).slice(0, 60)} came again at offset ${offset} (the server does not page its list)` } };
    if (!walk) return { page, rows, verdict: short };
    const verdict = pageVerdict(rows.length, limit, offset, page.count, walk);
    // Rows past the count the first page announced (added while the walk ran, or a server that
    // counts up) are not this walk's: an export's part file never outgrows what was announced.
    const end = walk.announced;
    // (A short page ends the walk anyway and is kept whole, as it always was.)
    if (typeof verdict !== "object" && end !== undefined && rows.length === limit && offset + rows.length > end) return { page, rows: rows.slice(0, Math.max(0, end - offset)), verdict: "done" };
    return { page, rows, verdict };
  }
}

/** The error message for a {@link pageVerdict} problem, naming the route. */
export function inconsistentPage(path: string, problem: string): string {
  return `the server's answer was inconsistent: GET ${path}: ${problem}; stopped rather than return a partial list`;
}

/**
 * Walks a list route page by page (limit/offset/count). Without an `order` the walk is by id,
 * so records created meanwhile land at the end instead of shifting pages under us.
 */
export async function* paginate<T = any>(
  ctx: ResourceContext,
  path: string,
  key: string,
  query: Record<string, unknown> = {},
  options: CallOptions & { headers?: Record<string, string> } = {},
): AsyncGenerator<T> {
  const limit = Number(query.limit ?? 50);
  let offset = Number(query.offset ?? 0);
  const order = query.order ?? "id";
  // Loaded only on this error path: this module has no runtime imports.
  const fail = async (problem: string) => {
    const { InconsistentResponseError } = await import("./errors.js");
    return new InconsistentResponseError(inconsistentPage(path, problem));
  };
  const walk = new WalkState(ctx.client?.config?.maxListRows ?? MAX_LIST_ROWS);
  for (;;) {
    const { rows, verdict } = await readPage(
      () =>
        ctx.fetch<Record<string, unknown>>(path, {
          query: { ...query, limit, offset, order },
          headers: options.headers,
          signal: options.signal,
          timeout: options.timeout,
          retry: options.retry,
        }),
      key,
      limit,
      offset,
      options.signal,
      walk,
    );
    if (typeof verdict === "object") throw await fail(verdict.problem);
    for (const item of rows as T[]) yield item;
    offset += rows.length;
    if (verdict === "done") return;
  }
}

/** The key a JSON answer of this method must hold: the list of a list route (the CLI checks single records itself). */
function expectedKey(spec: ResourceSpec, m: MethodSpec): { key: string; list: boolean } | undefined {
  if (m.custom || m.accept) return undefined;
  if (m.list && spec.many && !m.path.includes("{")) return { key: spec.many, list: true };
  return undefined;
}

/**
 * A 2xx answer of another shape than Medusa's (a proxy's JSON, another API on the URL) is a clear
 * InconsistentResponseError naming the route, not a TypeError deep in a caller.
 */
function shapeChecked(fn: (...a: unknown[]) => Promise<unknown>, want: { key: string; list: boolean } | undefined, m: MethodSpec): (...a: unknown[]) => Promise<unknown> {
  if (!want) return fn;
  return async (...args: unknown[]) => {
    const res = await fn(...args);
    const v = res && typeof res === "object" && !Array.isArray(res) ? (res as Record<string, unknown>)[want.key] : undefined;
    const ok = want.list ? Array.isArray(v) : v !== null && typeof v === "object" && !Array.isArray(v);
    if (ok) return res;
    const { InconsistentResponseError } = await import("./errors.js");
    const got = res === undefined ? "an empty answer" : Array.isArray(res) ? "a JSON array" : res === null || typeof res !== "object" ? `a JSON ${res === null ? "null" : typeof res}` : `an object with ${Object.keys(res).slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40))).join(", ") || "no keys"}`;
    throw new InconsistentResponseError(`the server's answer was not Medusa's: ${m.method} ${m.path} should hold ${want.list ? "a list" : "an object"} "${want.key}", got ${got}`);
  };
}

/** Builds the method object of a resource; methods are bound on first use and cached. */
export function bindResource<S extends ResourceSpec>(spec: S, ctx: ResourceContext): BoundResource<S> {
  const cache: Record<string, unknown> = {};
  const listSpec = Object.values(spec.methods).find((m) => m.list && !m.path.includes("{"));
  return new Proxy(cache, {
    get(target, prop) {
      if (typeof prop !== "string") return undefined;
      if (prop in target) return target[prop];
      if (prop === "paginate") {
        if (!listSpec || !spec.many) return undefined;
        const fn = (query?: Record<string, unknown>, options?: CallOptions & { headers?: Record<string, string> }) =>
          paginate(ctx, listSpec.path, spec.many!, query, options);
        target[prop] = fn;
        return fn;
      }
      const m = spec.methods[prop];
      if (!m) return undefined;
      const fn = ctx.client?.config?.checkShapes ? shapeChecked(bindMethod(m, ctx), expectedKey(spec, m), m) : bindMethod(m, ctx);
      target[prop] = fn;
      return fn;
    },
    has(_t, prop) {
      return typeof prop === "string" && (prop in spec.methods || prop === "paginate");
    },
    ownKeys() {
      return [...Object.keys(spec.methods), ...(listSpec && spec.many ? ["paginate"] : [])];
    },
    getOwnPropertyDescriptor(_t, prop) {
      if (typeof prop === "string" && (prop in spec.methods || (prop === "paginate" && listSpec))) {
        return { enumerable: true, configurable: true };
      }
      return undefined;
    },
  }) as unknown as BoundResource<S>;
}

/** An area (`admin`, `store`): each resource bound on first use, so a client pays only for what it calls. */
export function bindArea<R extends Record<string, ResourceSpec>>(specs: R, ctx: ResourceContext): { [K in keyof R]: BoundResource<R[K]> } {
  const area = {} as { [K in keyof R]: BoundResource<R[K]> };
  for (const key of Object.keys(specs) as (keyof R)[]) {
    let bound: BoundResource<R[typeof key]> | undefined;
    Object.defineProperty(area, key, {
      enumerable: true,
      get: () => (bound ??= bindResource(specs[key]!, ctx)),
    });
  }
  return area;
}
