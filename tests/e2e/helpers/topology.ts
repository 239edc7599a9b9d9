/**
 * The e2e-production project reruns a few end-to-end files on the production topology (see
 * vitest.config.ts) for the tests in them whose behaviour that topology changes: files on S3, jobs
 * the worker runs off Redis, workflow streams, the cart's completion under Redis locking. The
 * others in those files (reads, checks made before anything is written, plain synchronous
 * workflows) run once, in the `e2e` project: they are declared with `once(...)` instead of `it(...)`.
 */
import { inject, it } from "vitest";

/** Whether this file runs in the e2e-production project (its global setup provides the data root). */
export const onProductionTopology = Boolean(inject("productionDataDir"));

/** `it`, skipped in the production topology's rerun. */
export const once = it.skipIf(onProductionTopology);
