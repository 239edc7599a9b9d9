// Not a mirror: one attack (planted symlinks) against every file medusactl writes.
/**
 * Hostile file systems: we never follow a link we did not make (docs/SECURITY.md). A symbolic
 * link planted where medusactl writes (an export's part file, a checkpoint journal, tokens.json)
 * must leave its target untouched: same bytes, same mode.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNew, openAtomicStream, openOwn, writeFileAtomic } from "../../src/sdk/atomic-write.js";
import { Checkpoint } from "../../src/cli/bulk/checkpoint.js";
import { FileTokenStore, TokenFileError } from "../../src/sdk/token-store-file.js";
import { runCli } from "../helpers/cli.js";
import { json, startServer } from "../helpers/http-server.js";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "medusactl-links-"));

/** A file someone else cares about: 0644, known bytes. */
function victim(dir: string): { file: string; intact(): void } {
  const file = path.join(dir, "victim.txt");
  writeFileSync(file, "precious\n");
  chmodSync(file, 0o644);
  return {
    file,
    intact() {
      expect(readFileSync(file, "utf8")).toBe("precious\n");
      expect(statSync(file).mode & 0o777).toBe(0o644);
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("the write primitives", () => {
  it("createNew refuses a planted link (EEXIST) and openOwn refuses to follow one (ELOOP)", async () => {
    const dir = tmp();
    const v = victim(dir);
    const link = path.join(dir, "x.part");
    symlinkSync(v.file, link);
    await expect(createNew(link)).rejects.toMatchObject({ code: "EEXIST" });
    for (const how of ["read", "update", "append"] as const) await expect(openOwn(link, how)).rejects.toMatchObject({ code: "ELOOP" });
    v.intact();
  });

  it("writeFileAtomic and openAtomicStream replace a link at the target by a file of their own, never writing through it", async () => {
    const dir = tmp();
    const v = victim(dir);
    const a = path.join(dir, "a.json");
    symlinkSync(v.file, a);
    await writeFileAtomic(a, "{}\n");
    const b = path.join(dir, "b.csv");
    symlinkSync(v.file, b);
    const s = openAtomicStream(b);
    s.stream.write("x,y\n");
    await s.commit();
    v.intact();
    expect(lstatSync(a).isSymbolicLink()).toBe(false);
    expect(readFileSync(b, "utf8")).toBe("x,y\n");
    // The temp files had random names and are gone.
    expect(readdirSync(dir).sort()).toEqual(["a.json", "b.csv", "victim.txt"]);
  });
});

describe("products export --out", () => {
  it("a link planted at exp.csv.medusactl-part is not written through: the victim stays, the export is whole, exit 0", async () => {
    const s = await startServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      if (u.pathname === "/admin/regions") return json(res, 200, { regions: [], count: 0, limit: 1000, offset: 0 });
      const offset = Number(u.searchParams.get("offset") ?? 0);
      const products = offset === 0 ? [{ id: "prod_1", title: "One", handle: "one", status: "published", variants: [], options: [] }] : [];
      json(res, 200, { products, count: 1, limit: 100, offset });
    });
    servers.push(s);
    const dir = tmp();
    const v = victim(dir);
    const out = path.join(dir, "exp.csv");
    symlinkSync(v.file, `${out}.medusactl-part`);
    const env = { MEDUSACTL_CONFIG_DIR: path.join(dir, "c"), MEDUSACTL_DATA_DIR: path.join(dir, "d"), MEDUSA_URL: s.url, MEDUSA_API_KEY: "sk_x" };
    const r = await runCli(["products", "export", "--out", out, "--quiet"], { env });
    expect(r.code, r.stderr).toBe(0);
    v.intact();
    expect(readFileSync(out, "utf8")).toContain("one");
    // Only the planted link remains beside the result: our part file had its own random name and is gone.
    expect(readdirSync(dir).filter((n) => n !== "c" && n !== "d").sort()).toEqual(["exp.csv", "exp.csv.medusactl-part", "victim.txt"]);
  });
});

describe("checkpoints", () => {
  const key = { command: "products import", profile: "p", url: "http://127.0.0.1:1", fileHash: "ab" };

  it("a planted <id>.jsonl link is refused (ELOOP) on a fresh start, and the victim is untouched", async () => {
    const dir = tmp();
    const v = victim(dir);
    const jobs = path.join(dir, "jobs");
    const first = await Checkpoint.open<{ n: number }, unknown>({ dir: jobs, key, file: "f.csv", resume: false, initial: { n: 0 } });
    await first.finish();
    // The id is a hash of the key: plant the link under the name the next open will use.
    const { checkpointId } = await import("../../src/cli/bulk/checkpoint.js");
    const journal = path.join(jobs, `${checkpointId(key)}.jsonl`);
    symlinkSync(v.file, journal);
    const err = await Checkpoint.open({ dir: jobs, key, file: "f.csv", resume: false, initial: { n: 0 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "ELOOP" });
    expect((err as Error).message).toContain("is a symbolic link");
    v.intact();
    expect(lstatSync(journal).isSymbolicLink()).toBe(true);
  });

  it("a journal swapped for a link mid-job is not written through (commit fails with ELOOP)", async () => {
    const dir = tmp();
    const v = victim(dir);
    const jobs = path.join(dir, "jobs");
    const cp = await Checkpoint.open<{ n: number }, { row: number }>({ dir: jobs, key, file: "f.csv", resume: false, initial: { n: 0 } });
    const { checkpointId } = await import("../../src/cli/bulk/checkpoint.js");
    const journal = path.join(jobs, `${checkpointId(key)}.jsonl`);
    unlinkSync(journal);
    symlinkSync(v.file, journal);
    await expect(cp.commit([{ row: 2 }], { n: 1 })).rejects.toMatchObject({ code: "ELOOP" });
    v.intact();
    // --resume refuses it as well.
    await expect(Checkpoint.open({ dir: jobs, key, file: "f.csv", resume: true, initial: { n: 0 } })).rejects.toMatchObject({ code: "ELOOP" });
    v.intact();
  });
});

describe("tokens.json", () => {
  it("a tokens.json that is a link is refused with a clear error: no chmod of its target, no read, no write", async () => {
    const dir = tmp();
    const v = victim(dir);
    const file = path.join(dir, "config", "tokens.json");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.dirname(file), { mode: 0o700 });
    symlinkSync(v.file, file);
    const store = new FileTokenStore(file);
    const read = await store.getItem("a").catch((e: unknown) => e);
    expect(read).toBeInstanceOf(TokenFileError);
    expect((read as Error).message).toBe(`token file ${file} is a symbolic link; medusactl keeps secrets only in a regular file it made and does not follow links`);
    const write = await store.setItem("a", "sk_secret").catch((e: unknown) => e);
    expect(write).toBeInstanceOf(TokenFileError);
    v.intact();
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readdirSync(path.dirname(file))).toEqual(["tokens.json"]);
  });

  it("login says so and exits 4, with the key nowhere in its output", async () => {
    const s = await startServer((_q, res) => json(res, 200, { api_keys: [], count: 0, limit: 1, offset: 0 }));
    servers.push(s);
    const dir = tmp();
    const v = victim(dir);
    const { mkdirSync } = await import("node:fs");
    const file = path.join(dir, "config", "tokens.json");
    mkdirSync(path.dirname(file), { mode: 0o700 });
    symlinkSync(v.file, file);
    const r = await runCli(["login", "--url", s.url, "--api-key-stdin"], { env: { MEDUSACTL_CONFIG_DIR: path.dirname(file), MEDUSACTL_DATA_DIR: path.join(dir, "d") }, input: "sk_abc\n" });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`Error: token file ${file} is a symbolic link; medusactl keeps secrets only in a regular file it made and does not follow links`);
    expect(r.stdout + r.stderr).not.toContain("sk_abc");
    v.intact();
  });

  it("a corrupt tokens.json is reported by line and column, never by quoting what it holds", async () => {
    const dir = tmp();
    for (const [text, where] of [
      ['{\n  "p": "sk_live_0123456789abcdef', "not valid JSON at line 2, column 33"],
      ['{"p": sk_live_0123456789abcdef}', "not valid JSON"],
    ] as const) {
      const file = path.join(dir, "tokens.json");
      writeFileSync(file, text, { mode: 0o600 });
      const err = (await new FileTokenStore(file).getItem("p").catch((e: unknown) => e)) as TokenFileError;
      expect(err).toBeInstanceOf(TokenFileError);
      expect(err.message).toBe(`token file ${file} is unreadable (${where}); remove it and log in again`);
      expect(err.message).not.toMatch(/sk_live|0123/);
    }
  });
});
