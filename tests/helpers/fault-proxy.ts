/**
 * A fault-injecting reverse proxy on loopback, between a client (SDK or CLI) and the real back-end.
 * Faults are drawn from a seeded PRNG, so a failing run can be replayed, and bounded in number and
 * in consecutive count, so retries within the contract's budget (3 attempts) always get through.
 *
 * Where the fault happens matters for unsafe requests, so each kind says whether the request
 * reached the back-end: `reset-before`, `status-*` and `html` never forward (nothing happened on
 * the server); `reset-after`, `truncate` and `slow` forward first (the effect happened, the
 * answer is lost or late): exactly the uncertain outcomes a tool must check before repeating.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FaultKind = "reset-before" | "reset-after" | "status-502" | "status-503" | "status-429" | "html" | "truncate" | "slow";

export const ALL_FAULTS: FaultKind[] = ["reset-before", "reset-after", "status-502", "status-503", "status-429", "html", "truncate", "slow"];

export interface FaultPlan {
  seed: number;
  /** Probability that a request gets a fault (0..1). */
  rate: number;
  kinds?: FaultKind[];
  /** Stop injecting after this many faults. */
  maxFaults?: number;
  /** Never more than this many faults in a row, across all requests and for any one request. Default 2. */
  maxConsecutive?: number;
  /** How long `slow` holds the answer back (ms); make it exceed the client's timeout. */
  slowMs?: number;
  /** `Retry-After` seconds sent with 429. */
  retryAfter?: number;
  /** At most this many faults of a kind (e.g. a few stalls, which each cost the client a whole timeout). */
  limits?: Partial<Record<FaultKind, number>>;
  /** Only requests for which this returns true may get a fault. */
  only?: (method: string, path: string) => boolean;
}

export interface FaultLog {
  method: string;
  path: string;
  fault?: FaultKind;
  forwarded: boolean;
}

/** mulberry32: small, fast, good enough to make fault sequences reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HTML_PAGE = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>";

export async function startFaultProxy(target: string, plan: FaultPlan) {
  const upstream = new URL(target);
  const rand = prng(plan.seed);
  const kinds = plan.kinds ?? ALL_FAULTS;
  const maxConsecutive = plan.maxConsecutive ?? 2;
  const log: FaultLog[] = [];
  let faults = 0;
  let consecutive = 0;
  let enabled = true;
  const sockets = new Set<Socket>();
  const agent = new http.Agent({ keepAlive: true });

  // Faults in a row per request (method and path): with concurrent clients the global count
  // alone lets other requests' successes in between, so one request could exhaust its retries.
  const streaks = new Map<string, number>();

  function pick(method: string, path: string): FaultKind | undefined {
    if (!enabled || (plan.only && !plan.only(method, path))) return undefined;
    if (plan.maxFaults !== undefined && faults >= plan.maxFaults) return undefined;
    const key = `${method} ${path}`;
    if (consecutive >= maxConsecutive) {
      consecutive = 0;
      streaks.delete(key);
      return undefined;
    }
    // Draw both numbers every time so the sequence depends only on the seed and request order.
    const roll = rand();
    const which = kinds[Math.floor(rand() * kinds.length)]!;
    const limit = plan.limits?.[which];
    const used = limit === undefined ? 0 : log.filter((e) => e.fault === which).length;
    if (roll >= plan.rate || (streaks.get(key) ?? 0) >= maxConsecutive || (limit !== undefined && used >= limit)) {
      consecutive = 0;
      streaks.delete(key);
      return undefined;
    }
    faults += 1;
    consecutive += 1;
    streaks.set(key, (streaks.get(key) ?? 0) + 1);
    return which;
  }

  function forward(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host };
      const up = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        },
      );
      up.on("error", reject);
      up.end(body);
    });
  }

  function reply(res: http.ServerResponse, r: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) {
    const headers = { ...r.headers };
    delete headers["transfer-encoding"];
    delete headers.connection;
    delete headers["keep-alive"];
    headers["content-length"] = String(r.body.length);
    res.writeHead(r.status, headers);
    res.end(r.body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const fault = pick(method, path);
      const entry: FaultLog = { method, path, fault, forwarded: false };
      log.push(entry);
      try {
        switch (fault) {
          case "reset-before":
            req.socket.destroy();
            return;
          case "status-502":
          case "status-503":
            res.writeHead(fault === "status-502" ? 502 : 503, { "content-type": "application/json" });
            res.end(JSON.stringify({ type: "unknown_error", message: "upstream unavailable (injected)" }));
            return;
          case "status-429":
            res.writeHead(429, { "content-type": "application/json", "retry-after": String(plan.retryAfter ?? 1) });
            res.end(JSON.stringify({ type: "too_many_requests", message: "slow down (injected)" }));
            return;
          case "html":
            res.writeHead(502, { "content-type": "text/html" });
            res.end(HTML_PAGE);
            return;
        }
        const r = await forward(req, body);
        entry.forwarded = true;
        if (fault === "reset-after") {
          req.socket.destroy();
          return;
        }
        if (fault === "truncate") {
          const headers = { ...r.headers, "content-length": String(r.body.length) };
          delete headers["transfer-encoding"];
          res.writeHead(r.status, headers);
          res.write(r.body.subarray(0, Math.floor(r.body.length / 2)));
          // Flush what we wrote, then cut the connection mid-body.
          setTimeout(() => req.socket.destroy(), 20);
          return;
        }
        if (fault === "slow") {
          // Held until slowMs or until the client gives up, so a stall meant to outlast the client's
          // timeout costs that timeout and no more.
          await new Promise<void>((r) => {
            // A kept-alive socket carries many requests: each stall takes its listener off again.
            const done = () => {
              clearTimeout(timer);
              req.socket.off("close", done);
              r();
            };
            const timer = setTimeout(done, plan.slowMs ?? 3_000);
            req.socket.once("close", done);
          });
          if (req.socket.destroyed) return;
        }
        reply(res, r);
      } catch (e) {
        // What nginx does when its upstream connection fails: 502 with its HTML page. The request
        // may or may not have reached the back-end, so the client must treat it as uncertain.
        if (!res.headersSent) {
          res.writeHead(502, { "content-type": "text/html", "x-fault-proxy-upstream-error": (e as Error).message.slice(0, 200) });
          res.end(HTML_PAGE);
        }
      }
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    /** Faults injected so far, by kind. */
    counts(): Partial<Record<FaultKind, number>> {
      const c: Partial<Record<FaultKind, number>> = {};
      for (const e of log) if (e.fault) c[e.fault] = (c[e.fault] ?? 0) + 1;
      return c;
    },
    setEnabled(on: boolean) {
      enabled = on;
    },
    async close() {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
