/**
 * `db:migrate`'s search step boots the whole application in a child process; the sandbox skips
 * it only while nothing declares a search index.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { searchIndexesDeclared } from "../../../src/cli/sandbox/migrate-and-seed.js";

function app(...dirs: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), "medusactl-search-"));
  mkdirSync(path.join(root, "node_modules", "@medusajs", "medusa"), { recursive: true });
  for (const d of dirs) mkdirSync(path.join(root, d), { recursive: true });
  return root;
}

describe("searchIndexesDeclared", () => {
  it("is false for an app and packages without search definitions (the sandbox as installed)", () => {
    expect(searchIndexesDeclared(app("src/scripts", "node_modules/@medusajs/draft-order/.medusa/server/src/admin"))).toBe(false);
  });

  it("is true when the app declares search indexes", () => {
    expect(searchIndexesDeclared(app("src/search"))).toBe(true);
  });

  it("is true when one of Medusa's packages (a plugin) declares them", () => {
    expect(searchIndexesDeclared(app("node_modules/@medusajs/draft-order/.medusa/server/src/search"))).toBe(true);
  });

  it("leaves Medusa's default alone when there is no install to look into", () => {
    expect(searchIndexesDeclared(mkdtempSync(path.join(tmpdir(), "medusactl-search-")))).toBe(true);
  });
});
