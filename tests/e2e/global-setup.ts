import type { TestProject } from "vitest/node";
import { provideBackend } from "./helpers/backend.js";

export type { Backend } from "./helpers/backend.js";

/** The single-process sandbox (default port and data folder). Nothing stands in for Medusa in these suites. */
export default function setup(project: TestProject) {
  provideBackend(project);
}
