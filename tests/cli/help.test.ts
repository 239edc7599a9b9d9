import { describe, expect, it } from "vitest";
import { NOUNS } from "../../src/cli/nouns.js";
import { main } from "../../src/cli/main.js";
import { testIO } from "../helpers/test-io.js";

async function run(argv: string[]) {
  const t = testIO({ env: {} });
  const code = await main(argv, t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err() };
}

/** The subcommand names listed under "Commands:" in a help text. */
function verbsOf(help: string): string[] {
  const part = help.split("\nCommands:\n")[1]?.split("\n\n")[0] ?? "";
  return part.split("\n").map((l) => l.trim().split(/\s+/)[0]!).filter((v) => v && v !== "help");
}

describe("help", () => {
  it("prints the same root help for --help, -h, help, no arguments, and through commander", async () => {
    const texts = await Promise.all([["--help"], ["-h"], ["help"], [], ["--no-color", "--help"]].map(async (a) => (await run(a)).out));
    expect(new Set(texts).size).toBe(1);
    for (const n of NOUNS) expect(texts[0]).toContain(`  ${n.name} `);
    expect(texts[0]).toContain("Exit codes:\n  0    ok");
    expect(texts[0]).toContain("130  cancelled");
    expect(texts[0]).toContain("Examples:");
  });

  it("prints the exit codes alone with `help exit-codes`", async () => {
    const r = await run(["help", "exit-codes"]);
    expect(r.out).toMatch(/^Exit codes:\n {2}0 {4}ok/);
    expect(r.out).toContain("4    authentication needed");
  });

  it("prints the version with --version and -v", async () => {
    const { version } = (await import("../../package.json", { with: { type: "json" } })).default as { version: string };
    expect((await run(["--version"])).out).toBe(`${version}\n`);
    expect((await run(["-v"])).out).toBe(`${version}\n`);
  });

  it("shows examples in the help of every noun and every verb", async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const noun of NOUNS) {
      const help = (await run([noun.name, "--help"])).out;
      if (!help.includes("\nExamples:\n")) missing.push(noun.name);
      if (noun.kind === "command") continue;
      for (const verb of verbsOf(help)) {
        checked += 1;
        const r = await run([noun.name, verb, "--help"]);
        expect(r.code).toBe(0);
        if (!r.out.includes("\nExamples:\n")) missing.push(`${noun.name} ${verb}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
