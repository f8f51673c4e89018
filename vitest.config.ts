import { defineConfig } from 'vitest/config';

/** One project per suite; `npm test` (scripts/test-all.ts) runs them in order and sums them up. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          // Above the 5 s a query waits (tests/components/setup.ts), so a missing text is reported as such.
          testTimeout: 15_000,
          setupFiles: ['tests/components/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { SCRYPT_COST: '1024' },
        },
      },
      {
        test: {
          // Issue 19: server processes behind HAProxy on PostgreSQL (scripts/cluster.ts); one cluster at a time.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser, one server: files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Model-based browser tests (tests/model/modelTests.ts): the e2e suite's server and browser.
          name: 'model',
          include: ['tests/model/**/*.model.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
