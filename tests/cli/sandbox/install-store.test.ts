import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// linkSync fails after `linksLeft` links when a test sets it (as across file systems: EXDEV).
const fsFault = vi.hoisted(() => ({ linksLeft: Infinity }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    linkSync: (a: string, b: string) => {
      if (fsFault.linksLeft-- <= 0) throw Object.assign(new Error(`EXDEV: cross-device link not permitted, link '${a}' -> '${b}'`), { code: "EXDEV" });
      return fs.linkSync(a, b);
    },
  };
});

import { writeFileAtomic } from "../../../src/sdk/atomic-write.js";
import { lockRecord } from "../../../src/cli/sandbox/cache-rules.js";
import { addToStore, entryComplete, linkFromStore, linkTree, withEntryLock } from "../../../src/cli/sandbox/install-store.js";
import { bootId, processStartTime } from "../../../src/cli/sandbox/liveness.js";
import { installStoreDir } from "../../../src/cli/sandbox/paths.js";

let dir: string;
const store = () => path.join(dir, "store");
const STAMP = "a".repeat(64);

/** An install as npm and the sandbox leave it: packages, a link, npm's hidden lock and our stamp. */
function fakeInstall(app: string, version = "1"): void {
  const nm = path.join(app, "node_modules");
  mkdirSync(path.join(nm, "@medusajs", "cli"), { recursive: true });
  writeFileSync(path.join(nm, "@medusajs", "cli", "cli.js"), `// cli ${version}`);
  mkdirSync(path.join(nm, ".bin"));
  symlinkSync("../@medusajs/cli/cli.js", path.join(nm, ".bin", "medusa"));
  writeFileSync(path.join(nm, ".package-lock.json"), "{}");
  writeFileSync(path.join(nm, ".medusactl-install-stamp"), STAMP + "\n");
}

