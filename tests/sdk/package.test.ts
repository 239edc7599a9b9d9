// Not a mirror: the published package's entry points (package.json exports).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../src/sdk/index.js";

describe("package", () => {
  it("keeps the SDK's version equal to package.json's", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
