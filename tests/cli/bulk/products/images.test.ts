/**
 * `--images copy` against hostile sheets, picture servers and planted files: each test runs the
 * attack itself (a local node:http server plays the picture host; Medusa's upload is a fake that
 * records what it was given).
 */
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyImages, readLocalPicture, type CopyOptions } from "../../../../src/cli/bulk/products/images.js";

// A 1×1 PNG.
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const png2 = Buffer.concat([png, Buffer.from("other")]);
const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

function fakeSdk() {
  const uploads: { name: string; type: string; bytes: Buffer }[] = [];
  const sdk = {
    admin: {
      upload: {
        create: async (body: { files: File[] }) => {
          const f = body.files[0]!;
          uploads.push({ name: f.name, type: f.type, bytes: Buffer.from(await f.arrayBuffer()) });
          return { files: [{ url: `http://medusa/static/${uploads.length}-${f.name}` }] };
        },
      },
    },
  };
  return { sdk: sdk as never, uploads };
}

const tmp = (p: string) => mkdtempSync(path.join(tmpdir(), p));

let server: Server;
let base = "";
let port = 0;
const hits = new Map<string, number>();
/** What /changing.png serves now. */
let changing = png;
const routes: Record<string, (res: ServerResponse) => void> = {
  "/ok.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(png),
  "/same-bytes.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(png),
  "/changing.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(changing),
  "/t.html": (res) => res.writeHead(200, { "content-type": "image/png" }).end("<!doctype html><script>alert(document.cookie)</script>"),
  "/real.html": (res) => res.writeHead(200, { "content-type": "text/html" }).end(gif),
  "/x.svg": (res) => res.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  "/notes.jpg": (res) => res.writeHead(200, { "content-type": "image/jpeg" }).end("just text"),
  "/big.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(Buffer.concat([png, Buffer.alloc(4096)])),
  "/a%E0%A4%A.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(png2),
  "/drip.png": (res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.write(png.subarray(0, 8));
    const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(Buffer.from([0]))), 50);
    res.on("close", () => clearInterval(t));
  },
  "/gone.png": (res) => res.writeHead(404).end(),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const redirect = /^\/to\/(.+)$/.exec(req.url!);
    if (redirect) return res.writeHead(302, { location: decodeURIComponent(redirect[1]!) }).end();
    (routes[req.url!] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opts = (o: Partial<CopyOptions> = {}): CopyOptions => ({ dir: tmp("img-jobs-"), store: "http://store", baseDir: tmp("img-sheet-"), dryRun: false, allowPrivate: true, ...o });
const reasons = (r: { failed: { source: string; reason: string }[] }) => Object.fromEntries(r.failed.map((x) => [x.source.replace(base, ""), x.reason]));

describe("pictures are pictures: the type comes from the bytes", () => {
  it("refuses HTML served as image/png, SVG and text, and names a stored file by what its bytes are", async () => {
    const { sdk, uploads } = fakeSdk();
    const r = await copyImages(sdk, [`${base}/t.html`, `${base}/x.svg`, `${base}/notes.jpg`, `${base}/real.html`], opts());
    expect(reasons(r)).toEqual({
      "/t.html": "not a picture: its bytes are HTML, not PNG, JPEG, GIF, WebP or AVIF",
      "/x.svg": "not a picture: its bytes are SVG, not PNG, JPEG, GIF, WebP or AVIF",
      "/notes.jpg": "not a picture: its bytes are text, not PNG, JPEG, GIF, WebP or AVIF",
    });
    // A GIF behind an .html URL and a text/html header is a GIF, stored as one: never as .html.
    expect(uploads.map((u) => [u.name, u.type])).toEqual([["real.gif", "image/gif"]]);
  });

  it("refuses a local file whose bytes are not a picture, whatever its name", async () => {
    const sheet = tmp("img-sheet-");
    writeFileSync(path.join(sheet, "page.png"), "<html><script>x</script></html>");
    writeFileSync(path.join(sheet, "ok.png"), png);
    const { sdk, uploads } = fakeSdk();
    const r = await copyImages(sdk, ["page.png", "ok.png", "logo.svg"], opts({ baseDir: sheet }));
    expect(reasons(r)).toEqual({ "page.png": expect.stringMatching(/its bytes are HTML/), "logo.svg": expect.stringMatching(/not a picture file name/) });
    expect(uploads.map((u) => [u.name, u.type])).toEqual([["ok.png", "image/png"]]);
  });
});

describe("no private network on a sheet's behalf", () => {
  it("refuses loopback pictures by default, by literal address and by a name that resolves there", async () => {
    const { sdk, uploads } = fakeSdk();
    const before = hits.get("/ok.png") ?? 0;
    const r = await copyImages(sdk, [`${base}/ok.png`, `http://localhost:${port}/ok.png`, "http://169.254.169.254/latest/meta-data/x.png", "http://[::ffff:127.0.0.1]:1/x.png"], opts({ allowPrivate: false }));
    expect(uploads).toEqual([]);
    expect(r.failed).toHaveLength(4);
    const why = reasons(r);
    expect(why["/ok.png"]).toMatch(/127\.0\.0\.1 is a loopback address: .*--images-allow-private/);
    expect(why[`http://localhost:${port}/ok.png`]).toMatch(/localhost is at (127\.0\.0\.1|::1), a loopback address/);
    expect(why["http://169.254.169.254/latest/meta-data/x.png"]).toMatch(/link-local address \(where cloud metadata services answer\)/);
    expect(why["http://[::ffff:127.0.0.1]:1/x.png"]).toMatch(/loopback/);
    // The name was refused on the address it reached, before a request was written.
    expect(hits.get("/ok.png") ?? 0).toBe(before);
  });

  it("checks the connection of every redirect, and follows none to another scheme", async () => {
    const { sdk, uploads } = fakeSdk();
    let connections = 0;
    // The first connection stands for a public server; every later one for a private address.
    const rule = (ip: string) => (connections++ === 0 ? undefined : `${ip === "::1" ? "::1" : "127.0.0.1"} as a private address (test)`);
    const other = createServer((_q, res) => res.writeHead(200, { "content-type": "image/png" }).end(png));
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    let otherHits = 0;
    other.on("request", () => otherHits++);
    try {
      // By name, so the hop is judged when connected, not by a literal address in the URL.
      const target = `http://localhost:${(other.address() as AddressInfo).port}/secret.png`;
      const r = await copyImages(sdk, [`http://localhost:${port}/to/${encodeURIComponent(target)}`], opts({ rule }));
      expect(Object.values(reasons(r))).toEqual([expect.stringMatching(/^localhost is at .*a private address \(test\)/)]);
      expect(connections).toBe(2);
      expect(otherHits).toBe(0);
      const scheme = await copyImages(sdk, [`${base}/to/${encodeURIComponent("file:///etc/passwd")}`], opts());
      expect(Object.values(reasons(scheme))).toEqual(["it leads to a file: URL; only http and https are fetched"]);
      expect(uploads).toEqual([]);
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });
});

describe("every picture ends, and one bad picture fails only itself", () => {
  it("the per-picture timer fires on a server that drips a byte at a time, even after garbage collection", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const gcs = setInterval(gc, 20);
    const { sdk, uploads } = fakeSdk();
    const started = Date.now();
    try {
      const r = await copyImages(sdk, [`${base}/drip.png`], opts({ timeoutMs: 500 }));
      expect(reasons(r)).toEqual({ "/drip.png": "no whole answer within 0.5 s" });
    } finally {
      clearInterval(gcs);
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(uploads).toEqual([]);
  });

  it("Ctrl-C ends a run waiting on a dripping server", async () => {
    const { sdk } = fakeSdk();
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("received SIGINT")), 200);
    const started = Date.now();
    await expect(copyImages(sdk, [`${base}/drip.png`], opts({ signal: ac.signal }))).rejects.toThrow(/SIGINT/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a malformed URL or percent-escape fails its own picture, not the run", async () => {
    const { sdk, uploads } = fakeSdk();
    const r = await copyImages(sdk, [`${base}/a%E0%A4%A.png`, "http://[zz/x.png", `${base}/gone.png`, `${base}/big.png`, `${base}/ok.png`], opts({ maxBytes: 1024 }));
    expect(reasons(r)).toEqual({ "http://[zz/x.png": "not a valid URL", "/gone.png": "the server answered 404", "/big.png": "larger than 0.0009765625 MB" });
    expect(uploads.map((u) => u.name).sort()).toEqual(["a-E0-A4-A.png", "ok.png"]);
  });
});

describe("the picture memory is keyed by content, per store, and follows no link", () => {
  it("uploads the same bytes once under any name, a changed picture again, and each store for itself", async () => {
    const { sdk, uploads } = fakeSdk();
    const dir = tmp("img-jobs-");
    const o = opts({ dir });
    const sheet = o.baseDir;
    mkdirSync(path.join(sheet, "cata", "img"), { recursive: true });
    mkdirSync(path.join(sheet, "catb", "img"), { recursive: true });
    writeFileSync(path.join(sheet, "cata", "img", "1.png"), png);
    writeFileSync(path.join(sheet, "catb", "img", "1.png"), png2);
    changing = png;
    const r = await copyImages(sdk, [`${base}/ok.png`, `${base}/same-bytes.png`, `${base}/changing.png`, "cata/img/1.png", "catb/img/1.png"], o);
    expect(r).toMatchObject({ uploaded: 2, remembered: 3, failed: [] });
    expect(uploads.map((u) => u.bytes.equals(png) || u.bytes.equals(png2))).toEqual([true, true]);
    // Two sheets' 1.png are two pictures.
    expect(r.urls.get("cata/img/1.png")).not.toBe(r.urls.get("catb/img/1.png"));
    const memory = readdirSync(dir).find((n) => n.startsWith("images-"))!;
    expect(statSync(path.join(dir, memory)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, memory), "utf8").trim().split("\n").map((l) => Object.keys(JSON.parse(l)))).toEqual([["sha256", "url"], ["sha256", "url"]]);

    // The picture behind the same URL changed: uploaded again. The rest is remembered.
    changing = gif;
    const again = await copyImages(sdk, [`${base}/ok.png`, `${base}/changing.png`], o);
    expect(again).toMatchObject({ uploaded: 1, remembered: 1 });
    expect(uploads.at(-1)).toMatchObject({ name: "changing.gif", type: "image/gif" });
    const other = await copyImages(sdk, [`${base}/ok.png`], { ...o, store: "http://other" });
    expect(other.uploaded).toBe(1);
  });

  it("refuses a memory file that is a planted link, and writes nothing through it", async () => {
    const dir = tmp("img-jobs-");
    const { sdk } = fakeSdk();
    await copyImages(sdk, [`${base}/ok.png`], opts({ dir }));
    const memory = readdirSync(dir).find((n) => n.startsWith("images-"))!;
    const victim = path.join(tmp("img-victim-"), "authorized_keys");
    writeFileSync(victim, "ssh-ed25519 AAAA… me\n");
    renameSync(path.join(dir, memory), path.join(dir, "old"));
    symlinkSync(victim, path.join(dir, memory));
    await expect(copyImages(sdk, [`${base}/changing.png`], opts({ dir }))).rejects.toMatchObject({ code: "ELOOP" });
    expect(readFileSync(victim, "utf8")).toBe("ssh-ed25519 AAAA… me\n");
  });
});

