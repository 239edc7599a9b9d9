/**
 * The S3 server of the production topology: s3rver (a dependency of the sandbox package) run
 * detached through `src/scripts/s3-server.mjs`, storing objects under `<sandbox>/s3`, with the
 * bucket created at start and the sandbox's own keys (passed in the environment, never argv).
 */
import { join } from "node:path";

import { livePid, spawnDaemon, stopDaemon, waitReady, type Identity } from "./daemon.js";
import { DEFAULT_HOST, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { baseChildEnv } from "./processes.js";
import { ensureDir } from "./state.js";
import { S3_BUCKET, type S3Credentials } from "./topology.js";

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const SCRIPT = "s3-server.mjs";

function identity(paths: SandboxPaths): Identity {
  return { arg: SCRIPT, cwd: paths.app };
}

/** The bucket answers an (unsigned) GET: s3rver only checks signatures that are present. */
export async function s3Ready(port: number, timeoutMs = 1500): Promise<boolean> {
  try {
    const res = await fetch(`http://${DEFAULT_HOST}:${port}/${S3_BUCKET}?max-keys=0`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export function s3Pid(paths: SandboxPaths): number | undefined {
  return livePid(paths.s3PidFile, identity(paths));
}

/** Starts the S3 server unless ours already serves the bucket on `port`. */
export async function startS3(r: ResolvedOptions, port: number, keys: S3Credentials): Promise<number> {
  const p = r.paths;
  const running = s3Pid(p);
  if (running !== undefined && (await s3Ready(port))) return running;
  if (running !== undefined) await stopS3(p);
  ensureDir(p.s3Dir, 0o755);
  const env = {
    ...baseChildEnv(r.env),
    S3RVER_PORT: String(port),
    S3RVER_DIRECTORY: p.s3Dir,
    S3_BUCKET,
    S3_ACCESS_KEY_ID: keys.accessKeyId,
    S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
  };
  const script = join(p.app, "src", "scripts", SCRIPT);
  const spec = { label: "the S3 server", command: process.execPath, args: [script], env, cwd: p.app, pidFile: p.s3PidFile, logFile: p.s3Log, headline: `s3rver on port ${port}` };
  r.log(`starting the S3 server on ${DEFAULT_HOST}:${port} (bucket ${S3_BUCKET}, storage ${p.s3Dir})…`);
  const spawned = await spawnDaemon(spec);
  await waitReady(spec, spawned, () => s3Ready(port), { timeoutMs: READY_TIMEOUT_MS, signal: r.signal, what: `serve the ${S3_BUCKET} bucket` });
  return spawned.pid;
}

export function stopS3(paths: SandboxPaths): Promise<boolean> {
  return stopDaemon(paths.s3PidFile, identity(paths), STOP_TIMEOUT_MS);
}
