// `npm run fuzz`: the full generated hostile-input run (thousands of requests, every operation
// of the OpenAPI document, anonymous and signed in) on PGlite; `npm test` runs a fixed, seeded
// 20 per operation of the same generator (server/test/hostile-input.test.ts). FUZZ_SEED picks
// the seed.
import path from 'node:path';
import { ensureInstalled, node24, root, runAsync } from './lib.mjs';

ensureInstalled();
process.exitCode = await runAsync(
  node24,
  [path.join(root, 'node_modules', '.bin', 'vitest'), 'run', 'test/hostile-input.test.ts'],
  { cwd: path.join(root, 'server'), env: { FUZZ: 'full', TEST_DB: process.env.TEST_DB ?? 'pglite' } },
);
