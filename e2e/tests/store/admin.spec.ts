import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { OPERATOR } from '../orders.ts';

/**
 * The back office at /admin (docs/back-office.md): the demo owner logs in to the dashboard, adds a support
 * operator and sees it in the audit log; the support operator sees members, wallet and their own two-factor
 * page, turns two-factor on with the QR's key, and then logs in with a code; when they lose it,
 * the owner resets their access and they log in with the new password alone.
 */

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 key, as an authenticator app makes the code. */
const totp = (base32: string, at = Date.now()) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

const logIn = async (page: Page, name: string, password: string) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
};

test.describe('the back office', () => {
  test.setTimeout(120_000);
  test('the owner adds a support operator, who turns on two-factor and logs in with a code', async ({
    browser,
  }) => {
    const helper = `helper-${Date.now().toString(36)}`;
    const helperPassword = 'helper-password-0123';

    const owner = await browser.newPage();
    await logIn(owner, OPERATOR.OPERATOR_NAME, OPERATOR.OPERATOR_PASSWORD);
    await expect(owner).toHaveURL(/\/admin\/dashboard$/);
    const nav = owner.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Goods',
      'Stock',
      'Orders',
      'Members',
      'Chat',
      'Wallet',
      'Content',
      'Operators',
      'Audit log',
      'Two-factor login',
      'My password',
    ]);
    await expect(owner.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const figure of [
      'Orders today',
      'Takings today',
      'Orders this week',
      'Takings this week',
      'Waiting to ship',
    ]) {
      await expect(owner.getByRole('term').filter({ hasText: figure })).toBeVisible();
    }
    await expect(owner.getByRole('heading', { name: /^Low stock/ })).toBeVisible();
    await snap(owner, 'admin-dashboard');

    await nav.getByRole('link', { name: 'Operators' }).click();
    await expect(owner.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();

    const form = owner.locator('form', { has: owner.getByRole('heading', { name: 'Add an operator' }) });
    await form.getByLabel('Name').fill(helper);
    await form.getByLabel('Password').fill(helperPassword);
    await form.getByLabel('Role').selectOption('support');
    await form.getByRole('button', { name: 'Add operator' }).click();
    await expect(owner.getByRole('status')).toHaveText(`Operator ${helper} is added.`);
    const row = owner.getByRole('row', { name: new RegExp(helper) });
    await expect(row.getByRole('combobox', { name: `Role of ${helper}` })).toHaveValue('support');
    await expect(row.getByRole('button', { name: `Disable ${helper}` })).toBeVisible();
    await snap(owner, 'admin-operators');

    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(owner.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    // Other journeys audit their own changes meanwhile: this one's row is found by its subject.
    const added = owner.getByRole('row').filter({ hasText: `operator ${helper}` });
    await expect(added).toContainText(OPERATOR.OPERATOR_NAME);
    await expect(added).toContainText('operator.create');
    await expect(added).toContainText('"role":"support"');
    await snap(owner, 'admin-audit');

    // The support operator: members, chat, wallet and their own pages; the owner's pages are not offered.
    const support = await browser.newPage();
    await logIn(support, helper, helperPassword);
    await expect(support).toHaveURL(/\/admin\/members$/);
    await expect(support.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
      'Members',
      'Chat',
      'Wallet',
      'Two-factor login',
      'My password',
    ]);
    await support.goto('/admin/operators');
    await expect(support).toHaveURL(/\/admin\/members$/);
    await support.goto('/admin/two-factor');
    await support.getByRole('button', { name: 'Set up two-factor' }).click();
    await expect(support.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await support.locator('code').textContent())!.trim();
    await snap(support, 'admin-two-factor-enrol');
    await support.getByLabel('Code from your authenticator app').fill(totp(secret));
    await support.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(support.getByRole('status')).toContainText('Two-factor is on');

    await support.getByRole('button', { name: 'Log out' }).click();
    await expect(support.getByRole('heading', { name: 'Back office login' })).toBeVisible();
    await support.getByLabel('Name').fill(helper);
    await support.getByLabel('Password').fill(helperPassword);
    await support.getByRole('button', { name: 'Log in' }).click();
    const code = support.getByLabel('Code from your authenticator app');
    await expect(code).toBeVisible();
    await snap(support, 'admin-login-code');
    // The code used to turn two-factor on is spent: the next 30 seconds' code logs in.
    await code.fill(totp(secret, Date.now() + 30_000));
    await support.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(support.getByRole('heading', { name: 'Two-factor login', level: 1 })).toBeVisible();

    // Every back-office change is in the owner's audit log.
    await owner.reload();
    // (Other journeys may write to the log meanwhile: the helper's row is found by what it says.)
    await expect(
      owner.getByRole('row').filter({ hasText: 'operator.totp-on' }).filter({ hasText: helper }),
    ).toHaveCount(1);

    // The helper loses their phone: the owner resets their access; their login ends, and the new
    // password logs in without a code.
    await nav.getByRole('link', { name: 'Operators' }).click();
    const reset = owner.locator('form', {
      has: owner.getByRole('heading', { name: "Reset an operator's access" }),
    });
    await reset.getByLabel('Operator').selectOption({ label: helper });
    await reset.getByLabel('New password').fill('helper-new-password-42');
    await reset.getByRole('button', { name: 'Reset access' }).click();
    await expect(owner.getByRole('status')).toHaveText(
      `${helper} has a new password and two-factor off; their logins have ended.`,
    );
    await expect(owner.getByRole('row', { name: new RegExp(helper) })).toContainText('Off');
    await snap(owner, 'admin-reset-access');
    await support.reload();
    await expect(support.getByRole('heading', { name: 'Back office login' })).toBeVisible();
    await support.getByLabel('Name').fill(helper);
    await support.getByLabel('Password').fill('helper-new-password-42');
    await support.getByRole('button', { name: 'Log in' }).click();
    await expect(support.getByRole('heading', { name: 'Two-factor login', level: 1 })).toBeVisible();
    await expect(support.getByRole('button', { name: 'Set up two-factor' })).toBeVisible();
  });

  test('a member of the shop is not an operator: the back office asks for its own login', async ({
    page,
  }) => {
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
    const res = await page.request.get('/api/admin/audit');
    expect(res.status()).toBe(401);
  });
});
