import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { vi } from 'vitest';

/** Real server processes for tests (src/main.ts), killed by `killProcesses`. */
const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');
const children: ChildProcess[] = [];

export const killProcesses = () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts the server with `env` (on top of this process's) and waits until /api/health answers:
 * up to 150 s, as a first start on PGlite (migrations and the demo data) took over 60 s on a
 * machine at half speed with both server suites running.
 */
export const startProcess = async (env: Record<string, string>) => {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (!(await fetch(`${url}/api/health`)).ok) throw new Error(`${url}/api/health is not ok yet`);
    },
    { timeout: 150_000, interval: 100 },
  );
  return { child, port, url, exited, output: () => output };
};
