import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFactory, refreshDue } from "../../../src/cli/cmdutil/factory.js";
import { ProfileStore, secretKey } from "../../../src/cli/config/profiles.js";
import { FileTokenStore } from "../../../src/sdk/token-store-file.js";
import { json, startServer } from "../../helpers/http-server.js";
import { testIO } from "../../helpers/test-io.js";

const HOUR = 3600;
const T0 = 1_800_000_000; // seconds; a fixed clock, so nothing depends on the real date

/** An unsigned JWT with the given times: the CLI reads `iat`/`exp` only. */
function jwt(iat: number, exp: number, n: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ iat, exp, n })}.sig${n}`;
}

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;
let valid: Set<string>;
let issued: number;
/** The clock the server uses to issue tokens (seconds). */
let serverNow: number;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!valid.has(bearer)) return json(res, 401, { message: "Unauthorized" });
    if (req.url === "/auth/token/refresh" && req.method === "POST") {
      issued += 1;
      const fresh = jwt(serverNow, serverNow + 24 * HOUR, 100 + issued);
      valid.add(fresh);
      return json(res, 200, { token: fresh });
    }
    if (req.url?.startsWith("/admin/product-tags")) return json(res, 200, { product_tags: [], count: 0, limit: 50, offset: 0 });
    return json(res, 404, { type: "not_found", message: "no route" });
  });
});
afterAll(async () => server.close());

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-factory-"));
  valid = new Set();
  issued = 0;
  serverNow = T0;
  server.seen.length = 0;
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** A profile "shop" logged in with `token`, and a factory whose clock reads `clock.now` (ms). */
async function setup(token: string, clock: { now: number }) {
  valid.add(token);
  await new ProfileStore(dir).write({ default: "shop", profiles: { shop: { url: server.url, auth: "jwt", email: "a@b.c" } } });
  await new FileTokenStore(path.join(dir, "tokens.json")).setItem(secretKey("shop"), token);
  const { io } = testIO({ env: { MEDUSACTL_CONFIG_DIR: dir } });
  return createFactory(io, {}, new AbortController().signal, { now: () => clock.now });
}

/** Each request as "METHOD /path sigN", naming the token it carried. */
const bearers = () => server.seen.map((s) => `${s.method} ${s.url.split("?")[0]} ${/sig\d+$/.exec(s.headers.authorization ?? "")?.[0] ?? "-"}`);

describe("JWT refresh", () => {
  it.each([
    ["fresh (23 h left of 24 h)", T0 - HOUR, T0 + 23 * HOUR, false],
    ["at 10% left (2.4 h of 24 h)", T0 - 21.6 * HOUR, T0 + 2.4 * HOUR, false],
    ["under 10% left (2 h of 24 h)", T0 - 22 * HOUR, T0 + 2 * HOUR, true],
    ["under 10% of a 1 h lifetime (5 min left)", T0 - 55 * 60, T0 + 5 * 60, true],
    ["expired", T0 - 25 * HOUR, T0 - HOUR, false],
  ])("is due when %s: %s", (_name, iat, exp, due) => {
    expect(refreshDue(jwt(iat, exp, 1), T0 * 1000)).toBe(due);
  });

  it("sends a fresh token as is, without refreshing", async () => {
    const token = jwt(T0 - HOUR, T0 + 23 * HOUR, 1);
    const f = await setup(token, { now: T0 * 1000 });
    await (await f.sdk()).admin.productTag.list({ limit: 1 });
    expect(bearers()).toEqual(["GET /admin/product-tags sig1"]);
  });

  it("refreshes before the request when under 10% is left, and saves the new token in the profile", async () => {
    const token = jwt(T0 - 22 * HOUR, T0 + 2 * HOUR, 1);
    const f = await setup(token, { now: T0 * 1000 });
    await (await f.sdk()).admin.productTag.list({ limit: 1 });
    expect(issued).toBe(1);
    expect(bearers()).toEqual(["POST /auth/token/refresh sig1", "GET /admin/product-tags sig101"]);
    const saved = JSON.parse(await readFile(path.join(dir, "tokens.json"), "utf8"));
    expect(JSON.stringify(saved)).toContain("sig101");
    expect(JSON.stringify(saved)).not.toContain(token);
  });

  it("keeps a long job going: refreshes once the clock passes 90% of the lifetime, mid-run", async () => {
    const clock = { now: T0 * 1000 };
    const f = await setup(jwt(T0, T0 + 24 * HOUR, 1), clock);
    const sdk = await f.sdk();
    await sdk.admin.productTag.list({ limit: 1 });
    expect(issued).toBe(0);
    // 22 hours into the job: the token has 2 h of 24 left.
    clock.now = (T0 + 22 * HOUR) * 1000;
    serverNow = T0 + 22 * HOUR;
    await sdk.admin.productTag.list({ limit: 1 });
    await sdk.admin.productTag.list({ limit: 1 });
    expect(issued).toBe(1);
    expect(bearers().slice(1)).toEqual(["POST /auth/token/refresh sig1", "GET /admin/product-tags sig101", "GET /admin/product-tags sig101"]);
  });

  it("shares one refresh between concurrent requests", async () => {
    const f = await setup(jwt(T0 - 22 * HOUR, T0 + 2 * HOUR, 1), { now: T0 * 1000 });
    const sdk = await f.sdk();
    await Promise.all([1, 2, 3, 4].map(() => sdk.admin.productTag.list({ limit: 1 })));
    expect(issued).toBe(1);
    expect(bearers().filter((b) => b.startsWith("GET")).every((b) => b.endsWith("sig101"))).toBe(true);
  });

  it("asks for a new login (exit 4) when the stored token has expired, sending nothing", async () => {
    const f = await setup(jwt(T0 - 25 * HOUR, T0 - HOUR, 1), { now: T0 * 1000 });
    await expect(f.sdk()).rejects.toMatchObject({ exitCode: 4, message: 'the login of profile "shop" has expired', hint: "run `medusactl login --profile shop`" });
    expect(server.seen).toHaveLength(0);
  });

  it("refreshes an environment token (MEDUSA_TOKEN) in memory only", async () => {
    const token = jwt(T0 - 22 * HOUR, T0 + 2 * HOUR, 1);
    valid.add(token);
    const { io } = testIO({ env: { MEDUSACTL_CONFIG_DIR: dir, MEDUSA_URL: server.url, MEDUSA_TOKEN: token } });
    const f = createFactory(io, {}, new AbortController().signal, { now: () => T0 * 1000 });
    await (await f.sdk()).admin.productTag.list({ limit: 1 });
    expect(issued).toBe(1);
    await expect(readFile(path.join(dir, "tokens.json"), "utf8")).rejects.toThrow();
  });
});
