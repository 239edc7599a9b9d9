import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { e2eSandboxCount, useTestSandboxDefaults } from "./tests/e2e/helpers/sandboxes.mjs";

useTestSandboxDefaults();

/**
 * Unit files that need a module graph of their own: the storefront's (its stores and the DOM's
 * localStorage live in module scope), those that vi.mock a module another file may already have
 * loaded for real, and first-frame's, which sets CI=0 before Ink loads (Ink reads it once, at load).
 */
const ISOLATED = ["tests/storefront-web/**/*.test.ts", "tests/storefront-web/**/*.test.tsx", "tests/cli/sandbox/install-store.test.ts", "tests/cli/sandbox/medusa-process.start-order.test.ts", "tests/tui/first-frame.test.ts"];

/**
 * End-to-end files that run on the production topology's sandbox instead of a default one: the
 * failure matrix (Medusa restarted and PostgreSQL stopped under bulk jobs) and the fault walks of
 * the SDK and the CLI. What they prove goes through the HTTP API and behaves the same on both
 * topologies (all pass on each), and most of their time is spent waiting (proxy delays, timeouts,
 * restarts, the 10 s outage) rather than working. The production lane has room for that wait: it
 * ended 300 s before the two default lanes, which now have 175 s less of files to run.
 */
const ON_PRODUCTION_ONLY = [
  "tests/e2e/failure-matrix.test.ts",
  "tests/e2e/faults-sdk.test.ts",
  "tests/e2e/faults-cli.test.ts",
  // What a crawler and Lighthouse read goes through the store API alone, the same on both topologies
  // (pictures on S3 there): the production lane ends well before the default ones, so they run there.
  "tests/e2e/storefront-seo.test.ts",
  "tests/e2e/storefront-lighthouse.test.ts",
  // A browser suite that only reads the shop and checks out through the store API, the same on both
  // topologies: on a loaded machine the production lane ended 170 s before the default ones. Both
  // this and storefront-layout there made it the last by 150 s on a quiet one (lanes 574 / 726 s),
  // so layout stays in the default lanes.
  "tests/e2e/storefront-trust.test.ts",
];

// The storefront imports the SDK's store entry by its package name, as an app would.
const resolve = { alias: { "medusactl/sdk/store": fileURLToPath(new URL("./src/sdk/store-client.ts", import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
          exclude: ["tests/e2e/**", "tests/e2e-production/**", ...ISOLATED, "node_modules/**"],
          testTimeout: 20_000,
          // vitest's default leaves a core idle (one worker on two cores): the unit files share nothing.
          maxWorkers: availableParallelism(),
          // One module graph per worker instead of one per file: these files keep no state between
          // them (checked with --sequence.shuffle), and importing the CLI, SDK and Ink again for
          // each file was a third of the unit run's CPU (164 against 115 CPU-seconds).
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: "unit-isolated",
          include: ISOLATED,
          testTimeout: 20_000,
          maxWorkers: availableParallelism(),
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: ON_PRODUCTION_ONLY,
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // One module graph per worker, as in `unit`: the files share no state but the seeded
          // snapshot, which the setup file restores before each of them (it runs per file all the
          // same), and the helpers' only cache holds the ids of seeded objects, which a restore
          // keeps. 20 light files took 54–58 s and 99–107 busy CPU-seconds against 69–70 s and
          // 128–132 with a graph per file.
          isolate: false,
          // One worker per sandbox (MEDUSACTL_E2E_SANDBOXES; `npm test` starts two): each file
          // restores its sandbox's snapshot, so no two files may share one at once.
          fileParallelism: e2eSandboxCount() > 1,
          maxWorkers: e2eSandboxCount(),
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/helpers/from-seeded.ts"],
        },
      },
      {
        resolve,
        test: {
          name: "e2e-production",
          // Its own suites, and the end-to-end suites whose behaviour the topology changes: files
          // (imports upload to S3, exports are written there and announced by the worker), jobs the
          // worker runs off Redis (import and export workflows), workflow streams and the cart's
          // completion under Redis locking (sdk-store, the TUI), and snapshots (Redis's keys and the
          // S3 storage are part of them). Writes that are plain synchronous workflows in the server
          // (apply, order handling) behave the same on both and run once, in the e2e project; so do
          // the tests of these files that the topology cannot change (reads, checks made before any
          // write), declared with `once` (tests/e2e/helpers/topology.ts).
          include: [
            "tests/e2e-production/**/*.test.ts",
            "tests/e2e/bulk-products.test.ts",
            "tests/e2e/bulk-export.test.ts",
            "tests/e2e/sdk-store.test.ts",
            "tests/e2e/sdk-admin-platform.test.ts",
            "tests/e2e/tui.test.ts",
            "tests/e2e/sandbox-snapshots.test.ts",
            ...ON_PRODUCTION_ONLY,
          ],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          isolate: false,
          fileParallelism: false,
          globalSetup: ["tests/e2e-production/global-setup.ts"],
          setupFiles: ["tests/e2e/helpers/from-seeded.ts"],
        },
      },
    ],
  },
});
