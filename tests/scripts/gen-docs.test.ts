/**
 * The generated docs match the code: every command page of docs/commands and the import graph of
 * docs/architecture.md are what scripts/gen-docs.mjs writes from src/ today. When this fails, run
 * `node scripts/gen-docs.mjs` and commit what it changed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE, COMMANDS_DIR, renderCommandPages, renderImportGraph, withImportGraph } from "../../scripts/gen-docs.mjs";
import { buildProgram } from "../../src/cli/program.js";
import { NOUNS } from "../../src/cli/nouns.js";
import { DESCRIPTION, GLOBAL_OPTIONS, HELP_TOPICS } from "../../src/cli/help.js";

const root = path.resolve(import.meta.dirname, "../..");
const HINT = "stale: run `node scripts/gen-docs.mjs` and commit docs/";

describe("generated docs", () => {
  it("has one page per command and help topic in docs/commands, each as the command tree writes it", async () => {
    const pages = await renderCommandPages({ buildProgram, NOUNS, GLOBAL_OPTIONS, HELP_TOPICS, DESCRIPTION });
    const dir = path.join(root, COMMANDS_DIR);
    const onDisk = readdirSync(dir).filter((f) => f.endsWith(".md")).sort();
    expect(onDisk, HINT).toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([name, text]) => readFileSync(path.join(dir, name), "utf8") !== text).map(([name]) => name);
    expect(stale, HINT).toEqual([]);
    // A page per verb of every noun, not only per noun.
    expect(pages.size).toBeGreaterThan(400);
    expect(pages.get("medusactl_orders_ship.md")).toContain("medusactl orders ship [options] [order]");
  }, 60_000);

  it("pictures the import graph in docs/architecture.md as the imports are today", () => {
    const doc = readFileSync(path.join(root, ARCHITECTURE), "utf8");
    expect(withImportGraph(doc, renderImportGraph()), HINT).toBe(doc);
  });
});
