import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { UsageError } from "../../../term/errors.js";
import { collect, readBody } from "../../cmdutil/input.js";
import { announceWrite } from "../../output/notice.js";
import { rawPathProblem, sameOrigin } from "../../../shared/net.js";
import { sanitize } from "../../../term/sanitize.js";
import { inconsistentPage, readPage, WalkState } from "../../../sdk/resource.js";

async function inconsistent(path: string, problem: string): Promise<Error> {
  const { InconsistentResponseError } = await import("../../../sdk/errors.js");
  return new InconsistentResponseError(inconsistentPage(path, problem));
}

type Rec = Record<string, unknown>;

const METHODS = new Set(["GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"]);

export interface ApiOptions {
  data?: string;
  set?: string[];
  query?: string[];
  paginate?: boolean;
}

/**
 * `medusactl api <METHOD> <path>` (CONTRACT.md §1): the raw escape hatch. The body goes to stdout
 * as it came, also for 4xx/5xx, whose one-line error main() writes on stderr with the usual code.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .argument("<method>", "HTTP method: GET, POST, DELETE…")
    .argument("[path]", "path on the back-end, starting with / (e.g. /admin/products?limit=5)")
    .option("--data <json|@file|->", "request body as JSON, from a file (@file) or stdin (-)")
    .option("--set <key=value>", "set a body field; dotted keys nest, values are JSON-typed (repeatable)", collect)
    .option("--query <querystring>", "query parameters, qs syntax: a=1&b[]=2 (repeatable)", collect)
    .option("--paginate", "GET every page (limit/offset) and merge them: the list key holds all items, count the total")
    .option("-y, --yes", "accepted for scripts; the raw command asks for no confirmation (CONTRACT.md §7)")
    .addHelpText(
      "after",
      "\nExamples:\n  medusactl api GET /admin/products --query 'limit=5&fields=id,title'\n  medusactl api POST /admin/product-tags --data '{\"value\":\"sale\"}'\n  medusactl api GET /admin/orders --paginate > orders.json",
    )
    .action(async (method: string, path: string | undefined, o: ApiOptions, c: Command) => {
      const f = ctx.factory(c);
      if (method.startsWith("/")) throw new UsageError("the HTTP method comes first", `e.g. medusactl api GET ${method}`);
      if (path === undefined) throw new UsageError("missing the path", `usage: medusactl api ${method.toUpperCase()} <path>`);
      const verb = method.toUpperCase();
      if (!METHODS.has(verb)) throw new UsageError(`unknown HTTP method "${method}"`, "usage: medusactl api <METHOD> <path>, e.g. medusactl api GET /admin/products");
      if (!path.startsWith("/")) throw new UsageError(`the path must start with / (got ${JSON.stringify(path)})`, "the back-end URL comes from the profile, --url or MEDUSA_URL");
      // Checked before any URL parser sees it: "/\t/host/x" parses as "//host/x", another host.
      const problem = rawPathProblem(path);
      if (problem) throw new UsageError(`the path ${JSON.stringify(path)} cannot be sent: ${problem}`, "the back-end URL comes from the profile, --url or MEDUSA_URL");
      const { parseUserQuery } = await import("../../../sdk/query.js");
      const q = path.indexOf("?");
      const pathname = q >= 0 ? path.slice(0, q) : path;
      const query: Rec = q >= 0 ? parseUserQuery(path.slice(q + 1)) : {};
      for (const part of o.query ?? []) Object.assign(query, parseUserQuery(part));
      const hasBody = o.data !== undefined || (o.set?.length ?? 0) > 0;
      if (hasBody && (verb === "GET" || verb === "HEAD")) throw new UsageError(`${verb} takes no body: drop --data/--set or use --query`);
      if (o.paginate && verb !== "GET") throw new UsageError("--paginate works with GET only");
      const body = hasBody ? await readBody(f.io, o) : undefined;
      // Store and auth routes work without a stored credential; admin routes need one.
      const sdk = await f.sdk({ needCredential: pathname.startsWith("/admin") });
      // And the URL it resolves to must be on the back-end's own origin, whatever the parser made of it.
      const { joinUrlString } = await import("../../../sdk/query.js");
      const resolved = joinUrlString(sdk.client.config.baseUrl, pathname);
      if (!sameOrigin(resolved, sdk.client.config.baseUrl)) throw new UsageError(`the path ${JSON.stringify(path)} resolves outside the back-end (${JSON.stringify(resolved)})`);
      const init = { method: verb, query: Object.keys(query).length ? query : undefined, body, signal: f.signal };
      let res: unknown;
      try {
        res = o.paginate ? await fetchAllPages((p, i) => sdk.client.fetch(p, i), pathname, query, f.signal, sdk.client.config.maxListRows) : await sdk.client.fetch(pathname, init);
      } catch (e) {
        const err = e as { name?: string; body?: unknown };
        if (err?.name === "ApiError" && err.body !== undefined && err.body !== null && err.body !== "") writeBody(f.io, err.body);
        throw e;
      }
      if (res !== undefined && res !== null && res !== "") writeBody(f.io, res);
      if (verb !== "GET" && verb !== "HEAD" && verb !== "OPTIONS") await announceWrite(f, `${verb} ${pathname}`);
    });
}

/**
 * The body as it came (docs/SECURITY.md, "raw output to a terminal is sanitised"): byte-exact into
 * a pipe or file; on a terminal, escapes and invisible characters are shown, not run (an error
 * page's OSC or CSI sequences would retitle the window, rewrite the screen or the clipboard).
 */
