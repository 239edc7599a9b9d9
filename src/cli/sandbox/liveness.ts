/**
 * The system side of cache-rules.ts: what /proc says about a pid on this machine. Everything
 * answers undefined where /proc is missing or unreadable, and the rules then fall back to what
 * `kill(pid, 0)` says.
 */
import { readFileSync, readlinkSync } from "node:fs";

import type { ProcessProbe } from "./cache-rules.js";
import { pidAlive } from "./processes.js";

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

let bootIdCache: string | undefined | null = null;

export function bootId(): string | undefined {
  if (bootIdCache === null) bootIdCache = read("/proc/sys/kernel/random/boot_id")?.trim() || undefined;
  return bootIdCache;
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
export function processStartTime(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // rest[0] is field 3 (state), so field 22 is rest[19].
  return rest[19];
}

export const systemProbe: ProcessProbe = {
  get bootId() {
    return bootId();
  },
  alive: pidAlive,
  startTime: processStartTime,
  cwd(pid) {
    try {
      return readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      return undefined;
    }
  },
  cmdline(pid) {
    const raw = read(`/proc/${pid}/cmdline`);
    return raw === undefined || raw === "" ? undefined : raw.split("\0").filter(Boolean);
  },
};
