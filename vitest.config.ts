import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
          exclude: ["tests/e2e/**", "tests/e2e-production/**", "node_modules/**"],
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
        },
      },
      {
        resolve,
        test: {
          name: "e2e-production",
          include: ["tests/e2e-production/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ["tests/e2e-production/global-setup.ts"],
        },
      },
    ],
  },
});
