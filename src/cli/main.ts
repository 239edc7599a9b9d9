import { CliError, EXIT, fsWords, isSystemError } from "../term/errors.js";
import { sanitize } from "../term/sanitize.js";
import type { Factory } from "./cmdutil/factory.js";
import { HELP_TOPICS, findTopic, rootHelp } from "./help.js";
import { findNoun } from "./nouns.js";
import type { IOStreams } from "../term/io.js";
import { SDK_VERSION } from "../sdk/version.js";

/**
 * Runs one command line and returns the exit code. The only place errors become output
 * (CONTRACT.md §3); `bin/medusactl.js` is the only place that exits.
 */
export async function main(argv: string[], io: IOStreams, signal: AbortSignal, stopNow?: AbortSignal): Promise<number> {
  // The first commands people type answer without loading commander (see help.ts).
  if (argv.length === 0 || (argv.length === 1 && ["--help", "-h", "help"].includes(argv[0]!))) {
    io.out.write(rootHelp(SDK_VERSION));
    return EXIT.ok;
  }
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    io.out.write(`${SDK_VERSION}\n`);
    return EXIT.ok;
  }
  if (argv[0] === "help" && argv.length === 2) {
    const topic = findTopic(argv[1]);
    if (topic) {
      io.out.write(topic.text + "\n");
      return EXIT.ok;
    }
    if (!findNoun(argv[1])) {
      io.err.write(`error: no command or help topic "${sanitize(argv[1]!)}"\nHelp topics: ${HELP_TOPICS.map((t) => t.name).join(", ")}; \`medusactl --help\` lists the commands\n`);
      return EXIT.usage;
    }
  }
  const debug = argv.includes("--debug");
  if (argv.includes("--no-color")) io.noColor = true;
  if (argv.includes("--csv-raw")) io.csvRaw = true;
  if (argv.includes("--quiet")) io.quiet = true;
  try {
    const [{ buildProgram }, { globalFlags }] = await Promise.all([import("./program.js"), import("./cmdutil/context.js")]);
    // The factory (config, credentials, prompts) loads only once an action is about to run.
    let createFactory: typeof import("./cmdutil/factory.js").createFactory | undefined;
    const factory = (cmd: Parameters<typeof globalFlags>[0]): Factory => {
      if (!createFactory) throw new Error("the factory was used before the preAction hook loaded it");
      return createFactory(io, globalFlags(cmd), signal, { stopNow, argv });
    };
    const program = await buildProgram(argv, { factory });
    program.hook("preAction", async () => {
      createFactory ??= (await import("./cmdutil/factory.js")).createFactory;
    });
    program.exitOverride();
    program.configureOutput({
      writeOut: (s) => io.out.write(s),
      writeErr: (s) => io.err.write(s),
      outputError: (s, write) => write(s),
    });
    // Every subcommand inherits exitOverride and output routing.
    const walk = (c: typeof program) => {
      for (const sub of c.commands) {
        sub.exitOverride();
        sub.configureOutput({ writeOut: (s) => io.out.write(s), writeErr: (s) => io.err.write(s) });
        walk(sub);
      }
    };
    walk(program);
    await program.parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (e) {
    return reportError(e, io, debug);
  }
}

/** commander's own errors (parse errors, help and version exits), recognised without loading it. */
function isCommanderError(e: unknown): e is { code: string; exitCode: number } {
  return typeof (e as { code?: unknown })?.code === "string" && (e as { code: string }).code.startsWith("commander.") && typeof (e as { exitCode?: unknown }).exitCode === "number";
}

