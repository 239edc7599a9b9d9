import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { encodeCommand, parseReply, RedisConnection, RespError } from "../../../src/cli/sandbox/redis-client.js";

describe("encodeCommand", () => {
  it("sends every argument as a bulk string, binary-safe", () => {
    expect(encodeCommand(["SCAN", "0", "COUNT", 1000]).toString()).toBe("*4\r\n$4\r\nSCAN\r\n$1\r\n0\r\n$5\r\nCOUNT\r\n$4\r\n1000\r\n");
    const binary = Buffer.from([0, 13, 10, 255]);
    const out = encodeCommand(["RESTORE", binary]);
    expect(out.subarray(out.length - 8)).toEqual(Buffer.concat([Buffer.from("\r\n"), binary, Buffer.from("\r\n")]).subarray(-8));
    expect(out.toString("latin1")).toContain("$4\r\n");
  });
});

describe("parseReply", () => {
  it.each<[string, string, unknown]>([
    ["a simple string", "+OK\r\n", "OK"],
    ["an integer", ":-2\r\n", -2],
    ["a null bulk string", "$-1\r\n", null],
    ["a null array", "*-1\r\n", null],
  ])("reads %s", (_what, wire, value) => {
    expect(parseReply(Buffer.from(wire))).toEqual({ value, next: wire.length });
  });

  it("reads bulk strings as buffers, including CR LF inside them", () => {
    const r = parseReply(Buffer.from("$4\r\na\r\nb\r\n"))!;
    expect(Buffer.isBuffer(r.value)).toBe(true);
    expect((r.value as Buffer).toString()).toBe("a\r\nb");
  });

  it("reads nested arrays (a SCAN reply)", () => {
    const r = parseReply(Buffer.from("*2\r\n$1\r\n0\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n"))!;
    const [cursor, keys] = r.value as [Buffer, Buffer[]];
    expect(cursor.toString()).toBe("0");
    expect(keys.map(String)).toEqual(["a", "b"]);
  });

  it("returns an error reply as a RespError value", () => {
    const r = parseReply(Buffer.from("-ERR bad\r\n"))!;
    expect(r.value).toBeInstanceOf(RespError);
    expect((r.value as RespError).message).toBe("ERR bad");
  });

  it.each(["", "+OK", "$5\r\nab", "*2\r\n:1\r\n"])("waits for more of an incomplete reply %j", (wire) => {
    expect(parseReply(Buffer.from(wire))).toBeUndefined();
  });

  it("continues at the offset it returned", () => {
    const buf = Buffer.from(":1\r\n:2\r\n");
    const first = parseReply(buf)!;
    expect(parseReply(buf, first.next)).toEqual({ value: 2, next: buf.length });
  });
});

describe("RedisConnection", () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.destroy();
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** A fake Redis that answers each command by `reply`, written in pieces to exercise the parser. */
  function fake(reply: (args: string[]) => string): Promise<number> {
    return new Promise((resolve) => {
      server = createServer((socket: Socket) => {
        sockets.push(socket);
        let pending = Buffer.alloc(0);
        socket.on("data", (chunk: Buffer) => {
          pending = Buffer.concat([pending, chunk]);
          let text = "";
          for (;;) {
            const cmd = parseReply(pending);
            if (!cmd) break;
            pending = pending.subarray(cmd.next);
            text += reply((cmd.value as Buffer[]).map(String));
          }
          const mid = Math.floor(text.length / 2);
          socket.write(text.slice(0, mid));
          setTimeout(() => socket.write(text.slice(mid)), 2);
        });
      }).listen(0, "127.0.0.1", () => resolve((server!.address() as { port: number }).port));
    });
  }

  it("hands pipelined replies back in order", async () => {
    const port = await fake((args) => (args[0] === "PTTL" ? `:${args[1]!.length}\r\n` : `$${args[1]!.length}\r\n${args[1]}\r\n`));
    const conn = await RedisConnection.open(port, "127.0.0.1");
    try {
      const replies = await Promise.all(["a", "bb", "ccc"].flatMap((k) => [conn.send(["DUMP", k]), conn.send(["PTTL", k])]));
      expect(replies.map((v) => (Buffer.isBuffer(v) ? v.toString() : v))).toEqual(["a", 1, "bb", 2, "ccc", 3]);
    } finally {
      conn.close();
    }
  });

  it("call() rejects on an error reply, naming the command", async () => {
    const port = await fake(() => "-ERR unknown command\r\n");
    const conn = await RedisConnection.open(port, "127.0.0.1");
    try {
      await expect(conn.call(["FLUSHALL"])).rejects.toThrow("Redis FLUSHALL: ERR unknown command");
    } finally {
      conn.close();
    }
  });

  it("says which address it cannot reach", async () => {
    const port = await fake(() => "+OK\r\n");
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(RedisConnection.open(port, "127.0.0.1")).rejects.toThrow(`cannot reach Redis on 127.0.0.1:${port}`);
  });
});
