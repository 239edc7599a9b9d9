// Not a mirror: the global --quiet across commands (notices, lists, completion, errors).
/**
 * The global `--quiet`: progress lines and notices go, data, warnings and errors stay.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { notice } from "../../src/cli/output/notice.js";
import { testIO } from "../helpers/test-io.js";

const run = async (argv: string[], tty = true) => {
  const config = mkdtempSync(path.join(tmpdir(), "medusactl-quiet-"));
  const t = testIO({ tty, env: { MEDUSACTL_CONFIG_DIR: config } });
  const code = await main(argv, t.io, new AbortController().signal);
  return { code, out: t.out(), err: t.err() };
};

describe("--quiet", () => {
  it("silences the 'nothing found' notice on a terminal", async () => {
    expect((await run(["profile", "list"])).err).toContain("no profiles");
    const quiet = await run(["--quiet", "profile", "list"]);
    expect(quiet.code).toBe(0);
    expect(quiet.err).toBe("");
  });

  it("never silences errors or their exit code", async () => {
    const r = await run(["--quiet", "orders", "show", "12", "--url", "http://127.0.0.1:9"], false);
    expect(r.code).toBe(4);
    expect(r.err).toContain("Error:");
  });

  it("still prints data: the completion script goes to stdout", async () => {
    const r = await run(["--quiet", "completion", "bash"], false);
    expect(r.code).toBe(0);
    expect(r.out).toContain("complete -o default -F _medusactl medusactl");
    expect(r.err).toBe("");
  });

  it("notice() writes one line unless the global or the command's own --quiet is set", () => {
    const t = testIO();
    notice(t.io, "step 1");
    notice(t.io, "step 2\n", true);
    t.io.quiet = true;
    notice(t.io, "step 3");
    expect(t.err()).toBe("step 1\n");
  });
});
