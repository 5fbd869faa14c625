import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  CHATWOOT_HMAC_TOKEN,
  CHATWOOT_WEBSITE_TOKEN,
  chatwootBaseUrl,
  startChatwootStandIn,
} from '../../chatwoot-stand-in.ts';
import { snapScreen } from '../artifacts.ts';
import { signUpRetailMember } from '../sign-up.ts';

/**
 * docs/chat.md: Chatwoot. The Stripe store chats through Chatwoot (CHAT_PROVIDER=chatwoot,
 * e2e/playwright.config.ts), against the stand-in's widget script: a guest opens the widget with
 * no identity; a member's identity comes signed by the shop, with their labels; the page's policy
 * lets the script and its frame in; signing out resets the widget.
 */
let stop: () => Promise<void>;
test.beforeAll(async () => {
  stop = await startChatwootStandIn();
});
test.afterAll(() => stop?.());

test("a member chats through Chatwoot's widget, identified by what the shop signed", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const calls = () =>
    page.evaluate(() => (window as unknown as { __chatwootCalls?: unknown[][] }).__chatwootCalls ?? []);

  await test.step('a guest opens the widget without any identity', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.frameLocator('iframe[title="Chatwoot widget"]').getByRole('heading')).toHaveText(
      'Chatwoot widget (stand-in)',
    );
    await expect.poll(calls).toContainEqual(['toggle', 'open']);
    expect(await calls()).toEqual([
      ['run', { websiteToken: CHATWOOT_WEBSITE_TOKEN, baseUrl: chatwootBaseUrl() }],
      ['toggle', 'open'],
    ]);
  });

  await test.step('a member is identified with the HMAC of their identifier and labelled retail', async () => {
    const email = await signUpRetailMember(page, 'Hemi_Chat', 'stripe');
    await page.goto('/pages/cart/index');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect.poll(async () => (await calls()).filter(([name]) => name === 'toggle').length).toBe(1);
    const seen = await calls();
    const setUser = seen.find(([name]) => name === 'setUser') as [string, string, Record<string, string>];
    expect(setUser[1]).toMatch(/^kauri-member-\d+$/);
    expect(setUser[2]).toEqual({
      name: expect.any(String),
      email,
      identifier_hash: createHmac('sha256', CHATWOOT_HMAC_TOKEN).update(setUser[1]).digest('hex'),
    });
    const attributes = seen.find(([name]) => name === 'setCustomAttributes')![1];
    expect(attributes).toMatchObject({
      member_kind: 'retail',
      label: 'Retail',
      page: '/pages/cart/index',
      cart_count: 0,
    });
    expect(seen.filter(([name]) => name === 'setLabel')).toEqual([['setLabel', 'retail']]);
    await snapScreen(page, 'chatwoot-member');
  });

  await test.step('signing out resets the widget', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Hemi_Chat/ })
      .click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm/i })
      .click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // Signing out leaves the page for home; a read while the next page loads is tried again.
    await expect
      .poll(() =>
        page.evaluate(() => localStorage.getItem('chatwoot-stand-in:reset')).catch(() => 'page loading'),
      )
      .toMatch(/^\d+$/);
  });
  expect(refused).toEqual([]);
});
