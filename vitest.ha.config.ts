import { defineConfig } from 'vitest/config';

// The HA suite (test/ha): replicated backing services started on loopback by the tests themselves (a
// three-node NATS cluster, a PostgreSQL primary with a standby), faults injected into them one at a time.
// One file at a time: each starts its own cluster and measures what the load sees. `npm run test:ha`.
export default defineConfig({
  test: {
    include: ['test/ha/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
