import { defineConfig } from 'vitest/config';

// One worker, no isolation: every test file shares one database (PGlite start-up costs seconds,
// ARCHITECTURE §8). PostgreSQL mode: DATABASE_URL names a fresh database (see .ci/run).
export default defineConfig({
  test: {
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: false,
    isolate: false,
    pool: 'forks',
    include: ['test/**/*.test.ts'],
  },
});
