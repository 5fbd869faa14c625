import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoginResult, Member, RetailRegister, WholesaleRegister } from '@mall/shared/contract/account';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { TestServer } from './harness.ts';

/** A fresh address or number per call, so cases never share a target (and its resend minute). */
export const uniqueEmail = (name = 'member') => `${name}.${randomBytes(4).toString('hex')}@example.co.nz`;
export const uniquePhone = () => `02${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A valid NZBN (GS1 check digit) with random middle digits. */
export const uniqueNzbn = () => {
  const base = `9429${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sum = [...base].map(Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
};

/** The messages written to the outbox for `to` (e-mail files `.eml`, text messages `.txt`), oldest first. */
export const outboxMessages = (server: TestServer, to: string): string[] => {
  const dir = server.config.outboxDir;
  if (!existsSync(dir)) return [];
  const safe = to.replace(/[^A-Za-z0-9@.+-]/g, '_');
  const tag = /^\d+$/.test(to) ? `-sms-${safe}-` : `-${safe}-`;
  return readdirSync(dir)
    .filter((f) => f.includes(tag) && (f.endsWith('.eml') || f.endsWith('.txt')))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
};

/** `outboxMessages` once the mail queue has delivered what is due (notices are queued, codes sent at once). */
export const deliveredMessages = async (server: TestServer, to: string): Promise<string[]> => {
  await server.app.mailQueue.deliverDue();
  return outboxMessages(server, to);
};

/** The 4-digit code in a message (quoted-printable soft line breaks undone). */
export const codeIn = (message: string) => {
  const m = /verification code is (\d{4})\b/.exec(message.replace(/=\r?\n/g, ''));
  if (!m) throw new Error(`No code in:\n${message}`);
  return m[1]!;
};

/** Waits (up to 10 s: a busy machine may be slow to send) for message number `count` to `to` and answers its code. */
export const waitForCode = (server: TestServer, to: string, count = 1): Promise<string> =>
  vi.waitFor(
    () => {
      const message = outboxMessages(server, to)[count - 1];
      if (message === undefined) throw new Error(`No message ${count} to ${to} in the outbox`);
      return codeIn(message);
    },
    { timeout: 10_000, interval: 50 },
  );

export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Sends a code from a random client address (the per-address limit of code sends is tested on its own). */
export const sendCode = (
  server: TestServer,
  target: string,
  purpose: string,
  headers: Record<string, string> = {},
  remoteAddress = randomIp(),
) =>
  server.call<{ resendAfterSeconds: number; expiresInSeconds: number }>({
    method: 'PATCH',
    url: `/api/sys/message/send/code/${encodeURIComponent(target)}?purpose=${purpose}`,
    headers,
    remoteAddress,
  });

/** Sends a code to `target` and answers it (from the outbox, as a member would read it). */
export const codeFor = async (
  server: TestServer,
  target: string,
  purpose: string,
  headers: Record<string, string> = {},
) => {
  // Queued notices (a lock notice, a change notice) go out first, so the next message is the code.
  await server.app.mailQueue.deliverDue();
  const before = outboxMessages(server, target).length;
  const res = await sendCode(server, target, purpose, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitForCode(server, target, before + 1);
};

/** Lets `target` be sent another code at once (as if the minute had passed). */
export const skipResendWait = (server: TestServer, target: string) =>
  server.database.db.execute(
    sql`update verification_code set sent_at = now() - interval '61 seconds' where target = ${target.toLowerCase()}`,
  );

export const retailBody = (over: Partial<RetailRegister> = {}): RetailRegister => ({
  userName: 'Kiri_01',
  userAccount: uniqueEmail('kiri'),
  userPhone: uniquePhone(),
  password: 'secret-pw-1',
  code: '0000',
  driverLicense: 'DL123456',
  address: '1 Queen Street, Auckland',
  ...over,
});

export const wholesaleBody = (over: Partial<WholesaleRegister> = {}): WholesaleRegister => ({
  companyTradingName: 'Kea Supplies',
  companyNumber: '1234567',
  nzbn: uniqueNzbn(),
  address: '5 Market Road, Hamilton',
  userName: 'Hemi Walker',
  userAccount: uniqueEmail('orders'),
  userPhone: uniquePhone(),
  password: 'secret-pw-2',
  code: '0000',
  ...over,
});

export interface SignedIn extends LoginResult {
  password: string;
}

/** Registers a member of `kind` with the code from the outbox; answers the signed-in result. */
export const registerMember = async (
  server: TestServer,
  kind: 'retail' | 'wholesale',
  over: Partial<RetailRegister & WholesaleRegister> = {},
): Promise<SignedIn> => {
  const body = kind === 'retail' ? retailBody(over) : wholesaleBody(over);
  const code = await codeFor(server, body.userAccount, 'register');
  const res = await server.call<LoginResult>({
    method: 'POST',
    url: `/api/${kind}/customer/register`,
    payload: { ...body, code },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body.data, password: body.password };
};

export const bearer = (t: { accessToken: string; refreshToken?: string }): Record<string, string> => ({
  authorization: `Bearer ${t.accessToken}`,
  ...(t.refreshToken ? { 'x-refresh-token': t.refreshToken } : {}),
});

export const login = (
  server: TestServer,
  kind: 'retail' | 'wholesale',
  account: string,
  password: string,
  ip?: string,
) =>
  server.call<LoginResult>({
    method: 'POST',
    url: `/api/sys/auth/${kind}/login`,
    payload: { account, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });

export const userInfo = (server: TestServer, headers: Record<string, string>) =>
  server.call<Member>({ url: '/api/sys/auth/user/info', headers });

/** Counts rows of a table (for "bad input changes nothing"). */
export const countRows = async (server: TestServer, table: string) => {
  const res = (await server.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
};
