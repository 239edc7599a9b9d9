import type { FileHandle } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { writeAll } from "../../src/sdk/atomic-write.js";

/** A file handle whose disk takes `room` more bytes: a write past it stores what fits (a short write), the next one fails with ENOSPC, as tmpfs and ext4 do. */
function disk(room: number) {
  const bytes: { at: number | null; data: string }[] = [];
  let left = room;
  const h = {
    async write(buf: Buffer, offset: number, length: number, position: number | null) {
      if (left === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const n = Math.min(length, left);
      left -= n;
      bytes.push({ at: position, data: buf.subarray(offset, offset + n).toString("utf8") });
      return { bytesWritten: n, buffer: buf };
    },
  };
  return { h: h as unknown as FileHandle, bytes };
}

describe("writeAll", () => {
  it("goes on after a short write until every byte is stored, at the right positions", async () => {
    const { h, bytes } = disk(Infinity);
    let calls = 0;
    const shortFirst = {
      write: async (buf: Buffer, offset: number, length: number, position: number | null) => {
        calls += 1;
        return (h as unknown as { write: typeof shortFirst.write }).write(buf, offset, calls === 1 ? 3 : length, position);
      },
    } as unknown as FileHandle;
    expect(await writeAll(shortFirst, "héllo world\n", 100)).toBe(Buffer.byteLength("héllo world\n"));
    expect(bytes.map((b) => b.data).join("")).toBe("héllo world\n");
    expect(bytes.map((b) => b.at)).toEqual([100, 103]);
  });

  it("throws ENOSPC when the disk fills up part-way, instead of counting the text as written", async () => {
    const { h, bytes } = disk(5);
    await expect(writeAll(h, "0123456789")).rejects.toMatchObject({ code: "ENOSPC" });
    expect(bytes.map((b) => b.data).join("")).toBe("01234");
    expect(bytes[0]!.at).toBeNull();
  });
});
