// Not a mirror: login, whoami, logout, api, generated domain verbs and completion, each through main() against one fake back-end.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { json, startServer } from "../helpers/http-server.js";
import { testIO } from "../helpers/test-io.js";

const KEY = "sk_0123456789abcdefwxyz";
const JWT_PAYLOAD = Buffer.from(JSON.stringify({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 86_400 })).toString("base64url");
const JWT = `eyJhbGciOiJIUzI1NiJ9.${JWT_PAYLOAD}.sig`;

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;

const basicOk = (auth: string | undefined) => auth === `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`;

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://x");
    const auth = req.headers.authorization;
    const authed = basicOk(auth) || auth === `Bearer ${JWT}`;
    if (url.pathname === "/auth/user/emailpass" && req.method === "POST") {
      const b = JSON.parse(body) as { email: string; password: string };
      if (b.password === "secret") return json(res, 200, { token: JWT });
      return json(res, 401, { type: "unauthorized", message: "Invalid email or password" });
    }
    if (!url.pathname.startsWith("/admin")) return json(res, 404, { type: "not_found", message: "no route" });
    if (!authed) return json(res, 401, { type: "unauthorized", message: "Unauthorized" });
    if (url.pathname === "/admin/users/me") {
      if (basicOk(auth)) return json(res, 404, { type: "not_found", message: "User with id: undefined was not found" });
      return json(res, 200, { user: { id: "user_1", email: "admin@example.com" } });
    }
    if (url.pathname === "/admin/api-keys" && req.method === "GET") return json(res, 200, { api_keys: [], count: 0, limit: 1, offset: 0 });
    if (url.pathname === "/admin/product-tags" && req.method === "GET") {
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const all = Array.from({ length: 5 }, (_, i) => ({ id: `ptag_${i}`, value: `t${i}` }));
      return json(res, 200, { product_tags: all.slice(offset, offset + limit), count: all.length, limit, offset });
    }
    if (url.pathname === "/admin/api-keys/apk_1/revoke" && req.method === "POST") return json(res, 200, { api_key: { id: "apk_1", revoked_at: "2026-01-01T00:00:00Z" } });
    if (url.pathname === "/admin/invites/inv_1/resend" && req.method === "POST") return json(res, 200, { invite: { id: "inv_1", email: "a@b.c" } });
    return json(res, 404, { type: "not_found", message: `Route ${req.method} ${url.pathname} not found` });
  });
});
afterAll(async () => server.close());

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-cli-"));
  server.seen.length = 0;
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function run(argv: string[], opts: { tty?: boolean; env?: Record<string, string>; stdin?: string } = {}) {
  const t = testIO({ tty: opts.tty, stdin: opts.stdin, env: { MEDUSACTL_CONFIG_DIR: dir, ...opts.env } });
  const code = await main(argv, t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err() };
}

async function loginWithKey(profile = "default") {
  return run(["login", "--url", server.url, "--profile", profile, "--api-key-stdin"], { stdin: `${KEY}\n` });
}

describe("login", () => {
  it("stores the JWT in a 0600 token file and creates the default profile (--password-stdin)", async () => {
    const r = await run(["login", "--url", server.url, "--email", "admin@example.com", "--password-stdin"], { stdin: "secret\n" });
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(r.err).toContain('saved as profile "default" (default)');
    expect(r.err).not.toContain(JWT);
    const tokenFile = path.join(dir, "tokens.json");
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(tokenFile, "utf8")).toContain(JWT);
    const profiles = JSON.parse(await readFile(path.join(dir, "profiles.json"), "utf8"));
    expect(profiles).toEqual({ default: "default", profiles: { default: { url: server.url, auth: "jwt", email: "admin@example.com" } } });
  });

  it("maps a refused password to exit 4", async () => {
    const r = await run(["login", "--url", server.url, "--email", "admin@example.com", "--password-stdin"], { stdin: "wrong\n" });
    expect(r.code).toBe(4);
    expect(r.err).toContain("refused");
  });

  it("stores a secret key after checking it on a route keys may read", async () => {
    const r = await loginWithKey("ci");
    expect(r.code).toBe(0);
    expect(server.seen.map((s) => s.url.split("?")[0])).toEqual(["/admin/api-keys"]);
    expect(r.err).not.toContain(KEY);
    const profiles = JSON.parse(await readFile(path.join(dir, "profiles.json"), "utf8"));
    expect(profiles.profiles.ci).toEqual({ url: server.url, auth: "api-key" });
    expect(profiles.default).toBe("ci");
  });

  it("refuses to prompt off a TTY, naming both stdin flags (exit 2)", async () => {
    const r = await run(["login", "--url", server.url]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--password-stdin");
    expect(r.err).toContain("--api-key-stdin");
  });

  it("warns and writes nothing while MEDUSA_API_KEY is set", async () => {
    const r = await run(["login", "--url", server.url, "--api-key-stdin"], { stdin: KEY, env: { MEDUSA_API_KEY: KEY } });
    expect(r.code).toBe(0);
    expect(r.err).toContain("MEDUSA_API_KEY is set");
    await expect(stat(path.join(dir, "profiles.json"))).rejects.toThrow();
  });
});

