import { describe, expect, it, vi } from "vitest";

// Each start waits until the test lets it answer, and says when it began.
const boot = vi.hoisted(() => ({ began: [] as string[], answer: new Map<string, () => void>() }));
vi.mock("../../../src/cli/sandbox/medusa-process.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../src/cli/sandbox/medusa-process.js")>()),
  runningPid: async () => undefined,
  startMedusa: (_r: unknown, _s: unknown, _db: unknown, _port: number, role: string) => {
    boot.began.push(role);
    return new Promise<number>((resolve) => boot.answer.set(role, () => resolve(role === "server" ? 101 : 102)));
  },
}));

import { startMedusaAll } from "../../../src/cli/sandbox/services.js";
import type { ResolvedOptions } from "../../../src/cli/sandbox/paths.js";
import type { SandboxState } from "../../../src/cli/sandbox/state.js";
import type { DbTarget } from "../../../src/cli/sandbox/postgres.js";

const r = { paths: {} } as unknown as ResolvedOptions;
const state = {} as SandboxState;
const db = {} as DbTarget;
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the production topology's Medusa processes", () => {
  it("boot the server alone on a database just migrated, and the worker once the server answers", async () => {
    boot.began.length = 0;
    const all = startMedusaAll(r, state, db, "production", 9300, undefined, { serverFirst: true });
    await tick();
    expect(boot.began).toEqual(["server"]);
    boot.answer.get("server")!();
    await tick();
    expect(boot.began).toEqual(["server", "worker"]);
    boot.answer.get("worker")!();
    await expect(all).resolves.toEqual({ pid: 101, started: true });
  });

  it("boot side by side when the database was migrated before", async () => {
    boot.began.length = 0;
    const all = startMedusaAll(r, state, db, "production", 9300);
    await tick();
    expect([...boot.began].sort()).toEqual(["server", "worker"]);
    boot.answer.get("worker")!();
    boot.answer.get("server")!();
    await expect(all).resolves.toEqual({ pid: 101, started: true });
  });
});
