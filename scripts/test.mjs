// `npm test`: installs what the tests need (dependencies, Debian's Chromium) and runs every test:
// lint, the import check, types, shared and web unit tests, the server suite on PGlite and on
// PostgreSQL, and the end-to-end journeys in Chromium against the built app. Prints one summary
// at the end.
//
// The short checks (lint, imports, audit, types) run two at a time. Then the suites run one at a
// time, each keeping both cores busy on its own: the server suite on PGlite, on PostgreSQL, the
// journeys. Side by side the two server suites took 545 s against 220 s and 219 s one after the
// other on a half-speed machine: each suite alone keeps 1.8-1.9 cores busy, and four workers with
// their server processes on two cores only lost time to each other (docs/testing.md). Work of one
// core (the web build, the journeys' demo data) runs beside a suite's start, which uses one.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ensureChromium,
  ensureInstalled,
  formatMs,
  log,
  node24,
  root,
  runAsync,
  runCaptured,
} from './lib.mjs';

const t0 = Date.now();
ensureInstalled();
const chromium = ensureChromium();
const reports = mkdtempSync(path.join(os.tmpdir(), 'mall-test-'));
const ci = process.env.CI === 'true';
// Every Node process of the run (test workers, the shops and commands the tests start) keeps the
// code it compiled here and the next one loading the same file reuses it: the server's modules
// took 3.0 s of CPU to load against 3.6 s without, and the suites and journeys
// start some 40 server processes and commands.
process.env.NODE_COMPILE_CACHE ??= path.join(reports, 'node-compile-cache');

const pgReachable = () =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    socket.on('connect', () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => resolve(socket.destroy() && false));
  });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const vitest = (dir, name, env = {}) => ({
  name,
  cmd: node24,
  args: [
    bin('vitest'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
  cwd: path.join(root, dir),
  env,
  report: path.join(reports, `${name}.json`),
  kind: 'vitest',
});

// The checks (lint, imports, audit, types) run two at a time, each one's output printed when it
// ends: they are short, tsc uses one core, and the audit mostly waits on the advisory service.
const CHECKS_AT_ONCE = 2;
const steps = [
  { name: 'lint', cmd: node24, args: [bin('biome'), 'check', '.'] },
  // The import check: layer rules and cycles (.dependency-cruiser.mjs).
  {
    name: 'imports',
    cmd: node24,
    args: [bin('depcruise'), 'web/src', 'server/src', 'server/seed', '--config', '.dependency-cruiser.mjs'],
  },
  // Production dependencies against the security advisories (passes with a notice when the
  // advisory service does not answer, as on the CI machines).
  { name: 'audit', cmd: process.execPath, args: [path.join(root, 'scripts', 'audit.mjs')] },
  ...['shared', 'server', 'web', 'e2e', 'bench'].map((p) => ({
    name: `types:${p}`,
    cmd: node24,
    args: [bin('tsc'), '-p', p],
  })),
].map((step) => ({ ...step, check: true }));
steps.push(vitest('shared', 'shared'), vitest('web', 'web'));
const serverWorkers = { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? '2' };
const pg = await pgReachable();
// What the journeys run against: the shops' data on copies of one seeded PostgreSQL database when
// it is there, else on copied PGlite data folders (e2e/shops.ts; docs/testing.md).
const e2eEnv = {
  CHROMIUM_PATH: chromium,
  E2E_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-')),
  E2E_PG_PREFIX: `${process.env.TEST_PG_DB_PREFIX ?? 'mall_'}e2e_${process.pid}_`,
  ...(pg
    ? { E2E_PG_ADMIN_URL: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }
    : {}),
};
// Work that needs one core, done while a suite starts on one core: each server suite first makes
// its own migrated and seeded copy (server/test/global-setup.ts: 15 s on PGlite, 8 s on
// PostgreSQL) while its workers wait. The journeys' demo data (12 s) is made beside the first, the
// web build (5 s) beside the second; the journeys wait for both.
const e2eData = {
  name: 'e2e data',
  cmd: node24,
  args: ['e2e/shops.ts', '--template-only'],
  env: e2eEnv,
};
const build = { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] };
steps.push({
  ...vitest('server', 'server-pglite', { TEST_DB: 'pglite', ...serverWorkers }),
  alongside: pg ? [e2eData] : [e2eData, build],
});
if (pg)
  steps.push({
    ...vitest('server', 'server-postgres', { TEST_DB: 'postgres', ...serverWorkers }),
    alongside: [build],
  });
else if (ci)
  steps.push({
    name: 'server-postgres',
    fail: 'PostgreSQL is not reachable at 127.0.0.1:5432 (required in CI)',
  });
else log('PostgreSQL is not reachable at 127.0.0.1:5432: the server suite runs on PGlite only');
steps.push({
  name: 'e2e',
  cmd: node24,
  args: [bin('playwright'), 'test', '--reporter=list,json'],
  cwd: path.join(root, 'e2e'),
  env: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
  report: path.join(reports, 'e2e.json'),
  kind: 'playwright',
  needs: [build.name, e2eData.name],
});

const counts = (step) => {
  if (!step.report || !existsSync(step.report)) return null;
  const r = JSON.parse(readFileSync(step.report, 'utf8'));
  if (step.kind === 'vitest')
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    };
  return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped };
};

