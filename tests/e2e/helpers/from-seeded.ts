/**
 * Every end-to-end file starts from the sandbox's `seeded` snapshot (a setup file of the e2e
 * projects, run before the file is imported). So no suite sees what another one wrote, none has to
 * clean up after itself (deleting 2,000 imported products took 3 minutes), and an export of the
 * whole catalogue finds exactly the seed. It costs about half a second per file.
 *
 * The snapshot is the one `sandbox up` saved right after seeding; the global setup makes sure it
 * exists. MEDUSACTL_DATA_DIR (set by the production project's global setup) picks the sandbox.
 */
import { spawnSync } from "node:child_process";
import { BIN } from "../../helpers/cli.js";

const started = Date.now();
const r = spawnSync(process.execPath, [BIN, "sandbox", "snapshot", "restore", "seeded", "--yes"], { encoding: "utf8", timeout: 120_000 });
if (r.status !== 0) throw new Error(`could not restore the sandbox's "seeded" snapshot before this file (exit ${r.status}): ${r.stderr}`);
if (process.env.MEDUSACTL_E2E_VERBOSE) process.stderr.write(`› seeded snapshot restored in ${Date.now() - started} ms\n`);
