/**
 * The little of the Redis protocol (RESP2) that snapshots need: commands with binary-safe
 * arguments, pipelined, and their replies parsed. Node's net module only: no client library for
 * the handful of commands (SCAN, DUMP, PTTL, FLUSHALL, RESTORE) a snapshot sends.
 */
import { connect, type Socket } from "node:net";

export type RespValue = string | number | Buffer | null | RespValue[] | RespError;

export class RespError extends Error {
  override name = "RespError";
}

/** One command as RESP: an array of bulk strings. */
export function encodeCommand(args: (string | Buffer | number)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.isBuffer(a) ? a : Buffer.from(String(a));
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from("\r\n"));
  }
  return Buffer.concat(parts);
}

/** Parses one reply from `buf` at `at`: the value and where the next one starts, or undefined when the reply is not complete yet. */
export function parseReply(buf: Buffer, at = 0): { value: RespValue; next: number } | undefined {
  if (at >= buf.length) return undefined;
  const end = buf.indexOf("\r\n", at);
  if (end < 0) return undefined;
  const type = String.fromCharCode(buf[at]!);
  const line = buf.toString("latin1", at + 1, end);
  switch (type) {
    case "+":
      return { value: line, next: end + 2 };
    case "-":
      return { value: new RespError(line), next: end + 2 };
    case ":":
      return { value: Number(line), next: end + 2 };
    case "$": {
      const len = Number(line);
      if (len < 0) return { value: null, next: end + 2 };
      const start = end + 2;
      if (buf.length < start + len + 2) return undefined;
      return { value: buf.subarray(start, start + len), next: start + len + 2 };
    }
    case "*": {
      const count = Number(line);
      if (count < 0) return { value: null, next: end + 2 };
      const items: RespValue[] = [];
      let next = end + 2;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buf, next);
        if (!item) return undefined;
        items.push(item.value);
        next = item.next;
      }
      return { value: items, next };
    }
    default:
      throw new Error(`unexpected reply from Redis (type byte ${JSON.stringify(type)})`);
  }
}

/** A connection that sends commands in order and hands each its reply; errors come back as RespError values. */
export class RedisConnection {
  private buf: Buffer = Buffer.alloc(0);
  private readonly waiting: { resolve: (v: RespValue) => void; reject: (e: Error) => void }[] = [];
  private failed: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
      let at = 0;
      for (;;) {
        const reply = parseReply(this.buf, at);
        if (!reply) break;
        at = reply.next;
        this.waiting.shift()?.resolve(reply.value);
      }
      this.buf = at === this.buf.length ? Buffer.alloc(0) : this.buf.subarray(at);
    });
    const fail = (err: Error): void => {
      this.failed ??= err;
      for (const w of this.waiting.splice(0)) w.reject(err);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the connection to Redis closed")));
  }

  static open(port: number, host: string, timeoutMs = 5000): Promise<RedisConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`cannot reach Redis on ${host}:${port} (no answer within ${timeoutMs / 1000} s)`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.removeAllListeners("error");
        resolve(new RedisConnection(socket));
      });
      socket.once("error", (err) => {
        clearTimeout(timer);
        reject(new Error(`cannot reach Redis on ${host}:${port}: ${err.message}`));
      });
    });
  }

  /** Sends one command; resolves with its reply (a RespError value for an error reply). */
  send(args: (string | Buffer | number)[]): Promise<RespValue> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(encodeCommand(args));
    });
  }

  /** Like send, but an error reply rejects. */
  async call(args: (string | Buffer | number)[]): Promise<RespValue> {
    const v = await this.send(args);
    if (v instanceof RespError) throw new Error(`Redis ${String(args[0])}: ${v.message}`);
    return v;
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }
}
