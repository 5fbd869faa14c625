import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDbKind } from './harness.ts';
import { killProcesses, startProcess } from './processes.ts';

afterEach(killProcesses);

// The embedded demo's owner is made at the first start with this password (docs/back-office.md).
const OWNER_PASSWORD = 'process-owner-password-0123';
const startProcessIn = (dataDir: string) =>
  startProcess({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_OWNER_PASSWORD: OWNER_PASSWORD });

const ownerLogin = async (url: string) =>
  (await (
    await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'owner', password: OWNER_PASSWORD }),
    })
  ).json()) as { data: { token: string | null } | null };

// The process is the same on both databases; it runs once, in the PGlite pass.
describe.skipIf(testDbKind !== 'pglite')('the server process', () => {
  it('finishes an in-flight request on SIGTERM, closes the database, and a second start keeps the data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mall-proc-'));
    const first = await startProcessIn(dataDir);
    expect(first.output()).toContain('demo data loaded');
    // The embedded demo's owner, made at the first start with DEMO_OWNER_PASSWORD and said once.
    expect(first.output()).toContain(`owner is the demo owner, password ${OWNER_PASSWORD}`);
    expect((await ownerLogin(first.url)).data?.token).toEqual(expect.any(String));

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
    // The server has the request (it logs it on arrival) when the signal comes in …
    await vi.waitFor(() => expect(first.output()).toContain('/api/sys/ping'), { timeout: 10_000 });
    first.child.kill('SIGTERM');
    // … and has begun shutting down when the rest of the body arrives.
    await vi.waitFor(() => expect(first.output()).toContain('shutting down'), { timeout: 10_000 });
    socket.write(body.slice(5));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 \d{3}/);
    expect(response).toContain('"success"');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startProcessIn(dataDir);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as { data: { status: string } };
    expect(health.data.status).toBe('ok');
    expect(second.output()).not.toContain('demo data loaded');
    // The owner is kept, not made again, and the password is not shown again.
    expect(second.output()).not.toContain(OWNER_PASSWORD);
    expect(second.output()).toContain('log in at /admin as owner');
    expect((await ownerLogin(second.url)).data?.token).toEqual(expect.any(String));
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 300_000);
});
