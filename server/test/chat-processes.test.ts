import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { helloSocket, type Socket } from './chat-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { killProcesses, startProcess } from './processes.ts';

/**
 * Live chat on two real server processes (src/main.ts) on one PostgreSQL (docs/chat.md: several
 * server processes): the shopper on one, the operator on the other, each message reaching the
 * other side through the database's announcements; a shopper reconnecting to the other process
 * gets what came meanwhile. PostgreSQL only: an embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('live chat on two server processes', () => {
  let server: TestServer;
  let procs: Awaited<ReturnType<typeof startProcess>>[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const env = { DATABASE_URL: server.databaseUrl!, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    procs = await Promise.all(
      ['a', 'b'].map((p) =>
        startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `mall-chat-${p}-`)) }),
      ),
    );
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    killProcesses();
    await server.close();
  });

  const socket = async (...args: Parameters<typeof helloSocket>) => {
    const s = await helloSocket(...args);
    sockets.push(s);
    return s;
  };

  it('carries a message from a shopper on one process to the operator on the other, and the answer back', async () => {
    const m = await registerMember(server, 'retail');
    const o = await signInOperator(server, 'support');
    const desk = await socket(procs[1]!.port, { as: 'operator', token: o.headers.authorization.slice(7) });
    const shopper = await socket(procs[0]!.port, { as: 'member', token: m.accessToken, after: 0 });
    shopper.send({ type: 'send', text: 'Kia ora from process A', ref: 'a' });
    const sent = await shopper.next('sent');
    expect(sent.offline).toBe(false);
    const got = await desk.next('message', (f) => f.message.id === sent.id);
    const conversationId = got.message.conversationId;

    const reply = async (url: string, text: string) => {
      const res = await fetch(`${url}/api/admin/chat/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { ...o.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const answered = await reply(procs[1]!.url, 'Kia ora from process B');
    await shopper.next('message', (f) => f.message.id === answered);

    // Dropped, two answers meanwhile (one through each process), back on the other process.
    shopper.ws.close();
    await shopper.closed;
    const later = [await reply(procs[0]!.url, 'one'), await reply(procs[1]!.url, 'two')];
    const back = await socket(procs[1]!.port, {
      as: 'member',
      token: bearer(m).authorization!.slice(7),
      after: answered,
    });
    await vi.waitFor(() => expect(back.messages().map((x) => x.id)).toEqual(later), { timeout: 5000 });
  });
});
