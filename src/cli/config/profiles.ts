// Hand-written locked JSON files, not the `conf` package: conf@16 costs +77 ms per process (137 ms vs 60 ms for an empty node) and does not lock read-modify-write across processes.
import { promises as fs } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { lockFile } from "../../sdk/file-lock.js";
import { moveAside } from "../../sdk/private-file.js";
import { ConfigFileError } from "../../term/errors.js";

/** Non-secret settings of one profile; its secret lives in the token file under `secretKey(name)`. */
export interface Profile {
  url: string;
  /** How the secret authenticates: a secret API key (HTTP Basic) or a JWT from email/password. */
  auth: "api-key" | "jwt";
  email?: string;
  publishableKey?: string;
  production?: boolean;
  readOnly?: boolean;
}

export interface ProfilesFile {
  default?: string;
  profiles: Record<string, Profile>;
}

export const PROFILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Key of a profile's secret in the token file. */
export function secretKey(profile: string): string {
  return `profile:${profile}`;
}

/** profiles.json: read whole, written whole and atomically, mode 0600 in a 0700 folder. */
export class ProfileStore {
  readonly file: string;
  private readonly onNotice: (message: string) => void;
  constructor(dir: string, onNotice: (message: string) => void = () => {}) {
    this.file = path.join(dir, "profiles.json");
    this.onNotice = onNotice;
  }

  async read(): Promise<ProfilesFile> {
    let text: string;
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return { profiles: {} };
      throw e;
    }
    let data: ProfilesFile;
    try {
      data = JSON.parse(text) as ProfilesFile;
      if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("not an object");
      if (data.profiles !== undefined && (typeof data.profiles !== "object" || data.profiles === null || Array.isArray(data.profiles))) throw new Error('"profiles" is not an object');
    } catch (e) {
      throw new ConfigFileError(
        this.file,
        `${this.file} is not a valid profiles file (${(e as Error).message})`,
        "fix it by hand, or run `medusactl login` again: the next login moves the broken file aside and starts a new one",
      );
    }
    return { default: data.default, profiles: data.profiles ?? {} };
  }

  async write(data: ProfilesFile): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
  }

  /** Read-modify-write under a lock: many CLI processes may save profiles at once. */
  async update(mutate: (data: ProfilesFile) => void): Promise<ProfilesFile> {
    await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const release = await lockFile(this.file);
    try {
      let data: ProfilesFile;
      try {
        data = await this.read();
      } catch (e) {
        if (!(e instanceof ConfigFileError)) throw e;
        // Never overwrite what a broken file may still hold: it is kept beside, and the user told.
        const aside = await moveAside(this.file);
        this.onNotice(`${e.message}; moved aside to ${aside}`);
        data = { profiles: {} };
      }
      mutate(data);
      await this.write(data);
      return data;
    } finally {
      await release();
    }
  }
}

/** Two URLs name the same back-end when origin and path prefix match (trailing slash ignored). */
export function sameBackend(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    const px = x.pathname.replace(/\/+$/, "");
    const py = y.pathname.replace(/\/+$/, "");
    return x.origin === y.origin && px === py;
  } catch {
    return a === b;
  }
}
