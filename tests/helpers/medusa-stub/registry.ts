/**
 * One stub registry for every unit test that needs a Medusa back-end, after gh's `httpmock`
 * (STYLE.md §5): stubs are a matcher plus a responder; a request no stub matches fails loudly, and
 * `verify()` fails on a stub that was never used, so a test cannot keep a stub it no longer needs.
 * The same registry answers an injected `fetch` (registry.fetch, registry.sdk()) and a real
 * `node:http` server (listen(), in ./server.ts) for tests that spawn the CLI or need a socket.
 */
import qs from "qs";
import { onTestFinished } from "vitest";
import { Medusa, type Config } from "../../../src/sdk/index.js";

/** A request as a stub sees it and as `calls()` gives it back. */
export interface StubRequest {
  method: string;
  /** The path as sent (still percent-encoded). */
  path: string;
  /** The raw query string, without "?". */
  rawQuery: string;
  searchParams: URLSearchParams;
  /** The query decoded with qs, as the Medusa server decodes it. */
  query: Record<string, any>;
  /** Lower-case names. */
  headers: Record<string, string>;
  rawBody: Buffer;
  /** The body parsed as JSON when it is JSON, else undefined. */
  body: any;
  /** Parts of a multipart body. */
  parts?: { name: string; filename?: string; contentType?: string; size: number }[];
  /** The pattern's `:name` and `*` segments, decoded, in order. */
  params: string[];
  /** When it arrived (performance.now()): a late timer only makes gaps between requests longer. */
  at: number;
}

const REPLY = Symbol("stub reply");

/** An HTTP answer. Return it (or throw it) from a function responder. */
export interface StubReply {
  [REPLY]: true;
  status: number;
  headers: Record<string, string>;
  /** JSON-encoded unless a string; undefined sends no body. */
  body: unknown;
}

/** A request that never gets an answer: `fetch` rejects with `error`; the server destroys the socket. */
export interface StubFault {
  fault: Error;
}

export type Responder = StubReply | StubFault | ((req: StubRequest, registry: StubRegistry) => unknown);

export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): StubReply {
  return { [REPLY]: true, status, body, headers };
}

/** `reply` with a Medusa error body ({type, message}), as the error handler sends it. */
export function errorReply(status: number, type: string, message: string, extra: Record<string, unknown> = {}): StubReply {
  return reply(status, { type, message, ...extra });
}

export function fault(error: Error): StubFault {
  return { fault: error };
}

/** The error Node's fetch raises when the server resets the connection after reading the request. */
export function connectionReset(): Error {
  return Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
}

export const isReply = (x: unknown): x is StubReply => typeof x === "object" && x !== null && REPLY in x;
const isFault = (x: unknown): x is StubFault => typeof x === "object" && x !== null && "fault" in x && (x as StubFault).fault instanceof Error;

export class Stub {
  used = 0;
  /** How many requests it answers; Infinity for a persistent stub. */
  private limit = 1;
  private optionalFlag = false;
  private queryPred?: (q: Record<string, any>, req: StubRequest) => boolean;
  private bodyPred?: (body: any, req: StubRequest) => boolean;
  private readonly re: RegExp;

  constructor(
    readonly method: string,
    readonly pattern: string,
    private responder: Responder,
  ) {
    // ":name" and "*" match one segment; "**" matches the rest of the path (a catch-all).
    this.re = compile(pattern);
  }

  /** Answers at most `n` requests (the default is one). */
  times(n: number): this {
    this.limit = n;
    return this;
  }

  /** Answers every matching request. */
  persist(): this {
    this.limit = Infinity;
    return this;
  }

  /** `verify()` does not require it to be used: routes of a modelled back-end, not expectations. */
  optional(): this {
    this.optionalFlag = true;
    return this;
  }

  /** Matches only when the query (decoded with qs) passes: a predicate, or fields that must be equal. */
  query(match: Record<string, unknown> | ((q: Record<string, any>, req: StubRequest) => boolean)): this {
    this.queryPred = typeof match === "function" ? match : (q) => Object.entries(match).every(([k, v]) => JSON.stringify(q[k]) === JSON.stringify(v));
    return this;
  }

  /** Matches only when the JSON body passes: a predicate, or fields that must be equal. */
  body(match: Record<string, unknown> | ((body: any, req: StubRequest) => boolean)): this {
    this.bodyPred = typeof match === "function" ? match : (b) => typeof b === "object" && b !== null && Object.entries(match).every(([k, v]) => JSON.stringify(b[k]) === JSON.stringify(v));
    return this;
  }

