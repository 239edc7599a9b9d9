/**
 * One run of a bulk job at a time (issue 26): two operators importing the same file into the same
 * store would each plan against what the other is still writing, and the loser's report would
 * lie. The lock is a file beside the job's checkpoint (`<key>.lock`), created with O_EXCL, naming
 * the holder's pid and start time. A lock whose process is gone (killed, machine rebooted) is
 * taken over; a pid that the kernel has since given to another process is recognised by its start
 * time in /proc, so a recycled pid does not keep a job locked for ever.
 */
import { promises as fs, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { createNew, openOwn } from "../../sdk/atomic-write.js";
import { JobError } from "../../term/errors.js";
import { sanitize } from "../../term/sanitize.js";

interface Holder {
  pid: number;
  host: string;
  /** When the run started (ISO 8601). */
  startedAt: string;
  /** The process's start time in clock ticks since boot (/proc/PID/stat field 22), when known. */
  ticks?: string;
  command: string;
}

/** A process's start time in clock ticks since boot, or undefined off Linux. */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** True while the process that wrote `h` still runs (same host, pid alive, same start time). */
export function holderAlive(h: Holder, host = hostname()): boolean {
  // Another machine's process cannot be checked: its lock stands (a shared data folder over NFS).
  if (h.host !== host) return true;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const ticks = processStartTicks(h.pid);
  return !(h.ticks && ticks && ticks !== h.ticks);
}

export class JobLock {
  private constructor(readonly file: string, private released = false) {}

  /**
   * Takes the job's lock, or refuses (exit 1) naming the run that holds it. `what` is the command
   * as the user typed it ("products import"), for the message.
   */
  static async acquire(dir: string, id: string, what: string, now: () => Date = () => new Date()): Promise<JobLock> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${id}.lock`);
    const me: Holder = { pid: process.pid, host: hostname(), startedAt: now().toISOString(), ticks: processStartTicks(process.pid), command: what };
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const h = await createNew(file);
        try {
          await h.writeFile(JSON.stringify(me) + "\n");
          await h.sync();
        } finally {
          await h.close();
        }
        return new JobLock(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
      const ino = await fs.stat(file).then((s) => s.ino, () => undefined);
      const holder = await readHolder(file);
      if (holder && holderAlive(holder)) {
        throw new JobError(
          `another run of this ${sanitize(what)} job is in progress (pid ${holder.pid}${holder.host !== me.host ? ` on ${sanitize(holder.host)}` : ""}, started ${sanitize(holder.startedAt)})`,
          `wait for it to finish, or stop it (kill ${holder.pid}) and run this command again with --resume`,
        );
      }
      if (!holder) {
        // Empty: another run may have created it a moment ago and not written it yet.
        const age = await fs.stat(file).then((s) => now().getTime() - s.mtimeMs, () => Infinity);
        if (age < 2_000) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
      }
      // Dead holder, or a lock file cut short by a crash while it was written: taken over. Only
      // the file judged dead is removed: when another run took it over meanwhile, its inode differs.
      if ((await fs.stat(file).then((s) => s.ino, () => undefined)) === ino) await fs.rm(file, { force: true });
    }
    throw new JobError(`could not take the job's lock ${file}: other runs keep taking it`);
  }

  /** Gives the lock up (idempotent); only our own lock file is removed. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    const holder = await readHolder(this.file);
    if (holder?.pid === process.pid) await fs.rm(this.file, { force: true });
  }
}

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const h = await openOwn(file, "read");
    try {
      const v = JSON.parse(await h.readFile("utf8")) as Holder;
      return typeof v?.pid === "number" ? v : undefined;
    } finally {
      await h.close();
    }
  } catch {
    return undefined;
  }
}
