import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyImages } from "../../../../src/cli/bulk/products/images.js";

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function fakeSdk() {
  const uploads: { name: string; type: string; size: number }[] = [];
  const sdk = {
    admin: {
      upload: {
        create: async (body: { files: File[] }) => {
          const f = body.files[0]!;
          uploads.push({ name: f.name, type: f.type, size: f.size });
          return { files: [{ url: `http://medusa/static/${uploads.length}-${f.name}` }] };
        },
      },
    },
  };
  return { sdk: sdk as never, uploads };
}

const fakeFetch = (async (url: string) => {
  if (url.endsWith("/ok.jpg")) return new Response(png, { headers: { "content-type": "image/jpeg" } });
  if (url.endsWith("/big.jpg")) return new Response(new Uint8Array(64), { headers: { "content-type": "image/jpeg" } });
  if (url.endsWith("/html.jpg")) return new Response("<html>", { headers: { "content-type": "text/html" } });
  if (url.endsWith("/down.jpg")) throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
  return new Response("no", { status: 404 });
}) as typeof fetch;

describe("copyImages", () => {
  it("uploads pictures once, remembers them per store, and says why the others stay linked", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "img-"));
    const { sdk, uploads } = fakeSdk();
    const o = { dir, store: "http://store", dryRun: false, fetch: fakeFetch, maxBytes: 32 };
    const sources = ["https://cdn/ok.jpg", "https://cdn/ok.jpg", "https://cdn/big.jpg", "https://cdn/html.jpg", "https://cdn/gone.jpg", "https://cdn/down.jpg"];
    const r = await copyImages(sdk, sources, o);
    expect(uploads).toEqual([{ name: "ok.jpg", type: "image/jpeg", size: 4 }]);
    expect(r.urls.get("https://cdn/ok.jpg")).toBe("http://medusa/static/1-ok.jpg");
    expect(Object.fromEntries(r.failed.map((x) => [x.source.split("/").pop(), x.reason]))).toEqual({
      "big.jpg": "larger than 0.000030517578125 MB",
      "html.jpg": "not an image (text/html)",
      "gone.jpg": "the server answered 404",
      "down.jpg": "cannot fetch: ECONNREFUSED",
    });
    const memory = readFileSync(path.join(dir, (await import("node:fs")).readdirSync(dir)[0]!), "utf8");
    expect(memory.trim().split("\n")).toHaveLength(1);
    const again = await copyImages(sdk, sources, o);
    expect(uploads).toHaveLength(1);
    expect(again).toMatchObject({ uploaded: 0, remembered: 1 });
    // Another store copies for itself.
    const other = await copyImages(sdk, ["https://cdn/ok.jpg"], { ...o, store: "http://other" });
    expect(other.uploaded).toBe(1);
  });

  it("a dry run counts without fetching; a relative path is read from the CSV's folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "img-"));
    const { sdk, uploads } = fakeSdk();
    const dry = await copyImages(sdk, ["https://cdn/ok.jpg"], { dir, store: "s", dryRun: true, fetch: (() => { throw new Error("no fetch in a dry run"); }) as never });
    expect(dry.uploaded).toBe(1);
    writeFileSync(path.join(dir, "photo.png"), png);
    const r = await copyImages(sdk, ["photo.png", "notes.txt"], { dir, store: "s", dryRun: false, baseDir: dir });
    expect(uploads).toEqual([{ name: "photo.png", type: "image/png", size: 4 }]);
    expect(r.failed).toEqual([{ source: "notes.txt", reason: expect.stringMatching(/not an image file name/) }]);
    const mem = (await import("node:fs")).readdirSync(dir).find((x) => x.startsWith("images-"))!;
    expect(statSync(path.join(dir, mem)).mode & 0o777).toBe(0o600);
  });

  it("never takes a picture from outside the CSV file's folder: ../, an absolute path or a link leading out", async () => {
    const outside = mkdtempSync(path.join(tmpdir(), "img-secret-"));
    writeFileSync(path.join(outside, "secret.png"), png);
    const sheetDir = mkdtempSync(path.join(tmpdir(), "img-sheet-"));
    writeFileSync(path.join(sheetDir, "ok.png"), png);
    const { symlinkSync, mkdirSync } = await import("node:fs");
    mkdirSync(path.join(sheetDir, "pics"));
    symlinkSync(path.join(outside, "secret.png"), path.join(sheetDir, "pics", "link.png"));
    const { sdk, uploads } = fakeSdk();
    const rel = path.relative(sheetDir, path.join(outside, "secret.png"));
    const r = await copyImages(sdk, ["ok.png", rel, path.join(outside, "secret.png"), "pics/link.png"], { dir: mkdtempSync(path.join(tmpdir(), "img-jobs-")), store: "http://store", dryRun: false, baseDir: sheetDir });
    expect(uploads.map((u) => u.name)).toEqual(["ok.png"]);
    expect(r.failed.map((f) => f.source).sort()).toEqual([rel, path.join(outside, "secret.png"), "pics/link.png"].sort());
    for (const f of r.failed) expect(f.reason).toMatch(/in the CSV file's folder/);
  });
});
