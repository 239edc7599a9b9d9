/**
 * Files that hold secrets or settings we must not lose (tokens, profiles): their modes are kept
 * private, and a file we cannot parse is moved aside rather than overwritten, so whatever it still
 * holds can be recovered by hand. Node only.
 */
import { promises as fs } from "node:fs";

/**
 * Makes `file` (and its folder) private when group or others can read it: 0600 for the file,
 * 0700 for the folder. Returns a line per change for the caller to show, empty when all was well.
 * A `file` that is a symbolic link is refused (ELOOP) and nothing is changed: its target is not
 * ours to chmod. (The folder may be a link the user made, e.g. into a dotfiles repository.)
 */
export async function keepPrivate(file: string, dir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [p, want] of [
    [dir, 0o700],
    [file, 0o600],
  ] as const) {
    let mode: number;
    try {
      // The file itself is looked at, never a link's target: chmod would change whatever it points to.
      const st = p === file ? await fs.lstat(p) : await fs.stat(p);
      if (st.isSymbolicLink()) throw linkRefused(p);
      mode = st.mode & 0o777;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ELOOP") throw e;
      continue;
    }
    if ((mode & 0o077) === 0) continue;
    await fs.chmod(p, want);
    changed.push(`${p} was mode ${octal(mode)}, readable by others; now ${octal(want)}`);
  }
  return changed;
}

/** The error of a private file that is a symbolic link: refused, as an O_NOFOLLOW open would be. */
export function linkRefused(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${file} is a symbolic link; medusactl keeps private data only in a regular file it made itself`), {
    code: "ELOOP",
    syscall: "open",
    path: file,
  });
}

export function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8).padStart(3, "0")}`;
}

/** Renames a corrupt `file` to `<file>.corrupt-<UTC time>` and returns that name. */
export async function moveAside(file: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 2; ; n++) {
    try {
      await fs.access(target);
      target = `${file}.corrupt-${stamp}-${n}`;
    } catch {
      break;
    }
  }
  await fs.rename(file, target);
  return target;
}
