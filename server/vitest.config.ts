import { defineConfig } from 'vitest/config';

/**
 * The server suite runs once per database: TEST_DB=pglite (default, embedded) or
 * TEST_DB=postgres (a real server; each run creates and drops its own databases).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
