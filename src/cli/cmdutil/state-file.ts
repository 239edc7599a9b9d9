/**
 * The small JSON state files medusactl keeps in its data folder (`pick-list.json`…) degrade, they
 * never crash a command (docs/SECURITY.md §12): read without following a link and at most
 * MAX_STATE_BYTES; one that is not what medusactl wrote (cut short, edited, another program's) is
 * named, set aside as `<name>.corrupt-<time>` (kept for a person to look at, never deleted), and the
 * command goes on as if there were none. A link in its place is refused, not moved (§3).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { openOwn } from "../../sdk/atomic-write.js";

export const MAX_STATE_BYTES = 1024 * 1024;

export type StateRead<T> = { value?: T; setAside?: { file: string; as: string; why: string } };

/**
 * Reads `file` and checks it with `parse` (undefined: not what we wrote). A missing file is no
 * value; an unreadable or refused one is set aside and reported in `setAside`.
 */
export async function readStateFile<T>(file: string, parse: (v: unknown) => T | undefined, now: () => number = Date.now): Promise<StateRead<T>> {
  let text: string;
  let why: string | undefined;
  try {
    const h = await openOwn(file, "read");
    try {
      const st = await h.stat();
      if (!st.isFile()) why = "it is not a regular file";
      else if (st.size > MAX_STATE_BYTES) why = `it is larger than ${MAX_STATE_BYTES / 1048576} MiB`;
      text = why ? "" : await h.readFile("utf8");
    } finally {
      await h.close();
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw e;
  }
  if (!why) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      why = "it is not valid JSON";
    }
    if (!why) {
      const value = parse(v);
      if (value !== undefined) return { value };
      why = "it does not hold what medusactl writes there";
    }
  }
  const as = path.join(path.dirname(file), `${path.basename(file)}.corrupt-${new Date(now()).toISOString().replace(/[:.]/g, "-")}`);
  await fs.rename(file, as);
  return { setAside: { file, as, why } };
}

/** The line a command prints when it set a state file aside. */
export function setAsideNotice(s: NonNullable<StateRead<unknown>["setAside"]>): string {
  return `${s.file} could not be used (${s.why}); it was moved to ${s.as} and the command goes on without it.`;
}
