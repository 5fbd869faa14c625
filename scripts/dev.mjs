// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import { childEnv, ensureInstalled, log, node24, root } from './lib.mjs';

ensureInstalled();
const env = childEnv({ NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const children = [
  spawn(node24, ['--watch', '--watch-path=server/src', '--watch-path=shared/src', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit', env }),
];
log('dev: open http://localhost:5173 (API on http://localhost:3000)');
const stop = (signal) => {
  for (const c of children) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    if (code) process.exitCode = code;
    stop('SIGTERM');
  });
