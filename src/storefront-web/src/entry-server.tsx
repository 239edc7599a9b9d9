/**
 * The storefront on the server: one page rendered with React 19's streaming renderer, sent once
 * every read it needs is answered (`onAllReady`: a crawler gets the whole page, and no inline
 * script is needed to swap streamed parts in, which the page's Content-Security-Policy would
 * refuse). Reads suspend the render until answered (lib/query.tsx); the page's head, status and
 * any redirect are collected while it renders.
 */
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { App } from "./app/app.js";
import { HeadCollectorContext, type HeadCollector, type PageHead, type HeadContextValue } from "./lib/head.js";
import { QueryCache } from "./lib/query.js";
import type { StoreSdk } from "./lib/sdk.js";
import type { SiteConfig } from "./lib/site.js";
import type { SsrRequest } from "./lib/ssr.js";

export interface RenderInput {
  /** The path (percent-encoded, as requested) and the query string without `?`. */
  path: string;
  search: string;
  request: Omit<SsrRequest, "redirect">;
  sdk: StoreSdk;
  site: SiteConfig;
  /** Gives up on a render that takes longer (a back-end that hangs). */
  timeoutMs?: number;
}

export interface RenderResult {
  status: number;
  /** Where the page lives instead (a path without a country). */
  redirect?: string;
  html: string;
  head?: PageHead;
  headContext?: HeadContextValue;
  /** Modules the page loads on demand, for the server to preload. */
  preload: string[];
  /** The reads the page was rendered from, for the browser to hydrate with. */
  cache: QueryCache;
}

export function renderPage(input: RenderInput): Promise<RenderResult> {
  const cache = new QueryCache();
  const request: SsrRequest = { ...input.request, rawPath: input.path, rawSearch: input.search };
  const collector: HeadCollector = {};
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(
      <HeadCollectorContext.Provider value={collector}>
        <App sdk={input.sdk} cache={cache} site={input.site} ssr={{ path: input.path, search: input.search, request }} />
      </HeadCollectorContext.Provider>,
      {
        onAllReady() {
          if (request.redirect) {
            stream.abort();
            resolve({ status: 302, redirect: request.redirect, html: "", cache, preload: [] });
            return;
          }
          const out = new PassThrough();
          const chunks: Buffer[] = [];
          out.on("data", (c: Buffer) => chunks.push(c));
          out.on("end", () => {
            const head = collector.head;
            resolve({ status: failed ? 500 : (head?.status ?? 200), html: Buffer.concat(chunks).toString("utf8"), head, headContext: collector.context, cache, preload: collector.preload ?? [] });
          });
          stream.pipe(out);
        },
        onShellError: reject,
        onError(error) {
          failed = error;
        },
      },
    );
    setTimeout(() => stream.abort(new Error("the page took too long to render")), input.timeoutMs ?? 10_000).unref();
  });
}
