import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startServer } from "../helpers/http-server.js";

const root = path.resolve(import.meta.dirname, "../..");
const bin = path.join(root, "bin/medusactl.js");

/** Records every module Node resolves while the CLI runs: packages by name, our files by path under the repo. */
function resolvedModules(args: string[], env: Record<string, string> = {}): { packages: string[]; files: string[]; stdout: string; status: number | null } {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-cold-"));
  const log = path.join(dir, "resolved.txt");
  const hooks = path.join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, JSON.stringify({ s, url: r.url }) + "\\n"); return r; }\n`,
  );
  const register = path.join(dir, "register.mjs");
  writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify("file://" + hooks)});\n`);
  const r = spawnSync(process.execPath, ["--import", register, bin, ...args], { encoding: "utf8", env: { ...process.env, MEDUSACTL_CONFIG_DIR: dir, ...env } });
  const entries = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { s: string; url: string }) : [];
  const bare = (s: string) => !s.startsWith(".") && !s.startsWith("/") && !s.startsWith("file:") && !s.startsWith("node:");
  const packages = [...new Set(entries.filter((e) => bare(e.s)).map((e) => e.s))];
  const files = [...new Set(entries.filter((e) => e.url.startsWith(`file://${root}/`) && !e.url.includes("/node_modules/")).map((e) => e.url.slice(`file://${root}/`.length)))];
  return { packages, files, stdout: r.stdout, status: r.status };
}

const HEAVY = /^(ink|react|undici|conf|qs|eventsource-parser|@medusajs)/;

describe("cold start", () => {
  it.each([["--version"], ["--help"], ["-h"], []])("answers %s without loading any package, not even commander", (...args) => {
    const { packages, files, stdout, status } = resolvedModules(args);
    expect(status).toBe(0);
    expect(stdout).not.toBe("");
    expect(packages).toEqual([]);
    // Only the entry, main() and the static noun table: no factory, config, SDK or output code.
    expect(files.sort()).toEqual(
      ["bin/medusactl.js", "dist/cli/nouns.js", "dist/term/errors.js", "dist/term/sanitize.js", "dist/cli/help.js", "dist/cli/main.js", "dist/sdk/version.js"].sort(),
    );
  });

  it.each([["products"], ["tui"]])("builds the help of %s with commander alone: no SDK client, transport, credentials or Ink", (noun) => {
    const { packages, files, stdout, status } = resolvedModules([noun, "--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain(noun === "tui" ? "--read-only" : "list");
    expect(packages).toEqual(["commander"]);
    expect(packages.filter((s) => HEAVY.test(s))).toEqual([]);
    expect(files.filter((f) => /dist\/cli\/(cmdutil\/factory|config\/)|dist\/sdk\/(index|client|transport)/.test(f))).toEqual([]);
  });

  describe("a one-shot request", () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      server = await startServer((_q, res) => json(res, 200, { products: [{ id: "prod_1" }], count: 1, limit: 1, offset: 0 }));
    });
    afterAll(async () => server.close());

    it("goes through node:http: neither undici, the global fetch nor qs is loaded", async () => {
      // spawnSync would block the event loop this server runs on; run the child asynchronously.
      const { spawn } = await import("node:child_process");
      const dir = mkdtempSync(path.join(tmpdir(), "medusactl-cold-"));
      const log = path.join(dir, "resolved.txt");
      writeFileSync(path.join(dir, "hooks.mjs"), `import { appendFileSync } from "node:fs";\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, s + "\\n"); return r; }\n`);
      writeFileSync(path.join(dir, "register.mjs"), `import { register } from "node:module"; register(${JSON.stringify("file://" + path.join(dir, "hooks.mjs"))});\n`);
      // A probe that fails the run if anything touches the global fetch.
      writeFileSync(path.join(dir, "no-fetch.mjs"), `Object.defineProperty(globalThis, "fetch", { get() { throw new Error("global fetch used"); } });\n`);
      // And one that names qs if it was loaded (by require, which the resolve hook does not see): a query is written without it.
      writeFileSync(path.join(dir, "no-qs.mjs"), `import { createRequire } from "node:module";\nconst cache = createRequire(import.meta.url).cache;\nprocess.on("exit", () => { if (Object.keys(cache).some((k) => k.includes("/node_modules/qs/"))) process.stderr.write("qs loaded"); });\n`);
      const env = { ...process.env, MEDUSACTL_CONFIG_DIR: dir, MEDUSA_URL: server.url, MEDUSA_API_KEY: "sk_test" };
      for (const k of ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"]) delete env[k];
      const child = spawn(process.execPath, ["--import", path.join(dir, "register.mjs"), "--import", path.join(dir, "no-fetch.mjs"), "--import", path.join(dir, "no-qs.mjs"), bin, "products", "list", "--limit", "1", "--json"], { env });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      const code = await new Promise((r) => child.on("close", r));
      expect(err).toBe("");
      expect(code).toBe(0);
      expect(JSON.parse(out)).toEqual([{ id: "prod_1" }]);
      const specifiers = readFileSync(log, "utf8").trim().split("\n");
      expect(specifiers.filter((s) => /^(undici|ink|react)/.test(s))).toEqual([]);
      expect(specifiers).toContain("node:http");
    });
  });
});
