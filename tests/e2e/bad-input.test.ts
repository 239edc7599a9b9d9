/**
 * Hostile and mistaken input through the built CLI: each case gets one clear error line naming
 * what is wrong, the documented exit code, and nothing written to the store.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { startServer } from "../helpers/http-server.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-bad-input-"));
const tag = uniq("bad-input");
let notMedusa: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // A web server that is not Medusa: an HTML page for every path, like a mistyped shop URL.
  notMedusa = await startServer((_req, res) => {
    res.writeHead(_req.url === "/" ? 200 : 404, { "content-type": "text/html" });
    res.end("<!doctype html><html><body><h1>Welcome to our shop</h1></body></html>");
  });
  writeFileSync(path.join(dir, "broken.json"), '{"value": "x",}');
  writeFileSync(path.join(dir, "list.json"), '["not", "an", "object"]');
});
afterAll(() => notMedusa.close());

const sandboxEnv = () => ({ MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: dir });
const longList = Array.from({ length: 21 }, (_, i) => `id[]=${i}`).join("&");

interface Case {
  name: string;
  args: () => string[];
  env?: () => Record<string, string>;
  input?: string;
  exit: number;
  stderr: RegExp;
}

const cases: Case[] = [
  { name: "wrong JSON in --data", args: () => ["product-tags", "create", "--data", `{"value": "${tag}"`], exit: 2, stderr: /--data is not valid JSON/ },
  { name: "JSON with a trailing comma in a --data file", args: () => ["product-tags", "create", "--data", `@${path.join(dir, "broken.json")}`], exit: 2, stderr: /--data.*not valid JSON/ },
  { name: "a JSON list where an object is needed", args: () => ["product-tags", "create", "--data", `@${path.join(dir, "list.json")}`], exit: 2, stderr: /--data.*object/ },
  { name: "a --data file that does not exist", args: () => ["product-tags", "create", "--data", "@/nonexistent/body.json"], exit: 2, stderr: /--data: cannot read \/nonexistent\/body\.json/ },
  { name: "wrong JSON on stdin", args: () => ["product-tags", "create", "--data", "-"], input: "{value:", exit: 2, stderr: /not valid JSON/ },
  { name: "a --set without '='", args: () => ["product-tags", "create", "--set", "value"], exit: 2, stderr: /--set.*key=value/ },
  { name: "an unknown resource", args: () => ["frobnicators", "list"], exit: 2, stderr: /unknown command 'frobnicators'/ },
  { name: "an unknown verb", args: () => ["regions", "frobnicate"], exit: 2, stderr: /unknown command 'frobnicate'/ },
  { name: "an unknown flag", args: () => ["regions", "list", "--frobnicate"], exit: 2, stderr: /unknown option '--frobnicate'/ },
  { name: "a flag value of the wrong type", args: () => ["regions", "list", "--limit", "ten"], exit: 2, stderr: /--limit.*'ten' is invalid/ },
  { name: "a --query list longer than the server's limit", args: () => ["regions", "list", "--query", longList], exit: 2, stderr: /--query: "id" lists more than 20 items/ },
  { name: "an unknown output format", args: () => ["regions", "list", "--output", "xml"], exit: 2, stderr: /--output.*xml/ },
  { name: "a raw api call without a leading slash", args: () => ["api", "GET", "admin/regions"], exit: 2, stderr: /path.*\// },
  { name: "a raw api call with an unknown method", args: () => ["api", "FETCH", "/admin/regions"], exit: 2, stderr: /FETCH/ },
  { name: "a URL that is not a URL", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: "shop example com" }), exit: 2, stderr: /invalid URL "shop example com"/ },
  { name: "a URL with another scheme", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: "ftp://127.0.0.1:9000" }), exit: 2, stderr: /unsupported URL scheme "ftp:"/ },
  { name: "plain http to a remote host", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: "http://shop.example.com" }), exit: 2, stderr: /refusing plain http to shop\.example\.com/ },
  { name: "a port where nothing listens", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: "http://127.0.0.1:1" }), exit: 1, stderr: /cannot reach http:\/\/127\.0\.0\.1:1/ },
  { name: "a server that is not Medusa (404 pages)", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: notMedusa.url }), exit: 1, stderr: /Not Found \(404, GET \/admin\/regions.*\n.*not Medusa's JSON: check that http:\/\/127\.0\.0\.1:\d+ is a Medusa back-end/ },
  { name: "a server that is not Medusa (an HTML home page)", args: () => ["api", "GET", "/"], env: () => ({ ...sandboxEnv(), MEDUSA_URL: notMedusa.url }), exit: 1, stderr: /expected JSON .* got text\/html[^\n]*\nHint: .*is a Medusa back-end/ },
  { name: "a wrong secret key", args: () => ["regions", "list"], env: () => ({ ...sandboxEnv(), MEDUSA_API_KEY: "sk_not_a_real_key" }), exit: 4, stderr: /401.*\n.*medusactl login/ },
  { name: "no credentials at all", args: () => ["regions", "list"], env: () => ({ MEDUSACTL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), "medusactl-empty-")) }), exit: 4, stderr: /medusactl login/ },
  { name: "a delete off a terminal without --yes", args: () => ["product-tags", "delete", "ptag_does_not_matter"], env: sandboxEnv, exit: 2, stderr: /--yes/ },
];

describe("bad input: a clear error, the documented exit code", () => {
  it.each(cases)("$name → exit $exit", async (c) => {
    const r = await runCli(c.args(), { env: c.env?.() ?? sandboxEnv(), input: c.input });
    expect(r.code, r.stderr).toBe(c.exit);
    expect(r.stderr).toMatch(c.stderr);
    expect(r.stdout).toBe("");
    // One clear message, never a stack trace.
    expect(r.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
    expect(r.stderr).not.toContain("looks like a bug");
  });

  it("wrote nothing to the store for any rejected input", async () => {
    const { product_tags } = await adminSdk().admin.productTag.list({ q: tag, fields: "id" });
    expect(product_tags).toEqual([]);
  });
});
