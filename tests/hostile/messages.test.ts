// Not a mirror: one attack (huge server and file messages) against every place that prints one.
/**
 * Hostile input, part 3: bounded messages. A value from a file may be megabytes, and YAML aliases
 * can multiply it a hundredfold; no message quotes more than a few hundred characters of a value,
 * and aliases that expand a seed past its limit are refused (exit 2) before anything reads it whole.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { expandsPast } from "../../src/cli/bulk/apply/seed.js";
import { quoteValue } from "../../src/term/errors.js";
import { testIO } from "../helpers/test-io.js";

async function run(argv: string[], files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-messages-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const t = testIO({ env: { MEDUSACTL_CONFIG_DIR: dir, MEDUSACTL_DATA_DIR: dir, NO_COLOR: "1", MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_test" } });
  const code = await main(argv.map((a) => a.replace("DIR", dir)), t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err() };
}

describe("bounded messages", () => {
  it("a YAML seed aliasing a 1 MB value 40 times is refused for its expansion, with a short message", async () => {
    const big = "x".repeat(1024 * 1024);
    const yaml = `big: &big "${big}"\nregions:\n${Array.from({ length: 20 }, () => "  - name: *big\n    currency_code: *big\n    countries: [de]").join("\n")}\n`;
    const r = await run(["apply", "-f", "DIR/seed.yaml", "--dry-run"], { "seed.yaml": yaml });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/its aliases \(\*name\) expand it to more than 2\.0 MiB/);
    expect(r.err.length).toBeLessThan(4000);
  });

  it("a seed value of a megabyte is quoted in a few hundred characters", async () => {
    const seed = { regions: [{ name: "Europe", currency_code: "e".repeat(1024 * 1024), countries: ["de"] }] };
    const r = await run(["apply", "-f", "DIR/seed.json", "--dry-run"], { "seed.json": JSON.stringify(seed) });
    expect(r.code).toBe(2);
    expect(r.err).toContain('expected a 3-letter currency code, got string "eeee');
    expect(r.err).toContain("… (1048376 more characters)");
    expect(r.err.length).toBeLessThan(4000);
  });

  it("a CSV cell of half a megabyte in an order batch is quoted in a few hundred characters", async () => {
    const r = await run(["orders", "capture", "--file", "DIR/orders.csv", "--dry-run"], { "orders.csv": `Order,Tracking\n${"9x".repeat(256 * 1024)},T1\n` });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is not an order: expected a display id/);
    expect(r.err.length).toBeLessThan(4000);
  });

  it("quoteValue and the alias budget are bounded themselves", () => {
    expect(quoteValue("a".repeat(10_000))).toBe(`"${"a".repeat(200)}"… (9800 more characters)`);
    expect(quoteValue({ k: "b".repeat(500) }).length).toBeLessThan(260);
    // A billion laughs: ten levels of ten aliases each would be 10^10 strings; the walk stops at the budget.
    let v: unknown = "lol";
    for (let i = 0; i < 10; i++) v = Array.from({ length: 10 }, () => v);
    expect(expandsPast(v, 1_000_000)).toBe(true);
    expect(expandsPast({ a: ["x", "y"] }, 1000)).toBe(false);
  });
});
