import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from '@mall/shared/constants';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { codeMailedTo } from './mail.ts';

/**
 * A new retail member for a journey that is about something else: registered through the same
 * calls the register page makes (a code to the e-mail, read from the shop's outbox, then the
 * register call), and signed in in `page`'s browser the way the app keeps a session (its local
 * storage), from the next page it opens. The register page itself, its agreement, its form and
 * the header that shows the new member signed in, is the account journey's (store/account.spec.ts).
 */
export const signUpRetailMember = (
  page: Page,
  nickname: string,
  /** Which server's outbox the code is read from (the Stripe store keeps its own). */
  mode: 'store' | 'stripe' = 'store',
): Promise<string> => test.step(`sign up ${nickname}`, () => signUp(page, nickname, mode), { box: true });

interface Session {
  accessToken: string;
  refreshToken: string;
  member: { orgId?: unknown };
}

/**
 * Registers a retail member through the calls alone (a code to the e-mail, read from the shop's
 * outbox, then the register call): for a journey that needs an account to log in with.
 */
export const registerRetailAccount = async (
  request: APIRequestContext,
  nickname: string,
  mode: 'store' | 'stripe' = 'store',
): Promise<{ email: string; password: string; session: Session }> => {
  const email = `${nickname.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.nz`;
  const password = 'harakeke-7';
  const headers = { store: '1' };
  const sent = await request.patch(
    `/api/sys/message/send/code/${encodeURIComponent(email)}?purpose=register`,
    {
      headers,
    },
  );
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await codeMailedTo(mode, email);
  const registered = await request.post('/api/retail/customer/register', {
    headers,
    data: { userName: nickname, userAccount: email, password, code },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { email, password, session: (await registered.json()).data as Session };
};

const signUp = async (page: Page, nickname: string, mode: 'store' | 'stripe') => {
  const { email, session } = await registerRetailAccount(page.request, nickname, mode);
  // Written once, before the app's first script on this origin, as its session store writes them.
  await page.addInitScript(
    ({ s, marker, ttl }) => {
      if (localStorage.getItem(marker)) return;
      localStorage.setItem(marker, '1');
      const now = Date.now();
      const put = (key: string, value: unknown, ms?: number) =>
        localStorage.setItem(`mall:${key}`, JSON.stringify(ms ? { value, expiresAt: now + ms } : { value }));
      put('token', s.accessToken, ttl.access);
      put('refreshToken', s.refreshToken, ttl.refresh);
      put('member', s.member);
      if (typeof s.member.orgId === 'number') put('orgId', s.member.orgId);
    },
    {
      s: session,
      marker: `e2e-signed-up:${email}`,
      ttl: { access: ACCESS_TOKEN_TTL_MS, refresh: REFRESH_TOKEN_TTL_MS },
    },
  );
  return email;
};
