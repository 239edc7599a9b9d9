import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../../src/cli/main.js";
import { testIO } from "../../../helpers/test-io.js";

async function script(shell: string): Promise<string> {
  const t = testIO({ env: {} });
  expect(await main(["completion", shell], t.io, new AbortController().signal)).toBe(0);
  return t.out();
}

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-completion-"));
/**
 * A stand-in `medusactl` first on PATH for the scripts' id lookups: it records its arguments and
 * answers as `completion ids` does, so the shells' side is tested without a server (the real
 * lookup runs against the sandbox in tests/e2e/cli.test.ts).
 */
const fakeBin = path.join(dir, "bin");
const calls = path.join(dir, "calls.txt");
/** Ids a hostile back-end could answer, as a script not filtering them would pass them on. */
const hostile = path.join(dir, "hostile.txt");
const pwned = path.join(dir, "pwned");
const HOSTILE_IDS = [`cus_$(touch ${pwned}-dollar)`, `cus_\`touch ${pwned}-tick\``, `cus_;touch ${pwned}-semi`, "cus_${HOME}", "cus_ok"];
beforeAll(() => {
  writeFileSync(hostile, HOSTILE_IDS.map((id) => `${id}\tdescribed $(touch ${pwned}-desc)`).join("\n") + "\n");
  spawnSync("mkdir", ["-p", fakeBin]);
  writeFileSync(
    path.join(fakeBin, "medusactl"),
    `#!/bin/sh\n(IFS='|'; echo "$*") >> ${calls}\ncase "$*" in\n  *"ids orders display") printf '42\\torder_01 pending a@b.c\\n41\\torder_00 completed\\n' ;;\n  *"ids returns") printf 'return_01\\nreturn_02\\n' ;;\n  *"ids customers") cat ${hostile} ;;\n  *"completion profiles") printf 'shop\\nstaging\\n' ;;\nesac\necho "boom" >&2\nexit 1\n`,
  );
  chmodSync(path.join(fakeBin, "medusactl"), 0o755);
});
const shellEnv = () => ({ ...process.env, PATH: `${fakeBin}:${process.env.PATH}` });

