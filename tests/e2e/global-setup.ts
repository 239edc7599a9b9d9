import type { TestProject } from "vitest/node";
import { e2eSandboxes, provideBackends } from "./helpers/backend.js";

export type { Backend } from "./helpers/backend.js";

/** The single-process sandboxes, one per worker (see e2eSandboxes). Nothing stands in for Medusa in these suites. */
export default async function setup(project: TestProject) {
  await provideBackends(project, e2eSandboxes());
}
