import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TokenFileError, FileTokenStore } from "../../src/sdk/token-store-file.js";

const tmp = () => mkdtempSync(path.join(tmpdir(), "medusactl-tokens-"));

describe("FileTokenStore", () => {
  it("creates the file with mode 0600 inside a 0700 folder", async () => {
    const dir = path.join(tmp(), "cfg");
    const store = new FileTokenStore(path.join(dir, "tokens.json"));
    await store.setItem("a", "t1");
    expect(statSync(path.join(dir, "tokens.json")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await store.getItem("a")).toBe("t1");
    expect(await store.getItem("missing")).toBeNull();
  });

  it("loses no write when many writers update it at once", async () => {
    const file = path.join(tmp(), "tokens.json");
    const writers = Array.from({ length: 40 }, () => new FileTokenStore(file));
    await Promise.all(writers.map((w, i) => w.setItem(`profile-${i}`, `token-${i}`)));
    const data = JSON.parse(readFileSync(file, "utf8"));
    expect(Object.keys(data)).toHaveLength(40);
    for (let i = 0; i < 40; i++) expect(data[`profile-${i}`]).toBe(`token-${i}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("removes one entry and leaves the others", async () => {
    const store = new FileTokenStore(path.join(tmp(), "tokens.json"));
    await store.setItem("a", "1");
    await store.setItem("b", "2");
    await store.removeItem("a");
    expect(await store.keys()).toEqual(["b"]);
  });

  it("says which file is corrupt; a new write moves it aside (never overwrites it) and says where", async () => {
    const file = path.join(tmp(), "tokens.json");
    writeFileSync(file, '{"a": "trunc', { mode: 0o600 });
    const notices: string[] = [];
    const store = new FileTokenStore(file, { onNotice: (m) => notices.push(m) });
    const err = await store.getItem("a").catch((e) => e);
    expect(err).toBeInstanceOf(TokenFileError);
    expect(err.message).toContain(file);
    expect(err.message).toContain("log in again");
    await store.setItem("a", "fresh");
    expect(await store.getItem("a")).toBe("fresh");
    const aside = readdirSync(path.dirname(file)).filter((n) => n.startsWith("tokens.json.corrupt-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(path.dirname(file), aside[0]!), "utf8")).toBe('{"a": "trunc');
    expect(notices).toEqual([expect.stringContaining(`moved aside to ${path.join(path.dirname(file), aside[0]!)}`)]);
  });

  it("makes a token file and folder that others can read private again, and says so", async () => {
    const dir = tmp();
    const file = path.join(dir, "tokens.json");
    writeFileSync(file, '{"a":"t"}');
    chmodSync(file, 0o644);
    chmodSync(dir, 0o755);
    const notices: string[] = [];
    const store = new FileTokenStore(file, { onNotice: (m) => notices.push(m) });
    expect(await store.getItem("a")).toBe("t");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(notices).toEqual([`${dir} was mode 0755, readable by others; now 0700`, `${file} was mode 0644, readable by others; now 0600`]);
  });

  it("breaks a stale lock left by a crashed process", async () => {
    const file = path.join(tmp(), "tokens.json");
    writeFileSync(`${file}.lock`, "99999");
    // Staleness is the lock's age by mtime: back-date it rather than wait for it to age.
    const past = new Date(Date.now() - 1_000);
    utimesSync(`${file}.lock`, past, past);
    const store = new FileTokenStore(file, { staleLockMs: 50 });
    await store.setItem("a", "1");
    expect(await store.getItem("a")).toBe("1");
  });
});
