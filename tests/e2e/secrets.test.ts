/**
 * Secrets stay secret (CONTRACT.md §4): a session of ordinary commands, with --debug, errors and
 * failed logins, is searched for every secret we know of, in every encoding a header would use;
 * so is the process table, which shows every program's arguments to every local user.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxPaths } from "../../src/cli/sandbox/paths.js";
import { runCli, type CliResult } from "../helpers/cli.js";
import { backend, uniq } from "./helpers/sdk.js";

function sandboxState(): Record<string, string> {
  return JSON.parse(readFileSync(sandboxPaths({ env: process.env }).state, "utf8"));
}

/** A secret and the forms it takes on the wire (HTTP Basic for keys). */
function forms(secret: string): string[] {
  return [secret, Buffer.from(`${secret}:`).toString("base64"), encodeURIComponent(secret)];
}

function leaks(text: string, secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [name, s] of Object.entries(secrets)) {
    if (!s || s.length < 8) continue;
    for (const f of forms(s)) if (text.includes(f)) found.push(name);
  }
  return [...new Set(found)];
}

describe("secrets never leak", () => {
  it("appear in no output of a session of commands with --debug, errors and a wrong password", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-secrets-"));
    const env = { MEDUSACTL_CONFIG_DIR: dir };
    const outputs: CliResult[] = [];
    const run = async (args: string[], opts: { input?: string; env?: Record<string, string> } = {}) => {
      const r = await runCli(args, { env: { ...env, ...opts.env }, input: opts.input });
      outputs.push(r);
      return r;
    };
    const login = await run(["--debug", "login", "--profile", "user", "--url", backend.url, "--email", backend.adminEmail, "--password-stdin"], { input: backend.adminPassword });
    expect(login.code, login.stderr).toBe(0);
    const jwt = (JSON.parse(readFileSync(path.join(dir, "tokens.json"), "utf8")) as Record<string, string>)["profile:user"]!;
    expect(jwt.split(".")).toHaveLength(3);
    expect((await run(["--debug", "login", "--profile", "key", "--url", backend.url, "--api-key-stdin"], { input: backend.apiKey })).code).toBe(0);

    const tag = uniq("secret-tag");
    expect((await run(["--debug", "whoami", "--profile", "user"])).code).toBe(0);
    expect((await run(["--debug", "whoami", "--profile", "key"])).code).toBe(0);
    expect((await run(["--debug", "products", "list", "--limit", "2", "--profile", "user"])).code).toBe(0);
    const created = await run(["--debug", "product-tags", "create", "--set", `value=${tag}`, "--json", "--profile", "key"]);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    expect((await run(["--debug", "product-tags", "delete", id, "--yes", "--profile", "user"])).code).toBe(0);
    expect((await run(["--debug", "products", "get", "prod_missing", "--profile", "key"])).code).toBe(1);
    expect((await run(["--debug", "api", "GET", "/admin/users/me", "--profile", "user"])).code).toBe(0);
    // Failures: a wrong password, a wrong key, a bad JWT in the environment.
    expect((await run(["--debug", "login", "--profile", "bad", "--url", backend.url, "--email", backend.adminEmail, "--password-stdin"], { input: `${backend.adminPassword}-wrong` })).code).toBe(4);
    expect((await run(["--debug", "regions", "list"], { env: { MEDUSA_URL: backend.url, MEDUSA_API_KEY: `${backend.apiKey}x` } })).code).toBe(4);
    expect((await run(["--debug", "regions", "list"], { env: { MEDUSA_URL: backend.url, MEDUSA_TOKEN: `${jwt}x` } })).code).toBe(4);
    expect((await run(["profile", "list"])).code).toBe(0);
    expect((await run(["--debug", "logout", "--all"])).code).toBe(0);

    const state = sandboxState();
    const secrets = {
      apiKey: backend.apiKey,
      adminPassword: backend.adminPassword,
      jwt,
      jwtSignature: jwt.split(".")[2]!,
      pgPassword: state.pgPassword!,
      jwtSecret: state.jwtSecret!,
      cookieSecret: state.cookieSecret!,
    };
    const all = outputs.map((o) => o.stdout + "\n" + o.stderr).join("\n");
    // The debug log did run, so the search means something.
    expect(all).toMatch(/debug: GET \S*\/admin\/products/);
    expect(all).toMatch(/debug: POST \S*\/auth\/user\/emailpass/);
    expect(leaks(all, secrets)).toEqual([]);
  });

  it("appear on no process's command line, the sandbox's Medusa and PostgreSQL included", () => {
    const state = sandboxState();
    const table = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    // The sandbox is running, so its processes are in the table.
    expect(table).toMatch(/medusa.*start/);
    expect(table).toMatch(/postgres/);
    expect(leaks(table, { apiKey: backend.apiKey, adminPassword: backend.adminPassword, pgPassword: state.pgPassword!, jwtSecret: state.jwtSecret!, cookieSecret: state.cookieSecret! })).toEqual([]);
  });

  it("show only when asked for by name: whoami --show-token", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-secrets-"));
    const env = { MEDUSACTL_CONFIG_DIR: dir };
    expect((await runCli(["login", "--profile", "key", "--url", backend.url, "--api-key-stdin"], { env, input: backend.apiKey })).code).toBe(0);
    const plain = await runCli(["whoami"], { env });
    expect(plain.stdout).toContain(`…${backend.apiKey.slice(-4)}`);
    expect(plain.stdout + plain.stderr).not.toContain(backend.apiKey);
    const shown = await runCli(["whoami", "--show-token"], { env });
    expect(shown.stdout.trim()).toBe(backend.apiKey);
  });
});
