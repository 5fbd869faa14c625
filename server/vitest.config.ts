import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that start server processes, first, the longest of them first: on a fresh clone
 * Vitest has no timings of earlier runs and starts the largest files first, which left the
 * process test (a shop's first start on an empty PGlite database, then a second start: about 45 s)
 * to start last and run alone at the end. The others start and stop server processes
 * too (the first start on PostgreSQL, the cluster test and the operator and order commands run on
 * PostgreSQL only); each process loads the server's modules before it answers, 15-30 s on a busy
 * half-speed machine, and the four files of two processes each, left to the end, made the
 * PostgreSQL suite's last 90 s one file at a time with a worker idle. Only the order
 * changes; every file runs.
 */
const LONGEST_FIRST = [
  'process.test.ts',
  'process-postgres.test.ts',
  'cluster.test.ts',
  'operator-reset-command.test.ts',
  'order-commands.test.ts',
  'two-processes.test.ts',
  'stripe-processes.test.ts',
  'chat-processes.test.ts',
  'checkout-wallet-race.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}

/**
 * The server suite runs once per database: TEST_DB=pglite (default, embedded) or
 * TEST_DB=postgres (a real server; each run creates and drops its own databases). The tests of
 * code that opens no database (test/unit/) run in the first only: on PostgreSQL they would repeat
 * the same work.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: onPostgres ? [...configDefaults.exclude, 'test/unit/**'] : configDefaults.exclude,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a worker's loaded modules (the app, PGlite's compiled WebAssembly) instead of
    // loading them again for each file: the PGlite suite took four times as long with isolation.
    // Each file builds its own app on its own database (the order module's links are passed to it
    // in app.ts), and a worker runs one file at a time.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
