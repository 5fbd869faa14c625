import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { OPERATOR_TEST_PASSWORD, signInOperator } from './operator-helpers.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** `npm run operator:reset` as an owner runs it on the server, against this test's database. */
const resetCommand = (server: TestServer, args: string[], password?: string) =>
  run(process.execPath, ['server/src/cli/operator-reset.ts', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-reset-')),
      LOG_LEVEL: 'silent',
      ...(password ? { OPERATOR_PASSWORD: password } : {}),
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

// A second process needs a database it can reach: PostgreSQL only.
describe.skipIf(testDbKind !== 'postgres')('the operator reset command (postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("resets the only owner's password and two-factor, ends their logins, and says so in the audit log", async () => {
    const owner = await signInOperator(server, 'owner');
    await server.database.db.execute(
      sql`update operator set totp_secret = 'JBSWY3DPEHPK3PXP' where id = ${owner.id}`,
    );

    const done = await resetCommand(server, [owner.name], 'a-brand-new-password-7');
    expect(done, done.err).toMatchObject({ code: 0 });
    expect(done.out).toContain(`operator ${owner.name}: new password, two-factor off, logins ended`);
    expect(done.out).not.toContain('a-brand-new-password-7');

    expect((await server.call({ url: '/api/admin/me', headers: owner.headers })).status).toBe(401);
    const login = (password: string) =>
      server.call<{ token: string | null }>({
        method: 'POST',
        url: '/api/admin/login',
        payload: { name: owner.name, password },
      });
    expect((await login(OPERATOR_TEST_PASSWORD)).status).toBe(401);
    const fresh = await login('a-brand-new-password-7');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.token).toEqual(expect.any(String));
    const [row] = (
      await server.database.db.execute<{ after: Record<string, unknown> }>(
        sql`select after from audit_log where action = 'operator.reset-access' order by id desc limit 1`,
      )
    ).rows;
    expect(row!.after).toMatchObject({ name: owner.name, totp: false, password: 'changed', by: 'command' });
  });

  it('refuses an unknown name or a short password, changing nothing', async () => {
    expect(await resetCommand(server, ['nobody-here'], 'a-brand-new-password-7')).toMatchObject({
      code: 1,
      err: expect.stringContaining('No operator nobody-here.'),
    });
    expect(await resetCommand(server, ['nobody-here'], 'short')).toMatchObject({
      code: 2,
      err: expect.stringContaining('OPERATOR_PASSWORD must be 10 to 128 characters'),
    });
  });
});
