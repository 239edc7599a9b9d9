import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
          exclude: ["tests/e2e/**", "node_modules/**"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
