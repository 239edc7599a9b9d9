/**
 * A real terminal for end-to-end tests of `medusactl tui`: a detached tmux session on a private
 * socket (so it never touches anyone's tmux), keys sent with send-keys, the screen read with
 * capture-pane. Secrets travel in the environment, never on a command line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";

let sessions = 0;

export function hasTmux(): boolean {
  return spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;
}

export class TmuxSession {
  readonly socket = `medusactl-e2e-${process.pid}-${++sessions}`;
  private readonly exitFile: string;

  /**
   * Starts `command` (argv, run by sh with its exit code kept) in a `columns`×`rows` terminal with
   * exactly `env` as its environment.
   */
  constructor(command: string[], opts: { env: Record<string, string>; columns?: number; rows?: number; clipboard?: boolean }) {
    this.exitFile = path.join(mkdtempSync(path.join(tmpdir(), "medusactl-tmux-")), "exit-code");
    const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
    const script = `${quoted}; echo $? > '${this.exitFile}'`;
    const r = spawnSync("tmux", ["-L", this.socket, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", String(opts.columns ?? 80), "-y", String(opts.rows ?? 24), script], {
      env: opts.env,
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`tmux new-session failed: ${r.stderr}`);
    // tmux turns an application's OSC 52 into a paste buffer only with set-clipboard on.
    if (opts.clipboard) this.tmux("set-option", "-g", "set-clipboard", "on");
  }

  /** The newest paste buffer: what an OSC 52 the program wrote put on the clipboard ("" if none). */
  clipboard(): string {
    const r = spawnSync("tmux", ["-L", this.socket, "show-buffer"], { encoding: "utf8" });
    return r.status === 0 ? r.stdout : "";
  }

  private tmux(...args: string[]): string {
    const r = spawnSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr}`);
    return r.stdout;
  }

  /** The screen as text; with `escapes`, with its colour and attribute sequences. */
  screen(escapes = false): string {
    if (this.exitCode() !== undefined) return "";
    return this.tmux("capture-pane", "-p", "-t", "t", ...(escapes ? ["-e"] : []));
  }

  /** Named keys ("Enter", "Escape", "C-c") or single characters, one send-keys each. */
  keys(...keys: string[]): void {
    for (const k of keys) this.tmux("send-keys", "-t", "t", k);
  }

  /** Text typed literally. */
  type(text: string): void {
    this.tmux("send-keys", "-t", "t", "-l", text);
  }

  async waitFor(what: string | RegExp, timeout = 20_000): Promise<string> {
    let last = "";
    await vi.waitFor(
      () => {
        last = this.screen();
        expect(typeof what === "string" ? last.includes(what) : what.test(last), `waiting for ${String(what)} on:\n${last}`).toBe(true);
      },
      { timeout, interval: 100 },
    );
    return last;
  }

  /** The pane's title: what an OSC 0/2 sequence written to the terminal would have set. */
  paneTitle(): string {
    return this.tmux("display-message", "-p", "-t", "t", "#{pane_title}").trim();
  }

  exitCode(): number | undefined {
    return existsSync(this.exitFile) ? Number(readFileSync(this.exitFile, "utf8").trim()) : undefined;
  }

  async waitForExit(timeout = 10_000): Promise<number> {
    await vi.waitFor(() => expect(this.exitCode()).toBeDefined(), { timeout, interval: 100 });
    return this.exitCode()!;
  }

  kill(): void {
    spawnSync("tmux", ["-L", this.socket, "kill-server"], { stdio: "ignore" });
  }
}
