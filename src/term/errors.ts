/** Errors commands throw; only main() turns them into output and an exit code (CONTRACT.md §3). */

export const EXIT = { ok: 0, error: 1, usage: 2, partial: 3, auth: 4, cancelled: 130 } as const;

export class CliError extends Error {
  readonly exitCode: number;
  readonly hint?: string;
  constructor(message: string, exitCode: number, hint?: string) {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** Bad flags or input; nothing was done. Exit 2. */
export class UsageError extends CliError {
  override name = "UsageError";
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** Credentials missing, rejected or expired. Exit 4 with a login hint. */
export class AuthRequiredError extends CliError {
  override name = "AuthRequiredError";
  constructor(message: string, hint = "run `medusactl login`") {
    super(message, EXIT.auth, hint);
  }
}

/** A bulk job in which some rows failed while writing. Exit 3. */
export class PartialFailureError extends CliError {
  override name = "PartialFailureError";
  constructor(message: string) {
    super(message, EXIT.partial);
  }
}

/** Ctrl-C or a declined prompt. Exit 130, nothing printed. */
export class CancelError extends CliError {
  override name = "CancelError";
  constructor(message = "cancelled") {
    super(message, EXIT.cancelled);
  }
}

/** The command already explained itself. Exit 1, nothing more printed. */
export class SilentError extends CliError {
  override name = "SilentError";
  constructor(exitCode: number = EXIT.error) {
    super("", exitCode);
  }
}

/** A failure of the command's own job (a server that is not running, a failed import). Exit 1. */
export class JobError extends CliError {
  override name = "JobError";
  constructor(message: string, hint?: string) {
    super(message, EXIT.error, hint);
  }
}

/** A settings file that cannot be used as it is (a corrupt profiles.json). Exit 1 with what to do. */
export class ConfigFileError extends CliError {
  override name = "ConfigFileError";
  readonly file: string;
  constructor(file: string, message: string, hint?: string) {
    super(message, EXIT.error, hint);
    this.file = file;
  }
}

const FS_WORDS: Record<string, string> = {
  ENOENT: "no such file or folder",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  EACCES: "permission denied",
  EPERM: "not permitted",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EEXIST: "it already exists",
  ELOOP: "it is a symbolic link (or a loop of them), which medusactl does not follow here",
  EMFILE: "too many files are open",
  ENAMETOOLONG: "the name is too long",
  EBUSY: "it is in use",
  EIO: "an input/output error on the disk",
  EFBIG: "the file is too large",
  ETXTBSY: "it is in use",
};

/**
 * An operating-system error code in plain words ("ENOENT" → "no such file or folder"); the code
 * itself follows for searching ("no such file or folder (ENOENT)"). Unknown codes are kept as they are.
 */
/** The most characters of one value a message quotes (docs/SECURITY.md §13). */
export const MAX_QUOTED = 200;
/** The most characters of one message line (a problem, an issue of a seed file). */
export const MAX_MESSAGE_LINE = 1000;

/**
 * A value as a message quotes it: strings JSON-quoted, anything else as JSON, cut to `max`
 * characters with how much was left out. A value from a file or a server may be megabytes (or,
 * through YAML aliases, gigabytes): no message grows with it.
 */
export function quoteValue(v: unknown, max = MAX_QUOTED): string {
  if (typeof v === "string") return v.length <= max ? JSON.stringify(v) : `${JSON.stringify(v.slice(0, max))}… (${v.length - max} more characters)`;
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = String(v);
  }
  text ??= String(v);
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** One message line cut to `max` characters, saying how much was left out. */
export function clipLine(line: string, max = MAX_MESSAGE_LINE): string {
  return line.length <= max ? line : `${line.slice(0, max)}… (${line.length - max} more characters)`;
}

export function fsWords(code: string | undefined, fallback = "it cannot be used"): string {
  if (!code) return fallback;
  const words = FS_WORDS[code];
  return words ? `${words} (${code})` : code;
}

/** Whether `e` is a Node file-system (or other system call) error: it has an errno code and a syscall. */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException & { syscall: string; dest?: string } {
  const x = e as { code?: unknown; syscall?: unknown };
  return typeof x?.code === "string" && /^E[A-Z0-9]+$/.test(x.code) && typeof x.syscall === "string";
}
