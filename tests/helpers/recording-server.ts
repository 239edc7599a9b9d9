/**
 * A local HTTP server that records every request and answers 200 with one JSON body rich enough
 * for every SDK method, including the multi-step ones (createImport, initiatePaymentSession,
 * logins). Used by the differential parity test: the official js-sdk and ours talk to it in turn.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";

export interface RecordedPart {
  name: string;
  filename?: string;
  contentType?: string;
  size: number;
}

export interface RecordedRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The raw query string, without "?". */
  rawQuery: string;
  /** The query decoded with qs (as the Medusa server decodes it). */
  query: Record<string, unknown>;
  headers: Record<string, string>;
  rawBody: Buffer;
  /** The body parsed as JSON when the content type says JSON, else undefined. */
  body: unknown;
  /** Parts of a multipart body. */
  parts?: RecordedPart[];
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string. */
  body?: unknown;
}

export interface RecordingServer {
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** Forgets what was recorded. */
  reset(): void;
  /** Takes the recorded requests and forgets them. */
  take(): RecordedRequest[];
  /** Overrides the answer; return undefined to fall back to the default. */
  respond(fn: ((req: RecordedRequest) => Reply | undefined) | undefined): void;
  close(): Promise<void>;
}

/** The default answer: every key a multi-step method or a login looks for. */
export function defaultReply(origin: string): Record<string, unknown> {
  return {
    token: "tok_from_server",
    transaction_id: "trans_1",
    summary: { toCreate: 1, toUpdate: 0 },
    // Relative: createImport takes the multipart branch (local file provider).
    url: "/admin/uploads",
    filename: "f.csv",
    originalname: "f.csv",
    extension: "csv",
    size: 3,
    mime_type: "text/csv",
    files: [{ id: "k", url: `${origin}/static/k` }],
    payment_collection: { id: "paycol_1" },
    id: "id_1",
    object: "thing",
    deleted: true,
  };
}

function parseMultipart(contentType: string, raw: Buffer): RecordedPart[] {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) return [];
  const boundary = `--${m[1] ?? m[2]}`;
  const text = raw.toString("latin1");
  const parts: RecordedPart[] = [];
  for (const chunk of text.split(boundary).slice(1)) {
    if (chunk.startsWith("--")) break;
    const end = chunk.indexOf("\r\n\r\n");
    if (end < 0) continue;
    const head = chunk.slice(0, end);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? "";
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    const content = chunk.slice(end + 4).replace(/\r\n$/, "");
    parts.push({ name, filename, contentType: type, size: content.length });
  }
  return parts;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Starts the server on 127.0.0.1, port 0. Close it in teardown. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let override: ((req: RecordedRequest) => Reply | undefined) | undefined;
  let origin = "";

  const server: Server = createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const full = req.url ?? "/";
    const q = full.indexOf("?");
    const path = q >= 0 ? full.slice(0, q) : full;
    const rawQuery = q >= 0 ? full.slice(q + 1) : "";
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
    const ct = headers["content-type"] ?? "";
    let body: unknown;
    if (ct.includes("application/json") && rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        body = rawBody.toString("utf8");
      }
    }
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path,
      rawQuery,
      query: qs.parse(rawQuery, { depth: 10, arrayLimit: 100 }) as Record<string, unknown>,
      headers,
      rawBody,
      body,
      parts: ct.startsWith("multipart/form-data") ? parseMultipart(ct, rawBody) : undefined,
    };
    requests.push(recorded);

    const reply = override?.(recorded);
    if (!reply && (headers.accept ?? "").includes("text/event-stream")) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`event: step\ndata: {"step":"one"}\n\n`);
      return;
    }
    const status = reply?.status ?? 200;
    const payload = reply && "body" in reply ? reply.body : defaultReply(origin);
    const text = typeof payload === "string" ? payload : payload === undefined ? "" : JSON.stringify(payload);
    res.writeHead(status, { "content-type": typeof payload === "string" ? "text/plain" : "application/json", ...reply?.headers });
    res.end(text);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    requests,
    reset: () => void requests.splice(0),
    take: () => requests.splice(0),
    respond: (fn) => void (override = fn),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
