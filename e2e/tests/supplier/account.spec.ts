import { expect, test } from '@playwright/test';
import { BRAND, snap } from '../artifacts.ts';
import { codeMailedTo } from '../mail.ts';

test.describe('a wholesale member', () => {
  // A whole journey of many pages; on a cold machine it takes longer than one page's 60 s.
  test.setTimeout(120_000);

  test('registers the company with the code from the mail, sees the wholesale account and logs out', async ({
    page,
  }) => {
    const stamp = Date.now();
    const email = `buyer.${stamp}@kea-supplies.co.nz`;
    const phone = `027${String(stamp).slice(-7)}`;
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: BRAND }).getByRole('button', { name: 'agree with' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/register\/windex/);

    await page.getByLabel('Company trading name').fill('Kea Supplies Ltd');
    await page.getByLabel('Company number').fill('7654321');
    // A wrong check digit is refused before anything is sent.
    await page.getByLabel('NZBN').fill('9429041234564');
    await page.getByLabel('NZBN').blur();
    await expect(page.getByText('An NZBN is 13 digits with a valid check digit')).toBeVisible();
    await page.getByLabel('NZBN').fill('9429041234563');
    await page.getByLabel('Business address').fill('5 Kaimata Street, New Plymouth 4310');
    await page.getByLabel('Contact name').fill('Hemi Walker');
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('totara-2026');
    await page.getByLabel('Confirm password').fill('totara-2026');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await codeMailedTo('supplier', email));
    await snap(page, 'supplier-register-wholesale');
    await page.getByRole('button', { name: 'Open my wholesale account' }).click();

    const menu = page.getByRole('banner').getByRole('button', { name: /Kea Supplies Ltd/ });
    await expect(menu).toBeVisible();
    await page.goto('/pages/user/index');
    await expect(page.getByText('Wholesale', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await snap(page, 'supplier-personal-centre');

    await menu.click();
    // Favourite goods is a store-mode entry only.
    await expect(page.getByRole('menuitem', { name: /Favorite Goods/ })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm/i })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    // Logging back in with the phone number works on the wholesale login.
    await page.goto('/pages/user/login/index');
    await page.getByLabel('E-mail or phone').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('totara-2026');
    await page.getByRole('button', { name: /Log in as a wholesale customer/ }).click();
    await expect(menu).toBeVisible();
  });
});
