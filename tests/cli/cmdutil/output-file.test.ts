import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutputPath, openOutputFile } from "../../../src/cli/cmdutil/output-file.js";
import { UsageError } from "../../../src/term/errors.js";

const dir = () => mkdtempSync(path.join(tmpdir(), "medusactl-out-"));

describe("output files", () => {
  it.each([
    ["a folder", (d: string) => d, "is a folder; give a file name"],
    ["a missing parent folder", (d: string) => path.join(d, "nope", "out.csv"), "does not exist"],
    ["a parent that is a file", (d: string) => (writeFileSync(path.join(d, "f"), ""), path.join(d, "f", "out.csv")), "is not a folder"],
  ])("refuse %s with one line naming the path (exit 2)", async (_what, target, why) => {
    const file = target(dir());
    const err = await checkOutputPath(file, "--out").catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toBe(`--out ${file}: ${err.message.slice(`--out ${file}: `.length)}`);
    expect(err.message).toContain(why);
    expect(err.message).not.toContain("\n");
  });

  it("leave the previous file untouched when the job fails, and replace it when it succeeds", async () => {
    const d = dir();
    const file = path.join(d, "export.csv");
    writeFileSync(file, "previous export\n");
    const failed = await openOutputFile(file, "--out");
    failed.stream.write("half of a new export");
    await failed.discard();
    expect(readFileSync(file, "utf8")).toBe("previous export\n");
    expect(readdirSync(d)).toEqual(["export.csv"]);
    const ok = await openOutputFile(file, "--out");
    ok.stream.write("the new export\n");
    await ok.commit();
    expect(readFileSync(file, "utf8")).toBe("the new export\n");
    expect(readdirSync(d)).toEqual(["export.csv"]);
  });

  it("leaves no temp file when the target cannot be replaced at commit", async () => {
    const d = dir();
    const file = path.join(d, "out.csv");
    const out = await openOutputFile(file, "--out");
    out.stream.write("data");
    mkdirSync(file);
    await expect(out.commit()).rejects.toThrow();
    expect(readdirSync(d)).toEqual(["out.csv"]);
  });
});