export function reportError(e: unknown, io: IOStreams, debug: boolean): number {
  // Messages carry server text (a product title in a 409, a proxy's error page): never raw control sequences.
  const say = (text: string) => io.err.write(sanitize(text, { newlines: true }));
  if (isCommanderError(e)) {
    if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return EXIT.ok;
    // commander already printed its message and the usage hint.
    return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (e instanceof CliError) {
    if (e.exitCode === EXIT.cancelled) return e.exitCode;
    if (e.message) say(`Error: ${e.message}\n`);
    if (e.hint) say(`Hint: ${e.hint}\n`);
    return e.exitCode;
  }
  const err = e as { name?: string; message?: string; status?: number; type?: string; code?: string; request?: { method: string; url: string }; stack?: string; cause?: unknown };
  switch (err?.name) {
    case "ApiError": {
      const where = err.request ? `, ${err.request.method} ${pathOf(err.request.url)}` : "";
      const kind = [err.status, err.type ?? err.code].filter(Boolean).join(" ");
      if (err.status === 401) {
        say(`Error: ${err.message} (${kind}${where})\nHint: run \`medusactl login\`\n`);
        return EXIT.auth;
      }
      if (err.status === 403) {
        say(`Error: not permitted: ${err.message} (${kind}${where})\n`);
        return EXIT.error;
      }
      say(`Error: ${err.message} (${kind}${where})\n`);
      if (notMedusa(e)) say(`Hint: ${notMedusaHint(err.request?.url)}\n`);
      // Medusa answers some bad input (an unknown filter value) with a 500 rather than a 400.
      else if ((err.status ?? 0) >= 500) say(`Hint: Medusa failed on its side${err.request?.url.includes("?") ? "; a filter value it does not know can cause this (check the query)" : ""}. Its log says why (\`medusactl sandbox logs\` for the local sandbox); a GET is safe to repeat\n`);
      // Medusa answers an untyped 404 for a route it does not serve (a newer route, a feature flag that is off).
      else if (err.status === 404 && !err.type) say("Hint: the back-end does not serve this route; check the path, the Medusa version, or `medusactl feature-flags list`\n");
      return EXIT.error;
    }
    case "ResponseTooLargeError":
      say(`Error: ${err.message}\nHint: an answer this large is not a Medusa answer; check the back-end (--url, MEDUSA_URL, or the profile's URL)\n`);
      return EXIT.error;
    case "InconsistentResponseError":
      say(`Error: ${err.message}\nHint: ${notMedusaHint(err.request?.url)}\n`);
      return EXIT.error;
    case "InvalidResponseError":
      say(`Error: ${err.message}\nHint: ${notMedusaHint(err.request?.url)}\n`);
      return EXIT.error;
    case "NetworkError":
    case "TimeoutError":
      say(`Error: ${err.message}\n`);
      if (err.request && (e as { mayHaveBeenApplied?: boolean }).mayHaveBeenApplied === true) {
        say(
          `Hint: the ${err.request!.method} ${pathOf(err.request!.url)} was sent but no answer came back, so it may have taken effect; check the record before repeating it\n`,
        );
      }
      if (debug && err.cause) say(`Cause: ${String((err.cause as Error)?.message ?? err.cause)}\n`);
      return EXIT.error;
    case "AbortError":
      return EXIT.cancelled;
    case "TokenFileError":
      say(`Error: ${err.message}\n`);
      return EXIT.auth;
    case "QueryParseError":
      say(`Error: --query: ${err.message}\n`);
      return EXIT.usage;
    default:
      if (isSystemError(e)) {
        // A file or system call failed (a full disk, a folder that went away): what and where, in plain words.
        const where = e.path ? ` ${e.path}${e.dest ? ` → ${e.dest}` : ""}` : "";
        say(`Error: cannot ${e.syscall.replace(/_/g, " ")}${where}: ${fsWords(e.code)}\n`);
        if (debug && err?.stack) say(`${err.stack}\n`);
        return EXIT.error;
      }
      say(`Error: ${err?.message ?? String(e)}\n`);
      if (debug && err?.stack) say(`${err.stack}\n`);
      else say("This looks like a bug in medusactl; run again with --debug for details.\n");
      return EXIT.error;
  }
}

/** Medusa always answers errors with a JSON body carrying a `type`; anything else came from something else. */
function notMedusa(e: unknown): boolean {
  const body = (e as { body?: unknown }).body;
  return typeof body === "string" && !(e as { type?: string }).type;
}

function notMedusaHint(url: string | undefined): string {
  let origin = "the URL";
  try {
    if (url) origin = new URL(url).origin;
  } catch {
    // keep the generic wording
  }
  return `that answer is not Medusa's JSON: check that ${origin} is a Medusa back-end (--url, MEDUSA_URL, or the profile's URL)`;
}

// The same as pathOf in ../shared/net.ts, kept here: --version and --help load only this module's
// imports (tests/cli/main.cold-start.test.ts lists them).
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
