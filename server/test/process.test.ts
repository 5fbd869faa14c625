import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDbKind } from './harness.ts';

const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const startProcess = async (dataDir: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
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
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, port, url, exited, output: () => output };
};

// The process is the same on both databases; it runs once, in the PGlite pass.
describe.skipIf(testDbKind !== 'pglite')('the server process', () => {
  it('finishes an in-flight request on SIGTERM, closes the database, and a second start keeps the data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mall-proc-'));
    const first = await startProcess(dataDir);
    expect(first.output()).toContain('demo data loaded');

    // A request whose body is still arriving when the signal comes in.
    const socket = net.connect(first.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ hello: 'world' });
    socket.write(
      `POST /api/sys/ping HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 5));
    let response = '';
    socket.on('data', (d) => {
      response += d;
    });
    const closed = new Promise((r) => socket.once('close', r));
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(5));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 \d{3}/);
    expect(response).toContain('"success"');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startProcess(dataDir);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as { data: { status: string } };
    expect(health.data.status).toBe('ok');
    expect(second.output()).not.toContain('demo data loaded');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
