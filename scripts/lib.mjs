// Bootstrap helpers for the project's own commands. Plain Node (>= 20), no dependencies:
// these run before `npm install` has put anything in node_modules.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const binDir = path.join(root, 'node_modules', '.bin');
export const node24 = path.join(binDir, 'node');
const stampFile = path.join(root, 'node_modules', '.install-stamp');

/** The environment every child gets: our pinned Node 24 and local binaries first on PATH. */
export const childEnv = (extra = {}) => ({
  ...process.env,
  PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
  ...extra,
});

export const log = (msg) => console.log(`\x1b[36m[mall]\x1b[0m ${msg}`);

export const run = (cmd, args, opts = {}) => {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: childEnv(opts.env) });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
  return Date.now() - started;
};

/** Runs a command and resolves with its exit code, never throwing. */
export const runAsync = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: childEnv(opts.env) });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export const ensureInstalled = () => {
  const hash = lockHash();
  if (existsSync(node24) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return;
  log(existsSync(path.join(root, 'node_modules')) ? 'updating dependencies' : 'installing dependencies');
  // `npm install` follows the committed lockfile. Not `npm ci`: it refuses a lockfile that lacks
  // other platforms' optional binaries, which the registry here does not carry for every package.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stampFile, hash);
};

/** Debian's Chromium for the browser tests; installed with apt-get when missing. */
export const ensureChromium = () => {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return chromium;
  log('installing Chromium from Debian packages (apt-get)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation']);
  if (!existsSync(chromium)) throw new Error(`Chromium is still missing at ${chromium}`);
  return chromium;
};

export const formatMs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A command with both output streams piped to this process (colours on when this one shows them). */
const spawnPiped = (cmd, args, opts) =>
  spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: root,
    ...opts,
    env: childEnv({ FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...opts.env }),
  });

/** Runs a command with its output held back; resolves with its exit code and its output (both streams, in order). */
export const runCaptured = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawnPiped(cmd, args, opts);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
