import { describe, expect, it } from "vitest";
import { NOUNS } from "../../src/cli/nouns.js";
import { HELP_TOPICS } from "../../src/cli/help.js";
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

  it.each([
    ["formats", ["-o, --output <format>", "ndjson", "--set key=value", "stocked_quantity", "min_quantity", "docs/cli/bulk-data.md"]],
    ["environment", ["MEDUSA_API_KEY", "MEDUSACTL_CONFIG_DIR", "MEDUSACTL_DATA_DIR", "NO_COLOR", "exit 4"]],
    ["profiles", ["profile use", "--production", "tokens.json", "MEDUSACTL_PROFILE"]],
    ["exit-codes", ["130  cancelled"]],
  ])("prints the %s topic with `help <topic>`, without loading a command", async (topic, words) => {
    const r = await run(["help", topic]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    for (const w of words) expect(r.out).toContain(w);
  });

  it("names every topic in the root help, and no topic takes a command's name", async () => {
    const root = (await run(["--help"])).out;
    for (const t of HELP_TOPICS) expect(root).toContain(t.name);
    const words = new Set(NOUNS.flatMap((n) => [n.name, ...(n.aliases ?? [])]));
    expect(HELP_TOPICS.filter((t) => words.has(t.name))).toEqual([]);
  });

  it("still gives a command's help with `help <command>`, and exit 2 for a word that is neither", async () => {
    const orders = await run(["help", "orders"]);
    expect(orders.code).toBe(0);
    expect(orders.out).toContain("Usage: medusactl orders");
    const bad = await run(["help", "nonsense"]);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe("");
    expect(bad.err).toContain('no command or help topic "nonsense"');
    expect(bad.err).toContain("formats, exit-codes, environment, profiles");
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
