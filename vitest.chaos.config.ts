import { defineConfig } from 'vitest/config';

// The chaos suite (test/chaos): one file at a time, as it stops and starts services and processes and
// measures what the load sees.
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