  /** Replaces the responder (for `registry.stub("GET /x").respond(...)`). */
  respond(responder: Responder): this {
    this.responder = responder;
    return this;
  }

  get persistent(): boolean {
    return this.limit === Infinity;
  }
  get isOptional(): boolean {
    return this.optionalFlag;
  }
  get exhausted(): boolean {
    return this.used >= this.limit;
  }

  matchesPath(path: string): boolean {
    return this.re.test(path);
  }

  /** The decoded params when this stub takes the request, else null. */
  match(req: Omit<StubRequest, "params">): string[] | null {
    if (this.method !== "*" && this.method !== req.method) return null;
    const m = this.re.exec(req.path);
    if (!m) return null;
    const params = m.slice(1).map((s) => safeDecode(s));
    const full = { ...req, params };
    if (this.queryPred && !this.queryPred(req.query, full)) return null;
    if (this.bodyPred && !this.bodyPred(req.body, full)) return null;
    return params;
  }

  async answer(req: StubRequest, registry: StubRegistry): Promise<StubReply | StubFault> {
    this.used += 1;
    const r = this.responder;
    if (typeof r !== "function") return r;
    try {
      const out = await r(req, registry);
      if (isReply(out) || isFault(out)) return out;
      return reply(200, out ?? {});
    } catch (e) {
      if (isReply(e)) return e;
      // A plain { status, body } throw is how state helpers say "this route answers an error".
      const err = e as { status?: unknown; body?: unknown };
      if (typeof err?.status === "number" && !(e instanceof Error)) return reply(err.status, err.body ?? {});
      if (e instanceof Error) return fault(e);
      throw e;
    }
  }

  describe(): string {
    const uses = this.persistent ? "persistent" : `${this.used}/${this.limit} used`;
    return `${this.method} ${this.pattern} (${uses}${this.optionalFlag ? ", optional" : ""})`;
  }
}

