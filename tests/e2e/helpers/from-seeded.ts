/**
 * Every end-to-end file starts from its sandbox's `seeded` snapshot (a setup file of the e2e
 * projects, run before the file is imported). So no suite sees what another one wrote, none has to
 * clean up after itself (deleting 2,000 imported products took 3 minutes), and an export of the
 * whole catalogue finds exactly the seed. It costs about half a second per file.
 *
 * The snapshot is the one `sandbox up` saved right after seeding; the global setup makes sure it
 * exists. The restore runs in the test's process (what `medusactl sandbox snapshot restore seeded`
 * runs, without starting a CLI process for each of the ~60 files). MEDUSACTL_DATA_DIR is set here
 * to this worker's sandbox, so the CLI runs of the file (which keep the environment) find it too.
 */
import { resolveOptions } from "../../../src/cli/sandbox/paths.js";
import { sandboxSnapshotRestore } from "../../../src/cli/sandbox/snapshots.js";
import { workerBackend } from "./worker-backend.js";

process.env.MEDUSACTL_DATA_DIR = workerBackend().dataDir;
const started = Date.now();
try {
  await sandboxSnapshotRestore(resolveOptions({ env: process.env }), "seeded");
} catch (e) {
  throw new Error(`could not restore the "seeded" snapshot of ${process.env.MEDUSACTL_DATA_DIR} before this file: ${(e as Error).message}`);
}
if (process.env.MEDUSACTL_E2E_VERBOSE) process.stderr.write(`› seeded snapshot of ${process.env.MEDUSACTL_DATA_DIR} restored in ${Date.now() - started} ms\n`);
