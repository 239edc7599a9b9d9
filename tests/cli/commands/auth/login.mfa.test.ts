import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFactory } from "../../../../src/cli/cmdutil/factory.js";
import { main, reportError } from "../../../../src/cli/main.js";
import { buildProgram } from "../../../../src/cli/program.js";
import { globalFlags } from "../../../../src/cli/cmdutil/context.js";
import type { Prompter } from "../../../../src/cli/cmdutil/prompter.js";
import { json, startServer } from "../../../helpers/http-server.js";
import { testIO } from "../../../helpers/test-io.js";

// Medusa 2.21 answers a password login of an account with MFA with an actorless token and a
// challenge; POST /auth/mfa/challenges/{id}/verify {method, code} (authenticated with that token) gives the JWT.
const ACTORLESS = "actorless.jwt.token";
const FINAL = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.final";

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const auth = req.headers.authorization;
    if (req.url === "/auth/user/emailpass") return json(res, 200, { mfa_required: true, mfa_challenge: { id: "mfach_1", methods: ["totp", "recovery_code"] }, token: ACTORLESS });
    if (req.url === "/auth/mfa/challenges/mfach_1/verify" && auth === `Bearer ${ACTORLESS}`) {
      const b = JSON.parse(body) as { method: string; code: string };
      if ((b.method === "totp" && b.code === "123456") || (b.method === "recovery_code" && b.code === "abcd-efgh")) return json(res, 200, { token: FINAL });
      return json(res, 400, { type: "not_allowed", message: "Invalid MFA challenge code" });
    }
    if (req.url?.startsWith("/admin/users/me") && auth === `Bearer ${FINAL}`) return json(res, 200, { user: { id: "user_1", email: "ops@example.com" } });
    return json(res, 401, { message: "Unauthorized" });
  });
});
afterAll(async () => server.close());
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-mfa-"));
  server.seen.length = 0;
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** Runs argv like main() does, on a terminal, with answers given in order to each prompt. */
async function runInteractive(argv: string[], answers: string[]) {
  const t = testIO({ tty: true, env: { MEDUSACTL_CONFIG_DIR: dir } });
  const asked: string[] = [];
  const next = async (q: string) => {
    asked.push(q);
    return answers.shift() ?? "";
  };
  const prompter: Prompter = { confirm: async () => false, confirmTyped: async () => false, input: next, secret: next };
  let code = 0;
  try {
    const program = await buildProgram(argv, { factory: (cmd) => createFactory(t.io, globalFlags(cmd), new AbortController().signal, { prompter: () => prompter }) });
    program.exitOverride();
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    code = reportError(e, t.io, false);
  }
  return { code, asked, out: t.out(), err: t.err() };
}

describe("login with MFA", () => {
  it("asks for the code on a terminal, verifies the challenge with the totp method and saves the final JWT", async () => {
    const r = await runInteractive(["login", "--url", server.url, "--email", "ops@example.com"], ["pw", "123456"]);
    expect(r.code).toBe(0);
    expect(r.asked).toEqual(["Password: ", "Authentication code or a recovery code: "]);
    const verify = server.seen.find((s) => s.url.includes("/verify"))!;
    expect(JSON.parse(verify.body)).toEqual({ method: "totp", code: "123456" });
    expect(await readFile(path.join(dir, "tokens.json"), "utf8")).toContain(FINAL);
    expect(r.err).toContain('Logged in to');
    expect(r.err).toContain("as ops@example.com");
  });

  it("takes a recovery code when that is what was typed", async () => {
    const r = await runInteractive(["login", "--url", server.url, "--email", "ops@example.com"], ["pw", "abcd-efgh"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(server.seen.find((s) => s.url.includes("/verify"))!.body)).toEqual({ method: "recovery_code", code: "abcd-efgh" });
  });

  it("maps a refused code to exit 4 and saves nothing", async () => {
    const r = await runInteractive(["login", "--url", server.url, "--email", "ops@example.com"], ["pw", "000000"]);
    expect(r.code).toBe(4);
    expect(r.err).toContain("the MFA code was refused: Invalid MFA challenge code");
    await expect(readFile(path.join(dir, "tokens.json"), "utf8")).rejects.toThrow();
  });

  it("off a terminal, stops with a clear error (exit 4) instead of prompting", async () => {
    const t = testIO({ stdin: "pw\n", env: { MEDUSACTL_CONFIG_DIR: dir } });
    const code = await main(["login", "--url", server.url, "--email", "ops@example.com", "--password-stdin"], t.io, new AbortController().signal);
    expect(code).toBe(4);
    expect(t.err()).toContain("second factor (MFA), which needs a terminal");
    expect(server.seen.map((s) => s.url)).toEqual(["/auth/user/emailpass"]);
  });
});
