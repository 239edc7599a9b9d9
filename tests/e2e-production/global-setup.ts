import { homedir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { provideBackends } from "../e2e/helpers/backend.js";

export const PRODUCTION_PORT = 9300;
export const PRODUCTION_DB_PORT = 54339;

declare module "vitest" {
  export interface ProvidedContext {
    /** The data root of the production-topology sandbox (beside, never inside, the default one). */
    productionDataDir: string;
  }
}

/** Its own data root, so it runs beside the default sandbox (ports 9000/54329) without touching it. */
function dataDir(): string {
  if (process.env.MEDUSACTL_PRODUCTION_DATA_DIR) return path.resolve(process.env.MEDUSACTL_PRODUCTION_DATA_DIR);
  if (typeof process.getuid === "function" && process.getuid() === 0) return "/var/lib/medusactl-production";
  const userData = process.env.XDG_DATA_HOME || path.join(process.env.HOME || homedir(), ".local", "share");
  return path.join(userData, "medusactl-production");
}

/** The production topology: a Medusa server and a worker on Redis, files on an S3 server. */
export default async function setup(project: TestProject) {
  const root = dataDir();
  project.provide("productionDataDir", root);
  await provideBackends(project, [{ dataDir: root, args: ["--topology", "production", "--port", String(PRODUCTION_PORT), "--db-port", String(PRODUCTION_DB_PORT)] }]);
}
