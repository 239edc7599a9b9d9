import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const bin = path.join(root, "bin/medusactl.js");

/** Records every bare module specifier Node resolves while the CLI runs. */
function resolvedModules(args: string[]): { specifiers: string[]; stdout: string; status: number | null } {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-cold-"));
  const log = path.join(dir, "resolved.txt");
  const hooks = path.join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";\nexport async function resolve(s, c, next) { if (!s.startsWith(".") && !s.startsWith("/") && !s.startsWith("file:") && !s.startsWith("node:")) appendFileSync(${JSON.stringify(log)}, s + "\\n"); return next(s, c); }\n`,
  );
  const register = path.join(dir, "register.mjs");
  writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify("file://" + hooks)});\n`);
  const r = spawnSync(process.execPath, ["--import", register, bin, ...args], { encoding: "utf8", env: { ...process.env, MEDUSACTL_CONFIG_DIR: dir } });
  const specifiers = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];
  return { specifiers, stdout: r.stdout, status: r.status };
}

describe("cold start", () => {
  it.each([["--version"], ["--help"], ["products", "--help"], ["tui", "--help"]])("loads only commander for %s", (...args) => {
    const { specifiers, status } = resolvedModules(args);
    expect(status).toBe(0);
    const heavy = specifiers.filter((s) => /^(ink|react|undici|conf|qs|eventsource-parser|@medusajs)/.test(s));
    expect(heavy).toEqual([]);
    expect(specifiers).toContain("commander");
  });
});
