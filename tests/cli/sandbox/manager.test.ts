import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_DB_PORT,
  DEFAULT_PORT,
  dataRoot,
  defaultSourceDir,
  effectivePorts,
  redactDatabaseUrl,
  resolveOptions,
  sandboxPaths,
  sandboxUrl,
} from "../../../src/cli/sandbox/paths.js";

describe("dataRoot precedence", () => {
  const cases: [string, Parameters<typeof dataRoot>[0], string][] = [
    ["explicit dataDir wins over everything", { dataDir: "/opt/x", env: { MEDUSACTL_DATA_DIR: "/env/dir", XDG_DATA_HOME: "/xdg" }, isRoot: true }, "/opt/x"],
    ["MEDUSACTL_DATA_DIR next", { env: { MEDUSACTL_DATA_DIR: "/env/dir", XDG_DATA_HOME: "/xdg" }, isRoot: true }, "/env/dir"],
    ["root uses /var/lib/medusactl", { env: { XDG_DATA_HOME: "/xdg", HOME: "/root" }, isRoot: true }, "/var/lib/medusactl"],
    ["user: XDG_DATA_HOME", { env: { XDG_DATA_HOME: "/xdg", HOME: "/home/u" }, isRoot: false }, "/xdg/medusactl"],
    ["user: ~/.local/share", { env: { HOME: "/home/u" }, isRoot: false }, "/home/u/.local/share/medusactl"],
    ["empty values are ignored", { dataDir: "", env: { MEDUSACTL_DATA_DIR: " ", XDG_DATA_HOME: "", HOME: "/home/u" }, isRoot: false }, "/home/u/.local/share/medusactl"],
    ["relative dirs are made absolute", { env: { MEDUSACTL_DATA_DIR: "rel/dir" }, isRoot: false }, join(process.cwd(), "rel/dir")],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    expect(dataRoot(input)).toBe(expected);
  });
});

describe("sandboxPaths", () => {
  it("puts the sandbox and jobs side by side under the root", () => {
    const p = sandboxPaths({ env: { MEDUSACTL_DATA_DIR: "/data" }, isRoot: false });
    expect(p.root).toBe("/data");
    expect(p.sandbox).toBe("/data/sandbox");
    expect(p.jobs).toBe("/data/jobs");
    expect(p.app).toBe("/data/sandbox/app");
    expect(p.state).toBe("/data/sandbox/state.json");
    expect(p.medusaLog).toBe("/data/sandbox/logs/medusa.log");
    expect(p.pidFile).toBe("/data/sandbox/run/medusa.pid");
    expect(p.pgData).toBe("/data/sandbox/postgres");
    expect(p.installStamp.startsWith("/data/sandbox/app/node_modules/")).toBe(true);
    // Nothing of the sandbox lives in jobs/.
    for (const [key, value] of Object.entries(p)) {
      if (key === "root" || key === "jobs") continue;
      expect(value.startsWith("/data/sandbox")).toBe(true);
    }
  });
});

describe("resolveOptions", () => {
  const sourceDir = "/src/sandbox";

  it("leaves ports to the recorded state or the defaults", () => {
    const r = resolveOptions({ sourceDir, env: { MEDUSACTL_DATA_DIR: "/d" } });
    expect(r.port).toBeUndefined();
    expect(r.dbPort).toBeUndefined();
    expect(effectivePorts(r, undefined)).toEqual({ port: DEFAULT_PORT, dbPort: DEFAULT_DB_PORT });
    expect(effectivePorts(r, { port: 9100, dbPort: 5500 })).toEqual({ port: 9100, dbPort: 5500 });
    expect(DEFAULT_PORT).toBe(9000);
    expect(DEFAULT_DB_PORT).toBe(54329);
  });

  it("explicit ports win over recorded ones", () => {
    const r = resolveOptions({ sourceDir, port: 9200, dbPort: 5600, env: {} });
    expect(effectivePorts(r, { port: 9100, dbPort: 5500 })).toEqual({ port: 9200, dbPort: 5600 });
  });

  it.each([0, 70000, 1.5, Number.NaN])("rejects port %s", (port) => {
    expect(() => resolveOptions({ sourceDir, port, env: {} })).toThrow(/invalid port/);
  });

  it("takes the database URL from the option, then MEDUSACTL_SANDBOX_DATABASE_URL, never DATABASE_URL", () => {
    const env = { DATABASE_URL: "postgres://ambient/db", MEDUSACTL_SANDBOX_DATABASE_URL: "postgres://sandbox/db" };
    expect(resolveOptions({ sourceDir, env, databaseUrl: "postgres://flag/db" }).databaseUrl).toBe("postgres://flag/db");
    expect(resolveOptions({ sourceDir, env }).databaseUrl).toBe("postgres://sandbox/db");
    expect(resolveOptions({ sourceDir, env: { DATABASE_URL: "postgres://ambient/db" } }).databaseUrl).toBeUndefined();
  });

  it("uses the given env, data dir and a no-op logger by default", () => {
    const r = resolveOptions({ sourceDir, dataDir: "/dd", env: { MEDUSACTL_DATA_DIR: "/ignored" } });
    expect(r.paths.root).toBe("/dd");
    expect(r.sourceDir).toBe(sourceDir);
    expect(() => r.log("x")).not.toThrow();
  });
});

describe("defaultSourceDir", () => {
  it("walks up to the package named medusactl", () => {
    const root = mkdtempSync(join(tmpdir(), "medusactl-src-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "medusactl" }));
    mkdirSync(join(root, "dist", "cli", "sandbox", "nested"), { recursive: true });
    // A package.json of another package on the way is skipped.
    writeFileSync(join(root, "dist", "cli", "package.json"), JSON.stringify({ name: "other" }));
    const moduleUrl = pathToFileURL(join(root, "dist", "cli", "sandbox", "index.js")).href;
    expect(defaultSourceDir(moduleUrl)).toBe(join(root, "sandbox"));
  });

  it("finds this repository's sandbox folder from the source module", () => {
    expect(defaultSourceDir().endsWith(join("sandbox"))).toBe(true);
  });
});

describe("helpers", () => {
  it("builds the loopback URL", () => {
    expect(sandboxUrl(9000)).toBe("http://127.0.0.1:9000");
  });
  it("hides database passwords", () => {
    expect(redactDatabaseUrl("postgres://u:secret@h:5432/db")).toBe("postgres://u:***@h:5432/db");
    expect(redactDatabaseUrl("not a url")).not.toContain("not a url");
  });
});

describe("up checks every port before the install", () => {
  it("a database port taken by another program is refused at once, before Medusa is installed", async () => {
    const { createServer } = await import("node:net");
    const { runCli } = await import("../../helpers/cli.js");
    const { existsSync } = await import("node:fs");
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    const dbPort = (taken.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), "medusactl-dbport-"));
    try {
      const started = Date.now();
      const r = await runCli(["sandbox", "up", "--port", "9477", "--db-port", String(dbPort)], { env: { MEDUSACTL_DATA_DIR: dir, MEDUSACTL_CONFIG_DIR: join(dir, "config"), MEDUSACTL_SANDBOX_DATABASE_URL: "" } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`port ${dbPort} (the embedded database's) on 127.0.0.1 is already in use by another program`);
      expect(r.stderr).toContain("--db-port");
      // Nothing was installed: the refusal came first.
      expect(existsSync(join(dir, "sandbox", "app", "node_modules"))).toBe(false);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      taken.close();
    }
  });
});
