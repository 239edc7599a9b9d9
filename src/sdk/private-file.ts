/**
 * Files that hold secrets or settings we must not lose (tokens, profiles): their modes are kept
 * private, and a file we cannot parse is moved aside rather than overwritten, so whatever it still
 * holds can be recovered by hand. Node only.
 */
import { promises as fs } from "node:fs";

/**
 * Makes `file` (and its folder) private when group or others can read it: 0600 for the file,
 * 0700 for the folder. Returns a line per change for the caller to show, empty when all was well.
 */
export async function keepPrivate(file: string, dir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [p, want] of [
    [dir, 0o700],
    [file, 0o600],
  ] as const) {
    let mode: number;
    try {
      mode = (await fs.stat(p)).mode & 0o777;
    } catch {
      continue;
    }
    if ((mode & 0o077) === 0) continue;
    await fs.chmod(p, want);
    changed.push(`${p} was mode ${octal(mode)}, readable by others; now ${octal(want)}`);
  }
  return changed;
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
