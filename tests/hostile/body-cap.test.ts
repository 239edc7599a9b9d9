// Not a mirror: one attack (endless bodies and events) against every transport of the SDK.
/**
 * Hostile back-ends, part 1: every byte we read is bounded (docs/SECURITY.md). A local server
 * answers with an endless body, an endless server-sent event or a lying content-length; every
 * transport must cut the connection at the cap and raise a typed error naming the limit and path.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Medusa, ResponseTooLargeError } from "../../src/sdk/index.js";
import { fetchTransport } from "../../src/sdk/transport/fetch.js";
import { nodeHttpTransport } from "../../src/sdk/transport/node-http.js";
import { undiciTransport } from "../../src/sdk/transport/undici.js";
import type { Transport } from "../../src/sdk/transport/types.js";

interface Hostile {
  url: string;
  /** Bytes the server managed to write before the client hung up. */
  sent(): number;
  /** Requests received. */
  requests(): number;
  /** Resolves once the client closed the connection. */
  hungUp: Promise<void>;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

/** A server that writes 256 KiB chunks forever (or as `kind` says) until the client hangs up. */
async function endless(kind: "json" | "error" | "sse" | "announced"): Promise<Hostile> {
  let sent = 0;
  let requests = 0;
  let hangUp!: () => void;
  const hungUp = new Promise<void>((r) => (hangUp = r));
  const chunk = Buffer.alloc(256 * 1024, kind === "sse" ? "x" : " ");
  const server = http.createServer((req, res) => {
    req.resume();
    requests++;
    res.on("close", () => hangUp());
    if (kind === "announced") {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(2 * 1024 * MiB) });
      res.write("{");
      return;
    }
    res.writeHead(kind === "error" ? 500 : 200, { "content-type": kind === "sse" ? "text/event-stream" : "application/json" });
    if (kind === "sse") res.write("event: a\ndata: ");
    else res.write('{"products":["');
    const pump = () => {
      while (!res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
    };
    pump();
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => sent,
    requests: () => requests,
    hungUp,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const transports: Record<string, () => Transport> = {
  "node:http": () => nodeHttpTransport({ upgradeAfter: 0 }),
  undici: () => undiciTransport(),
  fetch: () => fetchTransport(),
};

describe("response bodies are capped", () => {
  for (const [name, make] of Object.entries(transports)) {
    for (const kind of ["json", "error", "announced"] as const) {
      it(`${name}: an endless ${kind} body stops at maxResponseBytes with ResponseTooLargeError naming the limit and the path`, async () => {
        const s = await endless(kind);
        const transport = make();
        cleanups.push(() => s.close(), async () => transport.close?.());
        const sdk = new Medusa({ baseUrl: s.url, transport, retry: false, maxResponseBytes: 4 * MiB, timeout: 20_000 });
        const heapBefore = process.memoryUsage().heapUsed;
        const err = await sdk.client.fetch("/admin/products", { query: { limit: 5 } }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ResponseTooLargeError);
        expect((err as Error).message).toBe("the response to GET /admin/products?limit=5 is larger than 4 MiB (the maxResponseBytes limit); stopped reading it");
        expect((err as ResponseTooLargeError).limit).toBe(4 * MiB);
        // The connection is cut, not drained: the server stops soon after the cap.
        await s.hungUp;
        expect(s.sent()).toBeLessThan(64 * MiB);
        // Nothing of the refused body stays in memory.
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(48 * MiB);
      });
    }
  }

  it("the default cap is 64 MiB and a retry-able GET is not retried once the body was too large", async () => {
    const s = await endless("json");
    const transport = nodeHttpTransport({ upgradeAfter: 0 });
    cleanups.push(() => s.close(), async () => transport.close?.());
    const sdk = new Medusa({ baseUrl: s.url, transport, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const err = await sdk.admin.product.list({ limit: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as Error).message).toContain("larger than 64 MiB");
    await s.hungUp;
    expect(s.sent()).toBeLessThan(128 * MiB);
    expect(s.requests()).toBe(1);
  });

  it("a body under the cap still arrives whole", async () => {
    const server = http.createServer((_q, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ products: ["x".repeat(1000)] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanups.push(() => new Promise((r) => server.close(r)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const make of Object.values(transports)) {
      const transport = make();
      const sdk = new Medusa({ baseUrl: url, transport, maxResponseBytes: 1100 });
      expect(await sdk.client.fetch("/admin/products")).toEqual({ products: ["x".repeat(1000)] });
      await transport.close?.();
    }
  });
});

describe("server-sent events are capped per event", () => {
  it("one never-ending event fails with ResponseTooLargeError at maxEventBytes and the stream is cut", async () => {
    const s = await endless("sse");
    const transport = nodeHttpTransport({ upgradeAfter: 0 });
    cleanups.push(() => s.close(), async () => transport.close?.());
    const sdk = new Medusa({ baseUrl: s.url, transport, maxEventBytes: 2 * MiB });
    const { stream } = await sdk.client.fetchStream("/admin/workflows-executions/w/subscribe");
    const err = await (async () => {
      for await (const _ of stream) void _;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as Error).message).toBe("one server-sent event to GET /admin/workflows-executions/w/subscribe is larger than 2 MiB (the maxEventBytes limit); stopped reading it");
    await s.hungUp;
    expect(s.sent()).toBeLessThan(32 * MiB);
  });

  it("many small events pass however long the stream is", async () => {
    const server = http.createServer((_q, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      // 3 MiB of events in all, each far under the 1 MiB cap.
      const one = `data: ${"y".repeat(1000)}\n\n`;
      res.end(one.repeat(3 * 1024));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanups.push(() => new Promise((r) => server.close(r)));
    const transport = nodeHttpTransport({ upgradeAfter: 0 });
    cleanups.push(async () => transport.close?.());
    const sdk = new Medusa({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, transport });
    const { stream } = await sdk.client.fetchStream("/x");
    let n = 0;
    for await (const ev of stream) if (ev.data) n++;
    expect(n).toBe(3 * 1024);
  });
});
