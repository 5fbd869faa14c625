import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHashesForTests, PASSWORD_HASH_OPTIONS } from '../src/lib/passwords.ts';
import { login, randomIp, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

// The suite hashes passwords cheaply (test/cheap-hashes.ts); this file runs at the real cost, the
// one a shop uses.
let server: TestServer;
beforeAll(async () => {
  cheapPasswordHashesForTests(false);
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  cheapPasswordHashesForTests(true);
});

describe(`the cost of a password hash (${testDbKind})`, () => {
  it('stores a new member’s password as argon2id at 19 MiB, 2 passes, 1 lane, and logs in with it', async () => {
    const signed = await registerMember(server, 'retail');
    const [row] = (
      (await server.database.db.execute(
        sql`select password_hash from member where id = ${signed.member.id}`,
      )) as unknown as { rows: { password_hash: string }[] }
    ).rows;
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(PASSWORD_HASH_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 });
    const again = await login(server, 'retail', signed.member.userAccount, signed.password, randomIp());
    expect(again.status).toBe(200);
  });

  it('cannot be lowered outside the test suite', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => cheapPasswordHashesForTests(true)).toThrow(/test suite only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
