import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Medusa } from "../../../src/sdk/index.js";
import { undiciTransport } from "../../../src/sdk/transport/undici.js";
import { json, startServer } from "../../helpers/http-server.js";

/** A forward proxy that tunnels CONNECT and forwards absolute-form requests, recording what it was asked. */
async function startProxy() {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const up = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode!, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  server.on("connect", (req, socket) => {
    asked.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(":");
    const up = net.connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe("proxies", () => {
  it("sends requests through HTTP_PROXY and bypasses it for NO_PROXY hosts", async () => {
    const backend = await startServer((_q, res) => json(res, 200, { ok: true }));
    const proxy = await startProxy();
    cleanups.push(backend.close, proxy.close);
    const viaProxy = new Medusa({ baseUrl: backend.url, transport: undiciTransport({ env: { HTTP_PROXY: proxy.url } }) });
    await expect(viaProxy.client.fetch("/admin/x")).resolves.toEqual({ ok: true });
    expect(proxy.asked.join("\n")).toContain(`127.0.0.1:${backend.port}`);
    const asked = proxy.asked.length;
    const bypass = new Medusa({ baseUrl: backend.url, transport: undiciTransport({ env: { HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" } }) });
    await expect(bypass.client.fetch("/admin/y")).resolves.toEqual({ ok: true });
    expect(proxy.asked).toHaveLength(asked);
    expect(backend.seen.map((s) => s.url)).toEqual(["/admin/x", "/admin/y"]);
    await viaProxy.client.close();
    await bypass.client.close();
  });
});
