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
    // Files share a worker's loaded modules (the app, PGlite's compiled WebAssembly) instead of
    // loading them again for each file: the suite took 258 s with isolation and 62 s without
    // (PGlite, 2 workers, 2026-11-25). Each file builds its own app on its own database; the few
    // module-level registrations (paid-order hooks, the password-hash limit) are made again by each
    // app, and a worker runs one file at a time.
    isolate: false,
  },
});
