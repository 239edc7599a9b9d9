/**
 * The credential files under concurrency and damage, through the real binary against the real
 * back-end: many CLI processes logging in, refreshing and reading at once, and files cut short.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Medusa } from "../../src/sdk/index.js";
import { FileTokenStore } from "../../src/sdk/token-store-file.js";
import { ProfileStore, secretKey } from "../../src/cli/config/profiles.js";
import { jwtTimes } from "../../src/cli/cmdutil/factory.js";
import { runCli } from "../helpers/cli.js";
import { backend } from "./helpers/sdk.js";
import { retime } from "./helpers/jwt.js";

async function adminToken(): Promise<string> {
  const sdk = new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" } });
  return (await sdk.auth.login("user", "emailpass", { email: backend.adminEmail, password: backend.adminPassword })) as string;
}

function freshConfig(): string {
  return mkdtempSync(path.join(tmpdir(), "medusactl-tokens-"));
}

describe("token and profile files", () => {
  it("stay whole and 0600 when 50 CLI processes log in, refresh and read at once", async () => {
    const dir = freshConfig();
    const env = { MEDUSACTL_CONFIG_DIR: dir };
    const token = await adminToken();
    // Ten profiles whose login has under 10% of its lifetime left: reading them makes the CLI refresh.
    const profiles = new ProfileStore(dir);
    const tokens = new FileTokenStore(path.join(dir, "tokens.json"));
    const aged = retime(token, { issuedAgo: 23 * 3600, expiresIn: 30 * 60 });
    await profiles.update((d) => {
      for (let i = 0; i < 10; i++) d.profiles[`refresh-${i}`] = { url: backend.url, auth: "jwt", email: backend.adminEmail };
    });
    for (let i = 0; i < 10; i++) await tokens.setItem(secretKey(`refresh-${i}`), aged);
    const reader = await runCli(["login", "--profile", "reader", "--url", backend.url, "--api-key-stdin"], { env, input: backend.apiKey });
    expect(reader.code, reader.stderr).toBe(0);

    const jobs: Promise<{ label: string; code: number; stderr: string }>[] = [];
    const job = (label: string, args: string[], input?: string) =>
      // Processes of their own: the file locks are what keeps separate processes from losing each other's writes.
      jobs.push(runCli(args, { env, input, timeoutMs: 180_000, spawn: true }).then((r) => ({ label, code: r.code, stderr: r.stderr })));
    for (let i = 0; i < 18; i++) job(`pw-${i}`, ["login", "--profile", `pw-${i}`, "--url", backend.url, "--email", backend.adminEmail, "--password-stdin"], backend.adminPassword);
    for (let i = 0; i < 15; i++) job(`key-${i}`, ["login", "--profile", `key-${i}`, "--url", backend.url, "--api-key-stdin"], backend.apiKey);
    for (let i = 0; i < 10; i++) job(`refresh-${i}`, ["whoami", "--profile", `refresh-${i}`, "--json"]);
    for (let i = 0; i < 7; i++) job(`read-${i}`, ["whoami", "--profile", "reader", "--json"]);
    expect(jobs).toHaveLength(50);
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r.code !== 0)).toEqual([]);

    const file = path.join(dir, "tokens.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    const expected = ["reader", ...[...Array(18)].map((_, i) => `pw-${i}`), ...[...Array(15)].map((_, i) => `key-${i}`), ...[...Array(10)].map((_, i) => `refresh-${i}`)];
    expect(Object.keys(stored).sort()).toEqual(expected.map(secretKey).sort());
    for (let i = 0; i < 15; i++) expect(stored[secretKey(`key-${i}`)]).toBe(backend.apiKey);
    for (let i = 0; i < 10; i++) {
      const t = stored[secretKey(`refresh-${i}`)]!;
      expect(t).not.toBe(aged);
      // A refreshed login runs for the server's full lifetime again.
      expect(jwtTimes(t).exp! - Date.now() / 1000).toBeGreaterThan(20 * 3600);
    }
    const saved = await profiles.read();
    expect(Object.keys(saved.profiles).sort()).toEqual([...expected].sort());
    expect(statSync(path.join(dir, "profiles.json")).mode & 0o777).toBe(0o600);
    // No lock or temporary file left behind.
    expect(readdirSync(dir).sort()).toEqual(["profiles.json", "tokens.json"]);
  }, 240_000);

  it.each([
    ["garbage", "not json at all {"],
    ["a truncated file", '{"profile:main": "sk_abc'],
  ])("names the token file and the way out when it holds %s, and a new login repairs it", async (_label, content) => {
    const dir = freshConfig();
    const env = { MEDUSACTL_CONFIG_DIR: dir };
    const first = await runCli(["login", "--profile", "main", "--url", backend.url, "--api-key-stdin"], { env, input: backend.apiKey });
    expect(first.code, first.stderr).toBe(0);
    const file = path.join(dir, "tokens.json");
    writeFileSync(file, content);

    const r = await runCli(["regions", "list", "--profile", "main"], { env });
    // The credential cannot be read: like a missing login, exit 4.
    expect(r.code).toBe(4);
    const lines = r.stderr.trim().split("\n");
    expect(lines[0]).toContain(file);
    expect(r.stderr).toMatch(/remove it and log in again/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

    const again = await runCli(["login", "--profile", "main", "--url", backend.url, "--api-key-stdin"], { env, input: backend.apiKey });
    expect(again.code, again.stderr).toBe(0);
    const ok = await runCli(["regions", "list", "--profile", "main", "--json"], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).length).toBeGreaterThanOrEqual(2);
  });

  it("exits 4 with a login hint when the stored login has expired", async () => {
    const dir = freshConfig();
    const profiles = new ProfileStore(dir);
    await profiles.update((d) => {
      d.profiles.old = { url: backend.url, auth: "jwt", email: backend.adminEmail };
      d.default = "old";
    });
    await new FileTokenStore(path.join(dir, "tokens.json")).setItem(secretKey("old"), retime(await adminToken(), { issuedAgo: 25 * 3600, expiresIn: -3600 }));
    const r = await runCli(["orders", "list"], { env: { MEDUSACTL_CONFIG_DIR: dir } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("medusactl login --profile old");
  });

  it("exits 4 when the server rejects an expired MEDUSA_TOKEN", async () => {
    const expired = retime(await adminToken(), { issuedAgo: 25 * 3600, expiresIn: -60 });
    const r = await runCli(["regions", "list"], { env: { MEDUSA_URL: backend.url, MEDUSA_TOKEN: expired, MEDUSACTL_CONFIG_DIR: freshConfig() } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("medusactl login");
    expect(r.stderr).not.toContain(expired);
  });
});