function compile(pattern: string): RegExp {
  if (pattern === "*") return /^(.*)$/;
  const seg = (s: string) => (s === "**" ? "(.*)" : s === "*" || /^:[a-z_]+$/i.test(s) ? "([^/]+)" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${pattern.split("/").map(seg).join("/")}$`);
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export class UnmatchedRequestError extends Error {
  override name = "UnmatchedRequestError";
}

export class StubRegistry {
  private stubs: Stub[] = [];
  /** Every request, matched or not, in arrival order. */
  readonly requests: StubRequest[] = [];
  private unmatched: string[] = [];

  /**
   * Registers a stub for "METHOD /path" (":id" or "*" is one segment, "**" the rest; "* **" is any
   * request). One-shot unless `.times(n)` or `.persist()`. Order: stubs with a limited number of
   * uses answer first, in registration order (a queue of answers, as in httpmock); then persistent
   * stubs, the newest first (so a test's override wins over a helper's default route).
   */
  stub(route: string, responder: Responder = reply(200, {})): Stub {
    const at = route.indexOf(" ");
    const method = route.slice(0, at).toUpperCase();
    const pattern = route.slice(at + 1);
    const s = new Stub(method, pattern, responder);
    this.stubs.push(s);
    return s;
  }

  /** Registers a route table ("METHOD /path" → responder), every route persistent and required. */
  routes(table: Record<string, Responder>): Stub[] {
    return Object.entries(table).map(([route, responder]) => this.stub(route, responder).persist());
  }

  /** Records the request and answers it, or fails loudly when no stub takes it. */
  async handle(arrived: Omit<StubRequest, "params" | "at">): Promise<StubReply | StubFault> {
    const raw = { ...arrived, at: performance.now() };
    const live = this.stubs.filter((s) => !s.exhausted);
    const ordered = [...live.filter((s) => !s.persistent), ...live.filter((s) => s.persistent).reverse()];
    for (const s of ordered) {
      const params = s.match(raw);
      if (!params) continue;
      const req = { ...raw, params };
      this.requests.push(req);
      return s.answer(req, this);
    }
    this.requests.push({ ...raw, params: [] });
    const line = `${raw.method} ${raw.path}${raw.rawQuery ? `?${raw.rawQuery}` : ""}`;
    this.unmatched.push(line);
    throw new UnmatchedRequestError(`no stub matches ${line}\n${this.list()}`);
  }

  /** Recorded requests, optionally only one method and a path (a string pattern as in `stub`, or a RegExp). */
  calls(method?: string, path?: string | RegExp): StubRequest[] {
    const probe = typeof path === "string" ? new Stub(method ?? "*", path, reply(200)) : undefined;
    return this.requests.filter((r) => {
      if (method && method !== "*" && r.method !== method.toUpperCase()) return false;
      if (path instanceof RegExp) return path.test(r.path);
      if (probe) return probe.matchesPath(r.path);
      return true;
    });
  }

  /** Requests that changed something (not GET or HEAD). */
  writes(): StubRequest[] {
    return this.requests.filter((r) => r.method !== "GET" && r.method !== "HEAD");
  }

  /** Throws when a required stub was never used or a request matched no stub. */
  verify(): void {
    const unused = this.stubs.filter((s) => s.used === 0 && !s.isOptional);
    const problems = [
      ...unused.map((s) => `stub never used: ${s.method} ${s.pattern}`),
      ...this.unmatched.map((l) => `request matched no stub: ${l}`),
    ];
    if (problems.length) throw new Error(`stub registry: ${problems.join("; ")}\n${this.list()}`);
  }

  list(): string {
    if (!this.stubs.length) return "registered stubs: none";
    return `registered stubs:\n${this.stubs.map((s) => `  ${s.describe()}`).join("\n")}`;
  }

  /** A WHATWG fetch answered by this registry (inject it where the SDK takes `fetch`). */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const u = new URL(request.url);
    const rawBody = Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const out = await this.handle(toRequest(request.method, u.pathname, u.search.slice(1), headers, rawBody));
    if (request.signal.aborted) throw request.signal.reason;
    if (!isReply(out)) throw out.fault;
    const { text, contentType } = encode(out);
    // A Response cannot carry a body with 204/205/304.
    const noBody = out.status === 204 || out.status === 205 || out.status === 304;
    return new Response(noBody ? null : text, { status: out.status, headers: { ...(contentType ? { "content-type": contentType } : {}), ...out.headers } });
  };

  /** A real `Medusa` client over `fetch`, with retries off so a stub is seen once. */
  sdk(config: Partial<Config> = {}): Medusa {
    return new Medusa({ baseUrl: "http://medusa.test", apiKey: "sk_test_1234", fetch: this.fetch, retry: false, ...config } as Config);
  }
}

/** Builds the request record from wire parts (shared by fetch and the HTTP server). */
export function toRequest(method: string, path: string, rawQuery: string, headers: Record<string, string>, rawBody: Buffer): Omit<StubRequest, "params" | "at"> {
  const ct = headers["content-type"] ?? "";
  let body: unknown;
  if (rawBody.length > 0 && ct.includes("json")) {
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      body = rawBody.toString("utf8");
    }
  }
  return {
    method: method.toUpperCase(),
    path,
    rawQuery,
    searchParams: new URLSearchParams(rawQuery),
    query: qs.parse(rawQuery, { depth: 10, arrayLimit: 10_000 }) as Record<string, any>,
    headers,
    rawBody,
    body,
    parts: ct.startsWith("multipart/form-data") ? parseMultipart(ct, rawBody) : undefined,
  };
}

function parseMultipart(contentType: string, raw: Buffer): NonNullable<StubRequest["parts"]> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) return [];
  const boundary = `--${m[1] ?? m[2]}`;
  const parts: NonNullable<StubRequest["parts"]> = [];
  for (const chunk of raw.toString("latin1").split(boundary).slice(1)) {
    if (chunk.startsWith("--")) break;
    const end = chunk.indexOf("\r\n\r\n");
    if (end < 0) continue;
    const head = chunk.slice(0, end);
    parts.push({
      name: /name="([^"]*)"/i.exec(head)?.[1] ?? "",
      filename: /filename="([^"]*)"/i.exec(head)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
      size: chunk.slice(end + 4).replace(/\r\n$/, "").length,
    });
  }
  return parts;
}

export function encode(r: StubReply): { text: string; contentType?: string } {
  if (r.body === undefined) return { text: "" };
  if (typeof r.body === "string") return { text: r.body, contentType: "text/plain" };
  return { text: JSON.stringify(r.body), contentType: "application/json" };
}

/** A registry verified when the current test finishes: an unused stub or an unmatched request fails it. */
export function stubRegistry(): StubRegistry {
  const registry = new StubRegistry();
  onTestFinished(() => registry.verify());
  return registry;
}
