import { execFileSync } from "node:child_process";
import { mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES, readStdinText, readTextFile } from "../../../src/cli/cmdutil/input-file.js";
import { UsageError } from "../../../src/term/errors.js";
import { testIO } from "../../helpers/test-io.js";

const dir = () => mkdtempSync(path.join(tmpdir(), "medusactl-input-"));

describe("input files are bounded and regular", () => {
  it("reads a regular file", async () => {
    const f = path.join(dir(), "a.json");
    writeFileSync(f, '{"a":1}');
    expect(await readTextFile(f)).toBe('{"a":1}');
  });

  it.each([
    ["/dev/zero", "a character device"],
    ["/tmp", "a folder"],
  ])("refuses %s as %s, before reading a byte", async (file, kind) => {
    const err = await readTextFile(file, { flag: "--data" }).catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(`--data: cannot read ${file}: it is ${kind}, not a regular file`);
  });

  it("refuses a FIFO (it could block or stream forever)", async () => {
    const fifo = path.join(dir(), "pipe");
    execFileSync("mkfifo", [fifo]);
    const err = await readTextFile(fifo).catch((e) => e);
    expect(err.message).toContain("a pipe (FIFO)");
  });

  it("refuses a file over the cap without reading it into memory", async () => {
    const f = path.join(dir(), "huge.json");
    writeFileSync(f, "");
    truncateSync(f, MAX_DOCUMENT_BYTES + 1);
    const before = process.memoryUsage().rss;
    const err = await readTextFile(f).catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain("larger than 16 MiB");
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("stops reading stdin at the cap", async () => {
    const t = testIO({ stdin: "x".repeat(5000) });
    const err = await readStdinText(t.io, { max: 1024, label: "--data (stdin)" }).catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain("--data (stdin) is larger than");
  });
});