const results = [];
// Jobs started beside a step (`alongside`), their output held back until a step that `needs` them.
const jobs = new Map();
const startJob = (job) => {
  const started = Date.now();
  jobs.set(
    job.name,
    runCaptured(job.cmd, job.args, { cwd: job.cwd ?? root, env: job.env }).then((done) => ({
      ...done,
      ms: Date.now() - started,
    })),
  );
};
const awaitJob = async (name) => {
  const done = await jobs.get(name);
  log(`▶ ${name} (${formatMs(done.ms)}, run beside the step before)`);
  process.stdout.write(done.output);
  results.push({ name, ok: done.code === 0, ms: done.ms, tests: null });
};

const runStep = async (step) => {
  for (const job of step.alongside ?? []) startJob(job);
  for (const name of step.needs ?? []) await awaitJob(name);
  const started = Date.now();
  let code = 1;
  if (step.fail) {
    log(`▶ ${step.name}`);
    console.error(step.fail);
  } else if (step.check) {
    const done = await runCaptured(step.cmd, step.args, { cwd: step.cwd ?? root, env: step.env });
    log(`▶ ${step.name} (${formatMs(Date.now() - started)}, run beside the other checks)`);
    process.stdout.write(done.output);
    code = done.code;
  } else {
    log(`▶ ${step.name}`);
    code = await runAsync(step.cmd, step.args, { cwd: step.cwd ?? root, env: step.env });
  }
  return { name: step.name, ok: code === 0, ms: Date.now() - started, tests: counts(step) };
};

const checks = steps.filter((s) => s.check);
const checkResults = new Array(checks.length);
let next = 0;
const checksStarted = Date.now();
await Promise.all(
  Array.from({ length: CHECKS_AT_ONCE }, async () => {
    while (next < checks.length) {
      const i = next++;
      checkResults[i] = await runStep(checks[i]);
    }
  }),
);
results.push(...checkResults);
log(`checks took ${formatMs(Date.now() - checksStarted)} in all`);
for (const step of steps.filter((s) => !s.check)) results.push(await runStep(step));

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n step               result   time     tests');
for (const r of results) {
  const t = r.tests ? `${r.tests.passed} passed, ${r.tests.failed} failed` : '';
  if (r.tests) {
    passed += r.tests.passed;
    failed += r.tests.failed;
    skipped += r.tests.skipped;
  }
  if (!r.ok && !(r.tests?.failed > 0)) failed += 1; // a step that failed outside its tests (lint, types, crash)
  console.log(
    ` ${r.name.padEnd(18)} ${(r.ok ? 'ok' : 'FAILED').padEnd(8)} ${formatMs(r.ms).padStart(7)}  ${t}`,
  );
}
console.log(`\n total time ${formatMs(Date.now() - t0)}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });
