/**
 * The pick list's state file (`<data root>/pick-list.json`) degrades, never crashes: a corrupt one
 * is named and set aside, and `--since last` reads only a timestamp the command itself wrote.
 */
import { mkdtemp, readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../../helpers/cli.js";
import { json, startServer } from "../../../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** An order that still needs fulfilling, as Medusa lists it (with its lines). */
const TO_FULFIL = {
  id: "order_1",
  display_id: 1,
  status: "pending",
  created_at: "2026-02-01T00:00:00.000Z",
  updated_at: "2026-02-01T00:00:00.000Z",
  payment_status: "authorized",
  fulfillment_status: "not_fulfilled",
  items: [{ id: "ordli_1", quantity: 1, detail: { fulfilled_quantity: 0, shipped_quantity: 0 } }],
};

async function setup(stateText?: string, orders: Record<string, unknown>[] = []) {
  const s = await startServer((_req, res) => json(res, 200, { orders, count: orders.length, limit: 50, offset: 0 }));
  servers.push(s);
  const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-picks-"));
  const data = path.join(dir, "data");
  await mkdir(data, { recursive: true });
  const state = path.join(data, "pick-list.json");
  if (stateText !== undefined) await writeFile(state, stateText);
  const env = { MEDUSACTL_CONFIG_DIR: path.join(dir, "config"), MEDUSACTL_DATA_DIR: data, MEDUSA_URL: s.url, MEDUSA_API_KEY: "sk_test" };
  const orderQueries = () => s.seen.filter((q) => q.url.startsWith("/admin/orders")).map((q) => decodeURIComponent(q.url));
  return { s, data, state, env, orderQueries };
}

describe("orders pick-list state", () => {
  it("a corrupt pick-list.json is named, set aside, and the pick list goes on", async () => {
    const t = await setup("{ this is not json");
    const r = await runCli(["orders", "pick-list", "-o", "ndjson"], { env: t.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${t.state} could not be used (it is not valid JSON); it was moved to ${t.state}.corrupt-`);
    const aside = (await readdir(t.data)).find((n) => n.startsWith("pick-list.json.corrupt-"))!;
    expect(await readFile(path.join(t.data, aside), "utf8")).toBe("{ this is not json");
    // The next --since last has this run's start to go on from.
    const saved = JSON.parse(await readFile(t.state, "utf8")) as Record<string, string>;
    expect(Object.values(saved)[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("--since last with a stored value it did not write asks for --since, and sends nothing", async () => {
    const t = await setup();
    await writeFile(t.state, JSON.stringify({ [t.s.url]: "garbage" }));
    const r = await runCli(["orders", "pick-list", "--since", "last"], { env: t.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--since last: ${t.state} holds "garbage" for ${t.s.url}, not a time medusactl wrote`);
    expect(r.stderr).toContain("pass --since DATE");
    expect(t.orderQueries()).toEqual([]);
  });

  it("--since last uses the time it wrote, on the orders the index names and when walking every order", async () => {
    for (const index of ["on", "off"]) {
      const t = await setup(undefined, [TO_FULFIL]);
      await writeFile(t.state, JSON.stringify({ [t.s.url]: "2026-01-02T03:04:05.678Z" }));
      const r = await runCli(["orders", "pick-list", "--since", "last", "-o", "ndjson"], { env: { ...t.env, MEDUSACTL_ORDER_INDEX: index } });
      expect(r.code, r.stderr).toBe(0);
      const read = t.orderQueries().filter((q) => q.includes("*items"));
      expect(read.length, index).toBe(1);
      expect(read[0]).toContain("created_at[$gte]=2026-01-02T03:04:05.678Z");
      if (index === "on") expect(read[0]).toContain("id[0]=order_1");
    }
  });
});