describe("local pictures come only from the sheet's folder, read safely", () => {
  it("never takes a picture from outside the sheet's folder: ../, an absolute path, a link or a folder link leading out", async () => {
    const outside = tmp("img-secret-");
    writeFileSync(path.join(outside, "secret.png"), png2);
    const sheetDir = tmp("img-sheet-");
    writeFileSync(path.join(sheetDir, "ok.png"), png);
    mkdirSync(path.join(sheetDir, "pics"));
    symlinkSync(path.join(outside, "secret.png"), path.join(sheetDir, "pics", "link.png"));
    symlinkSync(outside, path.join(sheetDir, "out"));
    const { sdk, uploads } = fakeSdk();
    const rel = path.relative(sheetDir, path.join(outside, "secret.png"));
    const r = await copyImages(sdk, ["ok.png", rel, path.join(outside, "secret.png"), "pics/link.png", "out/secret.png"], opts({ baseDir: sheetDir }));
    expect(uploads.map((u) => u.name)).toEqual(["ok.png"]);
    expect(r.failed.map((f) => f.source).sort()).toEqual([rel, path.join(outside, "secret.png"), "pics/link.png", "out/secret.png"].sort());
    for (const f of r.failed) expect(f.reason).toMatch(/in the CSV file's folder/);
  });

  it("refuses a FIFO, a device and a sparse giant at once, without reading them", async () => {
    const sheet = tmp("img-sheet-");
    execFileSync("mkfifo", [path.join(sheet, "hang.png")]);
    writeFileSync(path.join(sheet, "giant.png"), "");
    truncateSync(path.join(sheet, "giant.png"), 900 * 1024 * 1024);
    symlinkSync("/dev/zero", path.join(sheet, "zero.png"));
    mkdirSync(path.join(sheet, "dir.png"));
    const started = Date.now();
    const { sdk, uploads } = fakeSdk();
    const r = await copyImages(sdk, ["hang.png", "giant.png", "zero.png", "dir.png"], opts({ baseDir: sheet }));
    expect(reasons(r)).toEqual({
      "hang.png": "hang.png is a pipe (FIFO), not a regular file",
      "giant.png": "larger than 20 MB",
      "zero.png": expect.stringMatching(/symbolic link, which is not followed/),
      "dir.png": "dir.png is a folder, not a regular file",
    });
    expect(uploads).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a path swapped between a regular file and a link to a secret never yields the secret", async () => {
    const sheet = tmp("img-sheet-");
    const secret = Buffer.concat([png, Buffer.from("SECRET")]);
    const outside = tmp("img-secret-");
    writeFileSync(path.join(outside, "secret.png"), secret);
    writeFileSync(path.join(sheet, "real"), png);
    symlinkSync(path.join(outside, "secret.png"), path.join(sheet, "link"));
    // A racer in another process swaps photo.png between the two, as fast as it can, for 3 s.
    const racer = spawn(process.execPath, [
      "-e",
      `const fs=require("fs"),p=require("path");const d=${JSON.stringify(sheet)};const end=Date.now()+3000;
       while(Date.now()<end){try{fs.copyFileSync(p.join(d,"real"),p.join(d,"tmp1"));fs.renameSync(p.join(d,"tmp1"),p.join(d,"photo.png"))}catch{}
       try{fs.symlinkSync(p.join(${JSON.stringify(outside)},"secret.png"),p.join(d,"tmp2"));fs.renameSync(p.join(d,"tmp2"),p.join(d,"photo.png"))}catch{}}`,
    ]);
    const exited = new Promise((r) => racer.on("exit", r));
    let got = 0;
    let running = true;
    void exited.then(() => (running = false));
    try {
      // Reads for as long as the racer swaps (its start-up may take a while on a busy machine).
      for (let i = 0; running || i < 50; i++) {
        const r = await readLocalPicture(sheet, "photo.png", 1024 * 1024);
        if ("bytes" in r) {
          got++;
          expect(Buffer.from(r.bytes).includes("SECRET")).toBe(false);
        }
      }
    } finally {
      await exited;
    }
    expect(got).toBeGreaterThan(0);
  });
});

describe("a dry run", () => {
  it("counts without fetching or reading", async () => {
    const { sdk, uploads } = fakeSdk();
    const before = hits.get("/ok.png") ?? 0;
    const dry = await copyImages(sdk, [`${base}/ok.png`, "photo.png"], opts({ dryRun: true }));
    expect(dry.uploaded).toBe(2);
    expect(hits.get("/ok.png") ?? 0).toBe(before);
    expect(uploads).toEqual([]);
  });
});
