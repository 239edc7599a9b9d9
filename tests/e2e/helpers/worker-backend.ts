/**
 * The back-end of this worker. A project with several sandboxes runs one worker per sandbox, and
 * vitest numbers its workers 1..maxWorkers (VITEST_POOL_ID), never two running files with the same
 * number: so worker N owns backends[N - 1] alone, and restoring its snapshot touches no other file.
 */
import { inject } from "vitest";
import type { Backend } from "./backend.js";

export function workerBackend(): Backend {
  const backends = inject("backends");
  const id = Number(process.env.VITEST_POOL_ID ?? 1);
  const backend = backends[id - 1];
  if (!backend) throw new Error(`worker ${id} has no sandbox of its own (${backends.length} started): the project's maxWorkers must not exceed its sandboxes`);
  return backend;
}
