import { defineConfig } from 'vitest/config';

// Two cores here: integration files run two at a time, each in its own database; the browser
// tests run one file at a time against one server.
export default defineConfig({
  test: {
    // CI also writes a JSON report, from which .ci/run prints a plain 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/e2e/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
