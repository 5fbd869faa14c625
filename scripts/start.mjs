// `npm start`: install, build, migrate, load the demo data when missing, and serve the shop.
import { spawn } from 'node:child_process';
import { childEnv, ensureInstalled, formatMs, log, node24, root, run } from './lib.mjs';

const t0 = Date.now();
ensureInstalled();
log('building the web app');
const buildMs = run('npm', ['run', 'build', '--silent']);
log(`built in ${formatMs(buildMs)}; starting the server (migrations and demo data run at startup)`);

// The server migrates, seeds an empty database and listens; it handles SIGINT/SIGTERM itself.
const server = spawn(node24, ['server/src/main.ts'], { cwd: root, stdio: 'inherit', env: childEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
});
log(`bootstrap took ${formatMs(Date.now() - t0)}`);
