/**
 * A new customer's account (src/cli/bulk/customers/import.ts createAccount) when a killed run's
 * register is still landing: the kept password opens it once it has, nothing is made twice.
 */
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/sdk/errors.js";
import { createAccount, type Ctx } from "../../../../src/cli/bulk/customers/import.js";

const customer = { row: 2, line: 2, email: "Ann@Example.com", first_name: "Ann", groups: [], metadata: { note: "n" }, addresses: [] };
const refused = (message: string) => new ApiError({ status: 401, statusText: "Unauthorized", message, type: "unauthorized" });

function server(o: { identity?: string; landing?: string }) {
  const log: string[] = [];
  let identity = o.identity;
  let landing = o.landing;
  const created: { body: Record<string, unknown>; auth: string }[] = [];
  const store = {
    client: {
      fetch: async (path: string, init: { body: { email: string; password: string } }) => {
        const pw = init.body.password;
        log.push(`${path.endsWith("/register") ? "register" : "login"} ${pw}`);
        if (path.endsWith("/register")) {
          // The killed run's register finishes about now.
          if (landing) [identity, landing] = [landing, undefined];
          if (identity) throw refused("Identity with email already exists");
          identity = pw;
          return { token: `reg-${pw}` };
        }
        if (identity === pw) return { token: `login-${pw}` };
        throw refused("Invalid email or password");
      },
    },
    store: { customer: { create: async (body: Record<string, unknown>, _q: unknown, headers: { authorization: string }) => void created.push({ body, auth: headers.authorization }) } },
  };
  return { log, created, store };
}

function ctx(store: unknown, pending: Record<string, string[]>): Ctx & { remembered: string[] } {
  const remembered: string[] = [];
  const map = new Map(Object.entries(pending));
  return {
    sdk: undefined as never,
    store: async () => store as never,
    groupIds: new Map(),
    pending: map,
    signal: new AbortController().signal,
    remember: async (email: string, pw: string) => {
      remembered.push(pw);
      map.set(email, [...(map.get(email) ?? []), pw]);
    },
    remembered,
  };
}

describe("a new customer's account", () => {
  it("registers with a random password it keeps first, then makes the customer with that login", async () => {
    const s = server({});
    const c = ctx(s.store, {});
    await createAccount(customer, c);
    expect(c.remembered).toHaveLength(1);
    expect(c.remembered[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.log).toEqual([`register ${c.remembered[0]}`]);
    expect(s.created).toEqual([{ body: { email: "Ann@Example.com", first_name: "Ann", metadata: { note: "n" } }, auth: `Bearer reg-${c.remembered[0]}` }]);
  });

  it("resumed: the login a killed run made is opened with the password the checkpoint kept, even while it is still landing", async () => {
    const s = server({ landing: "P1" });
    const c = ctx(s.store, { "ann@example.com": ["P1"] });
    await createAccount(customer, c);
    expect(s.created.map((x) => x.auth)).toEqual(["Bearer login-P1"]);
    expect(s.log[0]).toBe("login P1");
    expect(s.log.at(-1)).toBe("login P1");
  });

  it("a login that exists with no password of ours is not guessed at: the row fails naming it", async () => {
    const s = server({ identity: "theirs" });
    // Every login try waits its backoff first (about 15 s in all): fake time, the same waits in order.
    vi.useFakeTimers();
    try {
      const failed = expect(createAccount(customer, ctx(s.store, {}))).rejects.toThrow(/a login for Ann@Example\.com exists but no customer is linked to it/);
      await vi.runAllTimersAsync();
      await failed;
    } finally {
      vi.useRealTimers();
    }
    expect(s.created).toEqual([]);
  });
});