function writeBody(io: { out: NodeJS.WritableStream; isStdoutTTY: boolean }, body: unknown): void {
  const text = typeof body === "string" ? (body.endsWith("\n") ? body : `${body}\n`) : `${JSON.stringify(body, null, 2)}\n`;
  io.out.write(io.isStdoutTTY ? sanitize(text, { newlines: true }) : text);
}

/** The key of a list answer: the one array of objects beside count/limit/offset. */
export function listKey(page: Rec): string | undefined {
  const keys = Object.keys(page).filter((k) => Array.isArray(page[k]));
  return keys.length === 1 ? keys[0] : keys.find((k) => (page[k] as unknown[]).every((x) => x && typeof x === "object"));
}

/**
 * Follows limit/offset until an empty or short page (or `count` items) and merges the pages into
 * one document shaped like the first page: the list key holds every item and `count` the total.
 * A page that contradicts itself (see pageVerdict) stops the walk with an error.
 */
export async function fetchAllPages(
  fetch: (path: string, init: { method: string; query: Rec; signal: AbortSignal }) => Promise<unknown>,
  path: string,
  query: Rec,
  signal: AbortSignal,
  ceiling?: number,
): Promise<Rec> {
  const limit = Number(query.limit ?? 50);
  const start = Number(query.offset ?? 0);
  let offset = start;
  let first: Rec | undefined;
  let key: string | undefined;
  const items: unknown[] = [];
  const keyOf = (page: Rec): string => {
    if (!page || typeof page !== "object") throw new UsageError(`${path} did not answer a list; --paginate needs a list route`);
    first ??= page;
    key ??= listKey(page);
    if (!key) throw new UsageError(`${path} did not answer a list; --paginate needs a list route`);
    return key;
  };
  const walk = new WalkState(ceiling);
  for (;;) {
    const { rows, verdict } = await readPage(() => fetch(path, { method: "GET", query: { ...query, limit, offset }, signal }) as Promise<Rec>, keyOf, limit, offset, signal, walk);
    if (typeof verdict === "object") throw await inconsistent(path, verdict.problem);
    items.push(...rows);
    offset += rows.length;
    if (verdict === "done") break;
  }
  // keyOf set `first` and `key` on the first page read.
  return { ...first, [key as string]: items, count: items.length, offset: start, limit: items.length };
}