describe("whoami and logout", () => {
  it("shows a key as …last4, the profile, the URL and the token file", async () => {
    await loginWithKey();
    const r = await run(["whoami"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("secret API key sk_…wxyz");
    expect(r.out).toContain(server.url);
    expect(r.out).toContain(path.join(dir, "tokens.json"));
    expect(r.out + r.err).not.toContain(KEY);
  });

  it("prints the credential only with --show-token", async () => {
    await loginWithKey();
    const r = await run(["whoami", "--show-token"]);
    expect(r.out).toBe(`${KEY}\n`);
  });

  it("shows the user's email for a JWT login", async () => {
    await run(["login", "--url", server.url, "--email", "admin@example.com", "--password-stdin"], { stdin: "secret" });
    const r = await run(["whoami"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Logged in as admin@example.com");
  });

  it("reports an environment key as such", async () => {
    const r = await run(["whoami"], { env: { MEDUSA_URL: server.url, MEDUSA_API_KEY: KEY } });
    expect(r.code).toBe(0);
    expect(r.out).toContain("environment (MEDUSA_API_KEY)");
  });

  it("logout forgets the secret; whoami then needs a login (exit 4)", async () => {
    await loginWithKey();
    expect((await run(["logout"])).code).toBe(0);
    const r = await run(["whoami"]);
    expect(r.code).toBe(4);
    expect(r.err).toContain("medusactl login");
  });
});

describe("config files that are broken or too open", () => {
  it("whoami shows the token file's real mode, after warning that it was readable by others and tightening it", async () => {
    await loginWithKey();
    const { chmod } = await import("node:fs/promises");
    await chmod(path.join(dir, "tokens.json"), 0o644);
    await chmod(dir, 0o755);
    const r = await run(["whoami"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`Warning: ${path.join(dir, "tokens.json")} was mode 0644, readable by others; now 0600`);
    expect(r.err).toContain(`Warning: ${dir} was mode 0755, readable by others; now 0700`);
    expect(r.out).toContain("(plain text, mode 0600)");
    expect((await stat(path.join(dir, "tokens.json"))).mode & 0o777).toBe(0o600);
  });

  it("a corrupt profiles.json is a clear error naming the file (exit 1), not a bug", async () => {
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(dir, "profiles.json"), "{ not json");
    const r = await run(["whoami"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${path.join(dir, "profiles.json")} is not a valid profiles file`);
    expect(r.err).not.toContain("looks like a bug");
  });

  it("login moves a corrupt profiles.json or tokens.json aside (name printed) instead of overwriting it", async () => {
    const { writeFile, readdir } = await import("node:fs/promises");
    await writeFile(path.join(dir, "profiles.json"), "{ broken profiles");
    await writeFile(path.join(dir, "tokens.json"), "{ broken tokens", { mode: 0o600 });
    const r = await loginWithKey();
    expect(r.code).toBe(0);
    const names = await readdir(dir);
    const profilesAside = names.find((n) => n.startsWith("profiles.json.corrupt-"))!;
    const tokensAside = names.find((n) => n.startsWith("tokens.json.corrupt-"))!;
    expect(await readFile(path.join(dir, profilesAside), "utf8")).toBe("{ broken profiles");
    expect(await readFile(path.join(dir, tokensAside), "utf8")).toBe("{ broken tokens");
    expect(r.err).toContain(`moved aside to ${path.join(dir, profilesAside)}`);
    expect(r.err).toContain(`moved aside to ${path.join(dir, tokensAside)}`);
    expect((await run(["whoami"])).code).toBe(0);
  });
});

describe("api", () => {
  const env = () => ({ MEDUSA_URL: server.url, MEDUSA_API_KEY: KEY });

  it("prints the body of a GET", async () => {
    const r = await run(["api", "GET", "/admin/product-tags?limit=2"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ product_tags: [{ id: "ptag_0", value: "t0" }, { id: "ptag_1", value: "t1" }], count: 5, limit: 2, offset: 0 });
  });

  it("prints a 404 body on stdout, the error line on stderr, exit 1", async () => {
    const r = await run(["api", "get", "/admin/nothing"], { env: env() });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ type: "not_found" });
    expect(r.err).toMatch(/^Error: Route GET \/admin\/nothing not found \(404 not_found, GET \/admin\/nothing\)\n$/);
  });

  it("--paginate merges every page: the list key holds all items, count the total", async () => {
    const r = await run(["api", "GET", "/admin/product-tags", "--query", "limit=2", "--paginate"], { env: env() });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.product_tags.map((t: { id: string }) => t.id)).toEqual(["ptag_0", "ptag_1", "ptag_2", "ptag_3", "ptag_4"]);
    expect(doc.count).toBe(5);
    expect(server.seen).toHaveLength(3);
  });

  it.each([
    [["api", "/admin/products"], "method comes first"],
    [["api", "GET"], "missing the path"],
    [["api", "GET", "admin/products"], "must start with /"],
    [["api", "GET", "/admin/products", "--data", "{}"], "takes no body"],
    [["api", "GET", "//evil.example/admin/products"], "not another host"],
    [["api", "GET", "/\\evil.example/admin/products"], "not another host"],
  ])("rejects %j with exit 2", async (argv, message) => {
    const r = await run(argv as string[], { env: env() });
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(server.seen).toHaveLength(0);
  });
});

describe("domain verbs", () => {
  const env = () => ({ MEDUSA_URL: server.url, MEDUSA_API_KEY: KEY });

  it("needs --yes off a TTY for a moderate action (exit 2), and sends nothing", async () => {
    const r = await run(["api-keys", "revoke", "apk_1"], { env: env() });
    expect(r.code).toBe(2);
    expect(r.err).toContain("--yes");
    expect(server.seen).toHaveLength(0);
  });

  it("runs with --yes and prints the record", async () => {
    const r = await run(["api-keys", "revoke", "apk_1", "--yes", "--json"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ id: "apk_1", revoked_at: "2026-01-01T00:00:00Z" });
    expect(server.seen[0]).toMatchObject({ method: "POST", url: "/admin/api-keys/apk_1/revoke" });
  });

  it("asks nothing for a harmless action", async () => {
    const r = await run(["invites", "resend", "inv_1", "-o", "json"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ id: "inv_1", email: "a@b.c" });
  });

  it("names verbs after the SDK method in kebab-case", async () => {
    const r = await run(["payment-collections", "--help"], { env: env() });
    expect(r.code).toBe(0);
    expect(r.out).toContain("mark-as-paid");
  });
});

describe("completion", () => {
  it.each(["bash", "zsh"])("prints a %s script with nouns and verbs", async (shell) => {
    const r = await run(["completion", shell]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("medusactl");
    expect(r.out).toContain("product-categories");
    expect(r.out).toContain("mark-as-paid");
  });

  it("rejects another shell with exit 2", async () => {
    expect((await run(["completion", "tcsh"])).code).toBe(2);
  });
});

describe("global --quiet", () => {
  it("silences the 'Showing N of M' notice but never the data, before or after the noun", async () => {
    const env = { MEDUSA_URL: server.url, MEDUSA_API_KEY: KEY };
    const loud = await run(["product-tags", "list", "--limit", "2"], { env, tty: true });
    expect(loud.err).toContain("Showing 2 of 5 product-tags");
    for (const argv of [["--quiet", "product-tags", "list", "--limit", "2"], ["product-tags", "list", "--limit", "2", "--quiet"]]) {
      const quiet = await run(argv, { env, tty: true });
      expect(quiet.code).toBe(0);
      expect(quiet.err).toBe("");
      expect(quiet.out).toBe(loud.out);
    }
  });
});