const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "medusactl-install-store-"));
});
afterEach(() => {
  fsFault.linksLeft = Infinity;
  for (const c of children.splice(0)) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("linkTree", () => {
  it("makes the folders, hard-links the files and copies symbolic links, leaving out the named top entries", () => {
    const app = path.join(dir, "app");
    fakeInstall(app);
    const files = linkTree(path.join(app, "node_modules"), path.join(dir, "copy"), new Set([".package-lock.json"]));
    expect(files).toBe(2);
    const a = statSync(path.join(app, "node_modules", "@medusajs", "cli", "cli.js"));
    const b = statSync(path.join(dir, "copy", "@medusajs", "cli", "cli.js"));
    expect(b.ino).toBe(a.ino);
    expect(a.nlink).toBe(2);
    expect(lstatSync(path.join(dir, "copy", ".bin", "medusa")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, "copy", ".bin", "medusa"))).toBe("../@medusajs/cli/cli.js");
    expect(existsSync(path.join(dir, "copy", ".package-lock.json"))).toBe(false);
  });

  it("refuses a target that exists rather than merging into it", () => {
    const app = path.join(dir, "app");
    fakeInstall(app);
    mkdirSync(path.join(dir, "copy"));
    expect(() => linkTree(path.join(app, "node_modules"), path.join(dir, "copy"))).toThrow(/EEXIST/);
  });
});

describe("the install store", () => {
  it("keeps an install without the sandbox's own stamp, and a second sandbox links it in whole", () => {
    const first = path.join(dir, "first");
    fakeInstall(first);
    expect(addToStore(store(), STAMP, first)).toBe(true);
    expect(entryComplete(store(), STAMP)).toBe(true);
    expect(existsSync(path.join(store(), STAMP, "node_modules", ".medusactl-install-stamp"))).toBe(false);
    // A second add of the same stamp changes nothing.
    expect(addToStore(store(), STAMP, first)).toBe(false);

    const second = path.join(dir, "second");
    mkdirSync(second);
    linkFromStore(store(), STAMP, second);
    expect(readFileSync(path.join(second, "node_modules", "@medusajs", "cli", "cli.js"), "utf8")).toBe("// cli 1");
    expect(statSync(path.join(second, "node_modules", "@medusajs", "cli", "cli.js")).ino).toBe(statSync(path.join(first, "node_modules", "@medusajs", "cli", "cli.js")).ino);
    expect(readdirSync(second)).toEqual(["node_modules"]);
  });

  it("a stamp written by rename in one sandbox leaves the store's and the other sandboxes' files as they were", async () => {
    const first = path.join(dir, "first");
    fakeInstall(first);
    addToStore(store(), STAMP, first);
    const second = path.join(dir, "second");
    mkdirSync(second);
    linkFromStore(store(), STAMP, second);
    await writeFileAtomic(path.join(second, "node_modules", ".medusactl-install-stamp"), "other\n");
    await writeFileAtomic(path.join(second, "node_modules", "@medusajs", "cli", "cli.js"), "// changed in second");
    expect(readFileSync(path.join(first, "node_modules", "@medusajs", "cli", "cli.js"), "utf8")).toBe("// cli 1");
    expect(readFileSync(path.join(store(), STAMP, "node_modules", "@medusajs", "cli", "cli.js"), "utf8")).toBe("// cli 1");
    expect(readFileSync(path.join(first, "node_modules", ".medusactl-install-stamp"), "utf8")).toBe(STAMP + "\n");
  });

  it("replaces an old install of the sandbox whole, leaving no folder of the swap behind", () => {
    const first = path.join(dir, "first");
    fakeInstall(first, "2");
    addToStore(store(), STAMP, first);
    const second = path.join(dir, "second");
    fakeInstall(second, "1");
    writeFileSync(path.join(second, "node_modules", "left-over.js"), "old");
    linkFromStore(store(), STAMP, second);
    expect(readFileSync(path.join(second, "node_modules", "@medusajs", "cli", "cli.js"), "utf8")).toBe("// cli 2");
    expect(existsSync(path.join(second, "node_modules", "left-over.js"))).toBe(false);
    expect(readdirSync(second)).toEqual(["node_modules"]);
  });

  it("a link that fails part-way (EXDEV) throws and leaves the sandbox's old install, with nothing half-made beside it", () => {
    const first = path.join(dir, "first");
    fakeInstall(first, "2");
    addToStore(store(), STAMP, first);
    const second = path.join(dir, "second");
    fakeInstall(second, "1");
    fsFault.linksLeft = 0;
    expect(() => linkFromStore(store(), STAMP, second)).toThrow(/EXDEV/);
    expect(readdirSync(second)).toEqual(["node_modules"]);
    expect(readFileSync(path.join(second, "node_modules", "@medusajs", "cli", "cli.js"), "utf8")).toBe("// cli 1");
  });

  it("an add that fails part-way (EXDEV) throws and leaves the store without an entry or a half-made folder", () => {
    const first = path.join(dir, "first");
    fakeInstall(first);
    fsFault.linksLeft = 0;
    expect(() => addToStore(store(), STAMP, first)).toThrow(/EXDEV/);
    expect(readdirSync(store())).toEqual([]);
    expect(entryComplete(store(), STAMP)).toBe(false);
  });

  it("does not count an entry whose adding was interrupted (no `complete`)", () => {
    mkdirSync(path.join(store(), STAMP, "node_modules"), { recursive: true });
    expect(entryComplete(store(), STAMP)).toBe(false);
    const first = path.join(dir, "first");
    fakeInstall(first);
    expect(addToStore(store(), STAMP, first)).toBe(true);
    expect(entryComplete(store(), STAMP)).toBe(true);
  });

  it("keeps the three newest stamps", () => {
    const app = path.join(dir, "app");
    fakeInstall(app);
    const stamps = ["1", "2", "3", "4"].map((n) => n.repeat(64));
    stamps.forEach((s, i) => {
      addToStore(store(), s, app);
      const at = new Date(Date.now() - (10 - i) * 60_000);
      utimesSync(path.join(store(), s), at, at);
    });
    expect(readdirSync(store()).filter((n) => !n.startsWith(".")).sort()).toEqual(stamps.slice(1).sort());
  });
});

describe("withEntryLock", () => {
  it("takes over a lock left by a dead process", async () => {
    mkdirSync(store(), { recursive: true });
    writeFileSync(path.join(store(), `.${STAMP}.lock`), lockRecord(2 ** 22 - 3, bootId(), "1"));
    let waited = false;
    const got = await withEntryLock(store(), STAMP, async () => "ran", { onWait: () => (waited = true) });
    expect(got).toBe("ran");
    expect(waited).toBe(false);
    expect(existsSync(path.join(store(), `.${STAMP}.lock`))).toBe(false);
  });

  it("waits for a live holder, says so once, and runs when it lets go; without waiting it runs nothing", async () => {
    mkdirSync(store(), { recursive: true });
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    children.push(holder);
    await new Promise((r) => holder.once("spawn", r));
    const lock = path.join(store(), `.${STAMP}.lock`);
    writeFileSync(lock, lockRecord(holder.pid!, bootId(), processStartTime(holder.pid!)));

    expect(await withEntryLock(store(), STAMP, async () => "ran", { wait: false })).toBeUndefined();

    const waits: number[] = [];
    const running = withEntryLock(store(), STAMP, async () => "ran", { pollMs: 20, onWait: (pid) => waits.push(pid) });
    await new Promise((r) => setTimeout(r, 150));
    expect(waits).toEqual([holder.pid]);
    rmSync(lock);
    expect(await running).toBe("ran");
    expect(waits).toEqual([holder.pid]);
  });

  it("gives up on a holder that takes too long, naming it and its lock", async () => {
    mkdirSync(store(), { recursive: true });
    writeFileSync(path.join(store(), `.${STAMP}.lock`), lockRecord(process.ppid, bootId(), processStartTime(process.ppid)));
    await expect(withEntryLock(store(), STAMP, async () => "ran", { pollMs: 10, maxWaitMs: 50 })).rejects.toThrow(new RegExp(`pid ${process.ppid}.*\\.${STAMP}\\.lock`));
  });
});

describe("installStoreDir", () => {
  it("follows MEDUSACTL_SANDBOX_INSTALL_STORE, then root's /var/cache, then XDG_CACHE_HOME, then ~/.cache; `off` turns it off", () => {
    expect(installStoreDir({ env: { MEDUSACTL_SANDBOX_INSTALL_STORE: "/x/store" }, isRoot: true })).toBe("/x/store");
    expect(installStoreDir({ env: { MEDUSACTL_SANDBOX_INSTALL_STORE: "off" }, isRoot: true })).toBeUndefined();
    expect(installStoreDir({ env: {}, isRoot: true })).toBe("/var/cache/medusactl/sandbox-installs");
    expect(installStoreDir({ env: { XDG_CACHE_HOME: "/c" }, isRoot: false })).toBe("/c/medusactl/sandbox-installs");
    expect(installStoreDir({ env: {}, isRoot: false, home: "/home/u" })).toBe("/home/u/.cache/medusactl/sandbox-installs");
  });
});
