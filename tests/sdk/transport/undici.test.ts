import { afterEach, describe, expect, it } from "vitest";
import { Medusa, isAbortError, isTimeoutError } from "../../../src/sdk/index.js";
import { startServer } from "../../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
async function server(handler: Parameters<typeof startServer>[0]) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

/** Writes `text` in pieces of `size` bytes, `ms` apart, without a content-length (chunked). */
function trickle(res: import("node:http").ServerResponse, text: string, size: number, ms: number) {
  const bytes = Buffer.from(text, "utf8");
  res.writeHead(200, { "content-type": "application/json" });
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i >= bytes.length) return void res.end();
    res.write(bytes.subarray(i, (i += size)));
    setTimeout(next, ms);
  };
  next();
}

describe("the undici transport's buffered body (JSON answers read whole)", () => {
  it("joins a body sent in small pieces, also where a piece splits a UTF-8 character, and drops a byte order mark", async () => {
    const page = { products: [{ title: "Café — naïve ☕ 日本" }], count: 1 };
    const s = await server((_req, res) => trickle(res, `\ufeff${JSON.stringify(page)}`, 3, 0));
    const sdk = new Medusa({ baseUrl: s.url, transport: "undici" });
    expect(await sdk.admin.product.list()).toEqual(page);
    await sdk.client.close();
  });

  it("a caller's abort while the body is still arriving ends the request at once", async () => {
    const s = await server((_req, res) => trickle(res, JSON.stringify({ products: [], count: 0, pad: "x".repeat(2000) }), 10, 20));
    const sdk = new Medusa({ baseUrl: s.url, transport: "undici", retry: false });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 60);
    const t0 = Date.now();
    const err = await sdk.admin.product.list({}, undefined, { signal: ac.signal }).catch((e) => e);
    expect(isAbortError(err)).toBe(true);
    // The whole body takes over 4 s to arrive (10 bytes every 20 ms); room for a machine busy with other suites.
    expect(Date.now() - t0).toBeLessThan(3000);
    await sdk.client.close();
  });

  it("a body that trickles past the timeout fails that attempt with a TimeoutError", async () => {
    const s = await server((_req, res) => trickle(res, JSON.stringify({ products: [], count: 0, pad: "x".repeat(2000) }), 10, 20));
    const sdk = new Medusa({ baseUrl: s.url, transport: "undici", timeout: 80, retry: false });
    const err = await sdk.admin.product.list().catch((e) => e);
    expect(isTimeoutError(err)).toBe(true);
    await sdk.client.close();
  });

  it("reads headers (Retry-After, set-cookie) from a buffered error answer", async () => {
    const s = await server((_req, res) => {
      res.writeHead(503, { "content-type": "application/json", "retry-after": "0", "set-cookie": ["a=1", "b=2"] });
      res.end(JSON.stringify({ type: "unexpected_state", message: "busy" }));
    });
    const sdk = new Medusa({ baseUrl: s.url, transport: "undici", retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const err = await sdk.admin.product.list().catch((e) => e);
    expect(err).toMatchObject({ status: 503, type: "unexpected_state", message: "busy" });
    expect(s.seen).toHaveLength(2);
    await sdk.client.close();
  });
});
