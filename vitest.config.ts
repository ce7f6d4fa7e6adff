import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration files run one per core, each in its own database cloned from one template; unit
// files need no database, so they start without Postgres; the browser tests run one file at a
// time, each on its own database (cloned from the demo data's) and server (tests/e2e/portale.ts).
const CORES = os.availableParallelism();

export default defineConfig({
  test: {
    // CI also writes a JSON report (every project's files in one), from which .ci/run prints a plain 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: CORES,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          pool: 'forks',
          maxWorkers: CORES,
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
