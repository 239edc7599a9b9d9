import { describe, expect, it } from "vitest";
import { NOUNS } from "../../src/cli/nouns.js";
import { adminResources } from "../../src/sdk/admin/index.js";
import type { ResourceSpec } from "../../src/sdk/resource.js";

const specs = adminResources as unknown as Record<string, ResourceSpec>;
const GENERIC = ["list", "retrieve", "create", "update", "delete"];

describe("noun table", () => {
  it("has a noun for every admin resource with a generic method", () => {
    const covered = new Set(NOUNS.map((n) => n.admin).filter(Boolean));
    const missing = Object.entries(specs)
      .filter(([, spec]) => GENERIC.some((m) => m in spec.methods))
      .map(([key]) => key)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  it("names only resources that exist", () => {
    const unknown = NOUNS.filter((n) => n.admin && !(n.admin in specs)).map((n) => `${n.name} → ${n.admin}`);
    expect(unknown).toEqual([]);
  });

  it("has no colliding names or aliases", () => {
    const words = NOUNS.flatMap((n) => [n.name, ...(n.aliases ?? [])]);
    const dupes = words.filter((w, i) => words.indexOf(w) !== i);
    expect(dupes).toEqual([]);
  });

  it("maps each admin resource to one noun only", () => {
    const keys = NOUNS.map((n) => n.admin).filter(Boolean);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("names each noun after its admin API path (CONTRACT.md §1)", () => {
    const wrong = NOUNS.filter((n) => n.admin)
      .map((n) => ({ noun: n.name, expected: specs[n.admin!]!.path.replace(/^\/admin\//, "").replace(/\//g, "-") }))
      .filter((x) => x.noun !== x.expected);
    expect(wrong).toEqual([]);
  });

  it("uses plural kebab-case names", () => {
    for (const n of NOUNS) expect(n.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });
});
