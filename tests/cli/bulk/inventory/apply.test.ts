/** `inventory apply` over a fake back-end: a failing batch (exit 3) and `--resume` afterwards. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFactory } from "../../../../src/cli/cmdutil/factory.js";
import { PartialFailureError } from "../../../../src/term/errors.js";
import { inventoryApplyRun } from "../../../../src/cli/bulk/inventory/apply.js";
import type { InventoryApplyOptions } from "../../../../src/cli/bulk/inventory/apply.js";
import { testIO } from "../../../helpers/test-io.js";
import { errorReply, stubRegistry } from "../../../helpers/medusa-stub/registry.js";

type Rec = Record<string, unknown>;

function setup(rows: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-stock-"));
  const file = path.join(dir, "stock.csv");
  writeFileSync(file, ["sku,location_name,stocked_quantity", ...Array.from({ length: rows }, (_, i) => `SKU-${i},Main,${i}`)].join("\n"));
  const items = Array.from({ length: rows }, (_, i) => ({ id: `iitem_${i}`, sku: `SKU-${i}`, location_levels: [] as Rec[] }));
  const sent: number[] = [];
  let fail = false;
  const reg = stubRegistry();
  reg
    .stub("GET /admin/stock-locations", ({ query: q }) => {
      const found = ((q.name as string[]) ?? []).includes("Main") ? [{ id: "sloc_main", name: "Main" }] : [];
      return { stock_locations: found, count: found.length };
    })
    .persist();
  reg
    .stub("GET /admin/inventory-items", ({ query: q }) => {
      const wanted = new Set(q.sku as string[]);
      const got = items.filter((i) => wanted.has(i.sku));
      return { inventory_items: got, count: got.length };
    })
    .persist();
  reg
    .stub("POST /admin/inventory-items/location-levels/batch", ({ body }: { body: { create: Rec[]; update: Rec[] } }) => {
      const all = [...body.create, ...body.update];
      if (fail && all.some((l) => l.inventory_item_id === "iitem_1500")) throw errorReply(500, "unknown_error", "boom");
      sent.push(all.length);
      for (const l of body.create) items.find((i) => i.id === l.inventory_item_id)!.location_levels.push({ location_id: l.location_id, stocked_quantity: l.stocked_quantity });
      for (const l of body.update) Object.assign(items.find((i) => i.id === l.inventory_item_id)!.location_levels[0]!, { stocked_quantity: l.stocked_quantity });
      return { created: body.create, updated: body.update, deleted: [] };
    })
    .persist();
  const run = async (o: Partial<InventoryApplyOptions>) => {
    const t = testIO();
    const f = createFactory(t.io, {}, new AbortController().signal, {
      dataDir: () => dir,
      target: async () => ({ url: "http://fake", profileName: "test", source: "profile", production: false }),
      sdk: async () => reg.sdk({ baseUrl: "http://fake" }),
    });
    try {
      await inventoryApplyRun(f, file, { concurrency: 1, quiet: true, ...o } as InventoryApplyOptions);
      return { error: undefined, out: t.out() };
    } catch (error) {
      return { error, out: t.out() };
    }
  };
  return { dir, run, sent, items, failNext: (v: boolean) => (fail = v) };
}

describe("inventory apply with a failing chunk", () => {
  it("exits 3, then --resume sends only the failed levels and the report keeps the earlier actions", async () => {
    const { dir, run, sent, failNext } = setup(1600);
    failNext(true);
    const first = await run({ report: path.join(dir, "r1.csv") });
    expect(first.error).toBeInstanceOf(PartialFailureError);
    expect(sent).toEqual([1000]);
    const csv = readFileSync(path.join(dir, "r1.csv"), "utf8").trim().split("\r\n");
    expect(csv[0]).toBe("row,line,action,key,inventory_item_id,location_id,changes,error_status,error_type,error_code,error_message");
    expect(csv.filter((l) => l.split(",")[2] === "failed")).toHaveLength(600);

    failNext(false);
    const second = await run({ resume: true, report: path.join(dir, "r2.json") });
    expect(second.error).toBeUndefined();
    expect(sent).toEqual([1000, 600]);
    expect(JSON.parse(readFileSync(path.join(dir, "r2.json"), "utf8")).summary).toMatchObject({ rows: 1600, create: 1600, unchanged: 0, failed: 0 });
    const third = await run({});
    expect(third.out).toBe("No changes: 1600 stock levels unchanged.\n");
  });
});
