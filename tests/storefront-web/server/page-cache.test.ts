import { describe, expect, it } from "vitest";
import { pageCache } from "../../../src/storefront-web/server/page-cache.js";

const page = (body: string, keep = true) => ({ body, keep, bytes: body.length });

describe("the page cache", () => {
  it("shares one render among concurrent requests and keeps it for its time", async () => {
    let now = 0;
    const c = pageCache<ReturnType<typeof page>>({ ttlMs: 1_000, now: () => now });
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      renders += 1;
      await gate;
      return page(`render ${renders}`);
    };
    const waiting = Array.from({ length: 5 }, () => c.get("/de", render));
    release();
    expect((await Promise.all(waiting)).map((p) => p.body)).toEqual(Array(5).fill("render 1"));
    now = 999;
    expect((await c.get("/de", render)).body).toBe("render 1");
    now = 1_000;
    expect((await c.get("/de", render)).body).toBe("render 2");
    expect(c.stats()).toMatchObject({ renders: 2, shared: 4, hits: 1, entries: 1 });
  });

  it("keeps neither a failed render nor one marked for its request alone", async () => {
    const c = pageCache<ReturnType<typeof page>>({ ttlMs: 1_000 });
    await expect(c.get("/a", async () => Promise.reject(new Error("back-end down")))).rejects.toThrow("back-end down");
    expect((await c.get("/a", async () => page("ok"))).body).toBe("ok");
    await c.get("/b", async () => page("private", false));
    expect(c.stats().entries).toBe(1);
    expect((await c.get("/b", async () => page("private again", false))).body).toBe("private again");
  });

  it("stays within its entries and bytes, dropping the least recently used", async () => {
    const c = pageCache<ReturnType<typeof page>>({ ttlMs: 60_000, maxEntries: 3, maxBytes: 1_000 });
    for (const k of ["a", "b", "c"]) await c.get(k, async () => page(k.repeat(50)));
    await c.get("a", async () => page("never"));
    await c.get("d", async () => page("d".repeat(50)));
    expect(c.stats()).toMatchObject({ entries: 3, bytes: 150 });
    // "b" was the least recently used: rendered again; "a" was kept.
    expect((await c.get("b", async () => page("b again"))).body).toBe("b again");
    expect((await c.get("a", async () => page("never"))).body).toBe("a".repeat(50));
    // Larger than a tenth of the bytes: passed on, not kept.
    await c.get("big", async () => page("x".repeat(101)));
    expect((await c.get("big", async () => page("small"))).body).toBe("small");
    expect(c.stats().bytes).toBeLessThanOrEqual(1_000);
  });
});
