import { promises as fs } from "node:fs";
import path from "node:path";
import { openOwn, writeFileAtomic } from "./atomic-write.js";
import { keepPrivate, moveAside } from "./private-file.js";
import { lockFile } from "./file-lock.js";
import type { TokenStorage } from "./token-store.js";

/** The token file exists but cannot be read as our JSON map. */
export class TokenFileError extends Error {
  override name = "TokenFileError";
  readonly file: string;
  readonly reason: string;
  /** True when the file is a symbolic link: refused as it is, never moved aside or replaced. */
  readonly link: boolean;
  constructor(file: string, reason: string, link = false) {
    super(
      link
        ? `token file ${file} is a symbolic link; medusactl keeps secrets only in a regular file it made and does not follow links`
        : `token file ${file} is unreadable (${reason}); remove it and log in again`,
    );
    this.file = file;
    this.reason = reason;
    this.link = link;
  }
}

/** Largest token file we read: a few secrets take a few KiB. */
const MAX_TOKEN_FILE_BYTES = 1024 * 1024;

/**
 * Why `text` is not JSON, in words that quote nothing of it (it holds secrets; V8's own message
 * quotes the text around the fault): the line and column only.
 */
export function jsonFaultWithoutContent(text: string, e: unknown): string {
  const m = /position (\d+)/.exec((e as Error)?.message ?? "");
  if (!m) return "not valid JSON";
  const at = Math.min(Number(m[1]), text.length);
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - before.lastIndexOf("\n");
  return `not valid JSON at line ${line}, column ${column}`;
}

export interface FileTokenStoreOptions {
  /** How long to wait for another process's lock before breaking it as stale. Default 10 s. */
  staleLockMs?: number;
  /**
   * Told what the store did to protect the secrets: a file or folder readable by others made
   * private, a corrupt file moved aside. Without it the store acts the same, silently.
   */
  onNotice?: (message: string) => void;
}

/**
 * A token store in one JSON file: mode 0600 in a 0700 folder, replaced atomically (write a temp
 * file, then rename), with a lock file around read-modify-write so many processes can log in,
 * refresh and read at once without losing each other's writes.
 * @example
 * const storage = new FileTokenStore(path.join(configDir, "tokens.json"))
 * const sdk = new Medusa({ baseUrl, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage } })
 */
export class FileTokenStore implements TokenStorage {
  readonly file: string;
  private readonly staleLockMs: number;
  private readonly onNotice: (message: string) => void;
  private modesChecked = false;

  constructor(file: string, options: FileTokenStoreOptions = {}) {
    this.file = file;
    this.staleLockMs = options.staleLockMs ?? 10_000;
    this.onNotice = options.onNotice ?? (() => {});
  }

  async getItem(key: string): Promise<string | null> {
    const data = await this.readAll();
    const v = data[key];
    return typeof v === "string" ? v : null;
  }

  async setItem(key: string, value: string): Promise<void> {
    await this.update((data) => {
      data[key] = value;
    });
  }

  async removeItem(key: string): Promise<void> {
    await this.update((data) => {
      delete data[key];
    });
  }

  /** Every stored key (profile secrets are kept one key per profile). */
  async keys(): Promise<string[]> {
    return Object.keys(await this.readAll());
  }

  /** Removes all entries whose key satisfies `match`. */
  async removeWhere(match: (key: string) => boolean): Promise<void> {
    await this.update((data) => {
      for (const k of Object.keys(data)) if (match(k)) delete data[k];
    });
  }

  private async readAll(): Promise<Record<string, unknown>> {
    if (!this.modesChecked) {
      try {
        for (const line of await keepPrivate(this.file, path.dirname(this.file))) this.onNotice(line);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ELOOP") throw new TokenFileError(this.file, "a symbolic link", true);
        throw e;
      }
      this.modesChecked = true;
    }
    let text: string;
    try {
      // O_NOFOLLOW: a link swapped in after the check above is refused too (ELOOP).
      const h = await openOwn(this.file, "read");
      try {
        const { size } = await h.stat();
        if (size > MAX_TOKEN_FILE_BYTES) throw new TokenFileError(this.file, `larger than ${MAX_TOKEN_FILE_BYTES / 1024 / 1024} MiB, which no token file is`);
        text = await h.readFile("utf8");
      } finally {
        await h.close();
      }
    } catch (e) {
      if (e instanceof TokenFileError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return {};
      if (code === "ELOOP") throw new TokenFileError(this.file, "a symbolic link", true);
      // The system's words and code only: never anything read from the file.
      throw new TokenFileError(this.file, code ?? "cannot be read");
    }
    if (text.trim() === "") return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch (e) {
      throw new TokenFileError(this.file, jsonFaultWithoutContent(text, e));
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new TokenFileError(this.file, "not a JSON object");
    return parsed as Record<string, unknown>;
  }

  private async update(mutate: (data: Record<string, unknown>) => void): Promise<void> {
    const dir = path.dirname(this.file);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const release = await lockFile(this.file, this.staleLockMs);
    try {
      let data: Record<string, unknown>;
      try {
        data = await this.readAll();
      } catch (e) {
        if (!(e instanceof TokenFileError) || e.link) throw e;
        // Not blocking login forever, and not overwriting what the file may still hold: it is kept beside.
        const aside = await moveAside(this.file);
        this.onNotice(`${this.file} could not be read (${e.reason}); moved aside to ${aside}: the other profiles' secrets need a new login`);
        data = {};
      }
      mutate(data);
      await writeFileAtomic(this.file, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
    } finally {
      await release();
    }
  }
}