/** What bash offers after typing `words` (the last one being completed). */
function bashComplete(src: string, words: string[]): string[] {
  const file = path.join(dir, "medusactl.bash");
  writeFileSync(file, src);
  const program = `. ${file}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _medusactl; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8", env: shellEnv() });
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
    [["medusactl", "returns", "create", "21", "--ref"], ["--refund"]],
    [["medusactl", "claims", "create", "21", "--return-s"], ["--return-shipping-option", "--return-shipping-amount"]],
    [["medusactl", "draft-orders", "create", "--promo"], ["--promo-code"]],
    [["medusactl", "--profile", "shop", "order", "show", "--j"], ["--json"]],
    [["medusactl", "apply", "--dry"], ["--dry-run"]],
    // Another verb's flags are not offered.
    [["medusactl", "orders", "show", "--ite"], []],
  ])("completes %j with %j", async (words, expected) => {
    expect(bashComplete(await script("bash"), words)).toEqual(expected);
  });

  it("completes a verb's record argument with ids of the profile being typed, and stays silent when the lookup fails", async () => {
    const src = await script("bash");
    writeFileSync(calls, "");
    expect(bashComplete(src, ["medusactl", "--profile", "shop", "orders", "show", ""])).toEqual(["42", "41"]);
    expect(bashComplete(src, ["medusactl", "orders", "show", "4"])).toEqual(["42", "41"]);
    expect(bashComplete(src, ["medusactl", "returns", "receive", ""])).toEqual(["return_01", "return_02"]);
    expect(readFileSync(calls, "utf8").split("\n").filter(Boolean)).toEqual(["--profile|shop|completion|ids|orders|display", "completion|ids|orders|display", "completion|ids|returns"]);
    // The fake also writes "boom" on stderr and exits 1: nothing of it reaches the shell, and nothing is offered.
    expect(bashComplete(src, ["medusactl", "products", "get", ""])).toEqual([]);
    // No lookup where no record is asked for.
    writeFileSync(calls, "");
    bashComplete(src, ["medusactl", "orders", "list", ""]);
    bashComplete(src, ["medusactl", "orders", "show", "42", ""]);
    expect(readFileSync(calls, "utf8")).toBe("");
  });

  it("never evaluates what the lookup answers: hostile ids are offered literally or not at all, and run nothing", async () => {
    const src = await script("bash");
    const offered = bashComplete(src, ["medusactl", "customers", "get", "cus_"]);
    expect(existsSync(`${pwned}-dollar`) || existsSync(`${pwned}-tick`) || existsSync(`${pwned}-semi`) || existsSync(`${pwned}-desc`)).toBe(false);
    // Bash matched them as plain text: "${HOME}" was not expanded.
    expect(offered).toEqual(HOSTILE_IDS);
  });

  it("completes profile names after --profile, not nouns", async () => {
    const src = await script("bash");
    expect(bashComplete(src, ["medusactl", "--profile", ""])).toEqual(["shop", "staging"]);
    expect(bashComplete(src, ["medusactl", "orders", "list", "--profile", "st"])).toEqual(["staging"]);
  });

  const hasZsh = spawnSync("zsh", ["-c", "true"]).status === 0;
  it.skipIf(!hasZsh)("zsh parses the script (run where zsh is installed)", async () => {
    const file = path.join(dir, "_medusactl");
    writeFileSync(file, await script("zsh"));
    const r = spawnSync("zsh", ["-n", file], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("prints a zsh script that defines and registers the completion function", async () => {
    const src = await script("zsh");
    expect(src.startsWith("#compdef medusactl\n")).toBe(true);
    expect(src).toContain("fulfillments|fulfillment) verbs=(cancel create create-shipment)");
    expect(src).toContain("returns/create|return/create) flags=(");
    expect(src).toContain("orders/show|order/show) ids=(orders display) ;;");
    expect(src).toContain("compdef _medusactl medusactl");
  });
});

/** What fish offers for the command line `line`, with the generated script loaded. */
function fishComplete(src: string, line: string): string[] {
  const file = path.join(dir, "medusactl.fish");
  writeFileSync(file, src);
  const r = spawnSync("fish", ["--no-config", "-c", `source ${file}\ncomplete -C ${JSON.stringify(line)}`], { encoding: "utf8", env: shellEnv() });
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
    ["medusactl returns create 21 --ref", ["--refund"]],
    ["medusactl exchanges create 21 --return-shipping-o", ["--return-shipping-option"]],
    ["medusactl draft-orders add-promotions order_1 --co", ["--code"]],
    ["medusactl apply --dry", ["--dry-run"]],
  ])("completes %j with %j", async (line, expected) => {
    expect(fishComplete(await script("fish"), line)).toEqual(expected);
  });

  it("completes profile names after --profile, and runs nothing a hostile lookup answers", async () => {
    const src = await script("fish");
    expect(fishComplete(src, "medusactl --profile ")).toEqual(["shop", "staging"]);
    fishComplete(src, "medusactl customers get cus_");
    expect(existsSync(`${pwned}-dollar`) || existsSync(`${pwned}-tick`) || existsSync(`${pwned}-semi`) || existsSync(`${pwned}-desc`)).toBe(false);
  });

  it("offers a verb's own flags and the global ones, not another verb's", async () => {
    const offered = fishComplete(await script("fish"), "medusactl orders show --");
    expect(offered).toContain("--json");
    expect(offered).toContain("--profile");
    expect(offered).not.toContain("--item");
  });

  it("completes a record argument with ids from the profile being typed, silently on failure", async () => {
    const src = await script("fish");
    writeFileSync(calls, "");
    expect(fishComplete(src, "medusactl --profile shop orders show ")).toEqual(["41", "42"]);
    expect(fishComplete(src, "medusactl returns receive ")).toEqual(["return_01", "return_02"]);
    expect(fishComplete(src, "medusactl products get ")).toEqual([]);
    expect(readFileSync(calls, "utf8").split("\n").filter(Boolean)).toEqual(["--profile|shop|completion|ids|orders|display", "completion|ids|returns", "completion|ids|products"]);
  });
});

describe("completion ids", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Accepts the request and never answers: the lookup must give up on its own.
    server = createServer(() => {});
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("prints nothing and exits 0 when the back-end does not answer within its time limit", async () => {
    const t = testIO({ env: { MEDUSA_URL: url, MEDUSA_API_KEY: "sk_test" } });
    const started = Date.now();
    expect(await main(["completion", "ids", "orders", "display"], t.io, new AbortController().signal)).toBe(0);
    expect(t.out()).toBe("");
    expect(t.err()).toBe("");
    // Generous bound on a slow shared machine; the point is that it does not wait for the 30 s default.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("a hostile back-end's ids and display ids that are not plain words are dropped, not passed to the shell", async () => {
    const evil = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      const rows = [
        { id: "order_01OK", display_id: 42, status: "pending", email: "a@b.c" },
        { id: "order_$(touch /tmp/x)", display_id: 43, status: "pending" },
        { id: "order_02OK", display_id: "1$(id)", status: "pending" },
        { id: "order_03OK", display_id: 44, status: "\u001b]0;title\u0007pending\ttab" },
      ];
      res.end(JSON.stringify({ orders: rows, count: rows.length, limit: 20, offset: 0 }));
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.1", r));
    try {
      const t = testIO({ env: { MEDUSA_URL: `http://127.0.0.1:${(evil.address() as { port: number }).port}`, MEDUSA_API_KEY: "sk_test" } });
      expect(await main(["completion", "ids", "orders", "display"], t.io, new AbortController().signal)).toBe(0);
      const words = t.out().split("\n").filter(Boolean).map((l) => l.split("\t"));
      expect(words.map((w) => w[0])).toEqual(["42", "44"]);
      // The description is only shown, and sanitised: no escape, no tab inside it.
      expect(words[1]![1]).not.toMatch(/[\u001b\u0007\t]/);
    } finally {
      evil.close();
    }
  });

  it("prints nothing without credentials, and nothing for a noun without records", async () => {
    const t = testIO({ env: { MEDUSA_URL: url } });
    expect(await main(["completion", "ids", "orders"], t.io, new AbortController().signal)).toBe(0);
    expect(await main(["completion", "ids", "no-such-noun"], t.io, new AbortController().signal)).toBe(0);
    expect(t.out() + t.err()).toBe("");
  });
});
