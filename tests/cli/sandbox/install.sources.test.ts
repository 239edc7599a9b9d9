import { appendFileSync, cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourcesHash, syncSources } from "../../../src/cli/sandbox/install.js";
import { resolveOptions } from "../../../src/cli/sandbox/paths.js";

const repoSandbox = join(import.meta.dirname, "../../../sandbox");

/** A copy of the shipped sandbox sources (package files and src/), as an older or newer medusactl would ship them. */
function shippedCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "medusactl-sources-"));
  for (const f of ["package.json", "package-lock.json", "medusa-config.ts", "tsconfig.json"]) cpSync(join(repoSandbox, f), join(dir, f));
  cpSync(join(repoSandbox, "src"), join(dir, "src"), { recursive: true });
  return dir;
}

describe("sandbox sources hash (what `sandbox up` compares to restart Medusa after an upgrade)", () => {
  it("is what syncSources copies, and changes with any shipped file, seed and subscribers included", async () => {
    const sourceDir = shippedCopy();
    const r = resolveOptions({ sourceDir, dataDir: mkdtempSync(join(tmpdir(), "medusactl-data-")), env: {} });
    const before = sourcesHash(r);
    expect(await syncSources(r)).toBe(before);
    expect(readFileSync(join(r.paths.app, "src/scripts/seed.ts"), "utf8")).toBe(readFileSync(join(sourceDir, "src/scripts/seed.ts"), "utf8"));

    appendFileSync(join(sourceDir, "src/subscribers/password-reset-tokens.ts"), "\n// changed\n");
    const after = sourcesHash(r);
    expect(after).not.toBe(before);
    expect(await syncSources(r)).toBe(after);
    expect(readFileSync(join(r.paths.app, "src/subscribers/password-reset-tokens.ts"), "utf8")).toContain("// changed");
  });
});
