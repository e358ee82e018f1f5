import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // In this repository @sentral/client is its source (the packed package carries the built JavaScript).
  resolve: { alias: { '@sentral/client': fileURLToPath(new URL('./clients/typescript/src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts', 'clients/*/test/**/*.test.ts', 'examples/test/**/*.test.ts'],
    // The chaos and HA suites take minutes: `npm run test:chaos` and `npm run test:ha` (their own configs);
    // a short version of each runs here.
    exclude: [...configDefaults.exclude, 'test/chaos/**', 'test/ha/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    // Most of a file's time is waiting (20 ms audio ticks, real timers, sockets): three forks on a 2-core
    // machine ran the suite in 240 s instead of 577 s with one, and every test must hold under that load.
    maxWorkers: 3,
  },
});
