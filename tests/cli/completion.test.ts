import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { testIO } from "../helpers/test-io.js";

async function script(shell: string): Promise<string> {
  const t = testIO({ env: {} });
  expect(await main(["completion", shell], t.io, new AbortController().signal)).toBe(0);
  return t.out();
}

/** What bash offers after typing `words` (the last one being completed). */
function bashComplete(src: string, words: string[]): string[] {
  const program = `${src}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _medusactl; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8" });
  expect(r.status).toBe(0);
  return r.stdout.split("\n").filter(Boolean);
}

describe("bash completion", () => {
  it.each([
    [["medusactl", "product-c"], ["product-categories"]],
    [["medusactl", "fulfillments", ""], ["cancel", "create", "create-shipment"]],
    [["medusactl", "--profile", "shop", "api-keys", "re"], ["revoke"]],
    [["medusactl", "invites", "a"], ["accept"]],
    [["medusactl", "completion", ""], ["bash", "zsh", "fish"]],
    [["medusactl", "--ins"], ["--insecure"]],
  ])("completes %j with %j", async (words, expected) => {
    expect(bashComplete(await script("bash"), words)).toEqual(expected);
  });

  it("prints a zsh script that defines and registers the completion function", async () => {
    const src = await script("zsh");
    expect(src.startsWith("#compdef medusactl\n")).toBe(true);
    expect(src).toContain("fulfillments|fulfillment) verbs=(cancel create create-shipment)");
    expect(src).toContain("compdef _medusactl medusactl");
  });
});

/** What fish offers for the command line `line`, with the generated script loaded. */
function fishComplete(src: string, line: string): string[] {
  const r = spawnSync("fish", ["--no-config", "-c", `${src}\ncomplete -C ${JSON.stringify(line)}`], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter(Boolean).map((l) => l.split("\t")[0]!);
}

describe("fish completion", () => {
  it.each([
    ["medusactl product-c", ["product-categories"]],
    ["medusactl fulfillments ", ["cancel", "create", "create-shipment"]],
    ["medusactl --profile shop api-keys re", ["revoke"]],
    ["medusactl completion ", ["bash", "fish", "zsh"]],
    ["medusactl --qu", ["--quiet"]],
  ])("completes %j with %j", async (line, expected) => {
    expect(fishComplete(await script("fish"), line)).toEqual(expected);
  });
});
