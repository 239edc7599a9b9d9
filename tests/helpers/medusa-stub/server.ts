/**
 * The registry behind a real `node:http` server on 127.0.0.1, port 0, for tests that spawn the
 * CLI or need a socket. A fault destroys the socket (the client sees a reset); a request no stub
 * matches gets a 501 naming it, and `verify()` fails on it as well.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { encode, isReply, toRequest, type StubRegistry } from "./registry.js";

export interface StubServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(registry: StubRegistry): Promise<StubServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const full = req.url ?? "/";
      const q = full.indexOf("?");
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      const record = toRequest(req.method ?? "GET", q >= 0 ? full.slice(0, q) : full, q >= 0 ? full.slice(q + 1) : "", headers, Buffer.concat(chunks));
      let out;
      try {
        out = await registry.handle(record);
      } catch (e) {
        res.writeHead(501, { "content-type": "text/plain" });
        res.end(String((e as Error).message));
        return;
      }
      if (!isReply(out)) {
        req.socket.destroy();
        return;
      }
      const { text, contentType } = encode(out);
      res.writeHead(out.status, { ...(contentType ? { "content-type": contentType } : {}), ...out.headers });
      res.end(text);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const s of sockets) s.destroy();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
