// Which default-topology sandboxes the `e2e` project spreads its files over. Plain JavaScript so
// that scripts/test.mjs can start them in the background before vitest runs.

/**
 * How many (MEDUSACTL_E2E_SANDBOXES, default 1; `npm test` sets 2). Files restore the `seeded`
 * snapshot of their sandbox, so two files may never share one at the same time: the project runs
 * one worker per sandbox.
 * @param {NodeJS.ProcessEnv} env
 * @returns {number}
 */
export function e2eSandboxCount(env = process.env) {
  const n = Number(env.MEDUSACTL_E2E_SANDBOXES ?? 1);
  if (!Number.isInteger(n) || n < 1 || n > 4) throw new Error(`MEDUSACTL_E2E_SANDBOXES must be a whole number from 1 to 4, not ${JSON.stringify(env.MEDUSACTL_E2E_SANDBOXES)}`);
  return n;
}

/**
 * The first is the usual sandbox (the data root and ports the CLI defaults to); the others sit
 * beside it, `<root>-lane-N`, on ports 9100 + 10·(N-2) and 54349 + 10·(N-2) (9100-9120,
 * 54349-54369), clear of the production topology's (9300-9303, 54339) and of the CLI's defaults.
 * @param {string} firstDataDir the data root the CLI resolves (MEDUSACTL_DATA_DIR or its default)
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ dataDir: string, args?: string[] }[]}
 */
export function e2eSandboxes(firstDataDir, env = process.env) {
  return Array.from({ length: e2eSandboxCount(env) }, (_, i) =>
    i === 0 ? { dataDir: firstDataDir } : { dataDir: `${firstDataDir}-lane-${i + 1}`, args: ["--port", String(9100 + 10 * (i - 1)), "--db-port", String(54349 + 10 * (i - 1))] },
  );
}

/**
 * What the test sandboxes differ in from a user's, set in the environment that starts them, by
 * `npm test` and by a bare `vitest` alike (a sandbox seeded otherwise seeds again on its next reset).
 * They seed only the fixed orders, one in each state, not the 12 extra ones a user's sandbox gets to
 * fill its queue: every test places the orders it works on, and the extra ones cost each of the
 * three cold starts of a run about 12 Medusa CPU-seconds beside the unit tests.
 * @param {NodeJS.ProcessEnv} env
 */
export function useTestSandboxDefaults(env = process.env) {
  env.MEDUSACTL_SEED_ORDERS ??= "0";
}
