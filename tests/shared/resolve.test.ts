import { describe, expect, it } from "vitest";
import { NameLookupError, byName, resolveName, sameName } from "../../src/shared/resolve.js";

type Row = { id: string; name: string; account?: boolean };

/** A list of `n` rows served page by page, recording the offsets asked for. */
function listOf(rows: Row[]) {
  const asked: number[] = [];
  return {
    asked,
    page: async ({ limit, offset }: { limit: number; offset: number }) => {
      asked.push(offset);
      return rows.slice(offset, offset + limit);
    },
  };
}

const many = (n: number, name = (i: number) => `Shop ${i}`) => Array.from({ length: n }, (_, i) => ({ id: `sc_${i}`, name: name(i) }));

describe("resolveName", () => {
  it("finds a name on any page, not only the first", async () => {
    const rows = many(450);
    const l = listOf(rows);
    const hit = await resolveName({ what: "sales channel", value: "Shop 449", page: l.page, matches: (r) => r.name === "Shop 449", describe: (r) => r.id });
    expect(hit.id).toBe("sc_449");
    // Pages of 200 until a short one.
    expect(l.asked).toEqual([0, 200, 400]);
  });

  it("two matches are an error listing both; none is an error naming what was looked for", async () => {
    const rows = [...many(3), { id: "sc_x", name: "Shop 1" }];
    const two = await resolveName({ what: "sales channel", value: "Shop 1", page: listOf(rows).page, matches: (r) => r.name === "Shop 1", describe: (r) => `${r.name} (${r.id})` }).catch((e) => e);
    expect(two).toBeInstanceOf(NameLookupError);
    expect(two.kind).toBe("ambiguous");
    expect(two.candidates).toEqual(["Shop 1 (sc_1)", "Shop 1 (sc_x)"]);
    expect(two.message).toBe('2 sales channels are named "Shop 1": Shop 1 (sc_1), Shop 1 (sc_x)');
    const none = await resolveName({ what: "region", value: "Atlantis", page: listOf(many(3)).page, matches: () => false, describe: (r) => r.id }).catch((e) => e);
    expect(none.kind).toBe("not-found");
    expect(none.message).toBe('no region named "Atlantis"');
  });

  it("a preference settles several matches (a registered customer over a guest of the same e-mail)", async () => {
    const rows: Row[] = [
      { id: "cus_guest", name: "a@b.c" },
      { id: "cus_account", name: "A@B.C", account: true },
    ];
    const hit = await resolveName({ what: "customer", value: "a@b.c", page: listOf(rows).page, matches: (r) => sameName(r.name, "a@b.c", true), describe: (r) => r.id, prefer: (h) => h.find((r) => r.account) });
    expect(hit.id).toBe("cus_account");
  });

  it("stops on an empty page even when a server would claim more, and reads at most 5,000 rows", async () => {
    const endless = { asked: 0, page: async ({ limit }: { limit: number }) => (endless.asked++, Array.from({ length: limit }, (_, i) => ({ id: `x${i}`, name: "other" }))) };
    await expect(resolveName({ what: "region", value: "Europe", page: endless.page, matches: (r) => r.name === "Europe", describe: (r) => r.id })).rejects.toThrow('no region named "Europe"');
    expect(endless.asked).toBe(25);
  });

  it("compares names exactly, or without regard to letter case when asked", () => {
    expect(sameName("Europe", "europe")).toBe(false);
    expect(sameName("Europe", "europe", true)).toBe(true);
    expect(sameName(undefined, "x", true)).toBe(false);
  });
});

describe("byName (many names at once)", () => {
  const rows = [
    { id: "a", name: "North" },
    { id: "b", name: "South" },
    { id: "c", name: "South" },
    { id: "d", name: "North pole" },
  ];
  const o = { nameOf: (r: { name: string }) => r.name, what: "region", describe: (r: { id: string; name: string }) => `${r.name} (${r.id})` };

  it("matches exactly and ignores names nobody asked for", () => {
    expect([...byName(rows, { ...o, wanted: ["North"] })].map(([k, v]) => [k, v.id])).toEqual([["North", "a"]]);
  });

  it("a wanted name held by several rows is an error listing them, unless prefer picks one", () => {
    expect(() => byName(rows, { ...o, wanted: ["South"] })).toThrow(NameLookupError);
    expect(() => byName(rows, { ...o, wanted: ["South"] })).toThrow('2 regions are named "South": South (b), South (c)');
    expect(byName(rows, { ...o, wanted: ["South"], prefer: (h) => h.find((r) => r.id === "c") }).get("South")!.id).toBe("c");
  });
});
