import { expect, type Page, test } from '@playwright/test';
import { BRAND, snap } from '../artifacts.ts';
import { codeMailedTo, expectMailTo } from '../mail.ts';

const userMenu = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(name) });

test.describe('a retail member', () => {
  // A whole journey of many pages; on a cold machine it takes longer than one page's 60 s.
  test.setTimeout(120_000);

  test('registers with the code from the mail, stays signed in, edits the profile, changes the e-mail and the password and logs out', async ({
    page,
  }) => {
    const email = `kiri.${Date.now()}@example.co.nz`;
    await page.goto('/pages/goods/index?id=5');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Register goes through the agreement dialog and comes back to the good afterwards.
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    const agreement = page.getByRole('dialog', { name: 'agreed announcement' });
    await expect(agreement).toBeVisible();
    await agreement.getByRole('button', { name: 'agree with' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/register\/index\?callbackUrl=\/pages\/goods\/index/);
    await expect(page).toHaveTitle(`Register - ${BRAND}`);

    // Bad input is refused field by field before anything is sent.
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('The verification code is 4 digits')).toBeVisible();
    await page.getByLabel('Nickname').fill('9lives');
    await page.getByLabel('Nickname').blur();
    await expect(page.getByText(/Start with a letter/)).toBeVisible();

    await page.getByLabel('Nickname').fill('Kiri_T');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harakeke-7');
    await page.getByLabel('Confirm password').fill('harakeke-7');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /\d+ ?s/ })).toBeDisabled();
    await page.getByLabel('Verification code').fill(await codeMailedTo('store', email));
    await snap(page, 'store-register-retail');
    await page.getByRole('button', { name: 'Create my account' }).click();

    // Signed in at once and back on the good.
    await expect(page).toHaveURL(/\/pages\/goods\/index\?id=5/);
    await expect(userMenu(page, 'Kiri_T')).toBeVisible();

    // A reload keeps the member signed in.
    await page.reload();
    await expect(userMenu(page, 'Kiri_T')).toBeVisible();

    // The personal centre shows the member.
    await userMenu(page, 'Kiri_T').click();
    await page.getByRole('menuitem', { name: 'Personal Center' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/index/);
    await expect(page.getByText(email)).toBeVisible();
    await snap(page, 'store-personal-centre');

    // Edit the profile.
    await page.goto('/pages/user/profile/index');
    await page.getByLabel('Nickname').fill('Kiri_Tane');
    await page.getByLabel('Address').fill('22 Cuba Street, Te Aro, Wellington 6011');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(userMenu(page, 'Kiri_Tane')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Address')).toHaveValue('22 Cuba Street, Te Aro, Wellington 6011');
    await snap(page, 'store-profile');

    // Change the e-mail: the code sent to the new address and the current password; the old
    // address is told.
    await page.goto('/pages/user/security/index');
    const emailCard = page.getByRole('region', { name: 'E-mail' });
    const newEmail = `kiri.new.${Date.now()}@example.co.nz`;
    await emailCard.getByLabel('New e-mail').fill(newEmail);
    await emailCard.getByRole('button', { name: 'Send code' }).click();
    await emailCard.getByLabel('Verification code').fill(await codeMailedTo('store', newEmail));
    await emailCard.getByLabel('Current password').fill('wrong-password');
    await emailCard.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(emailCard.getByText('The current password is not correct.')).toBeVisible();
    await expect(emailCard.getByText(email, { exact: true })).toBeVisible();
    await emailCard.getByLabel('Current password').fill('harakeke-7');
    await snap(page, 'store-security-email-change');
    await emailCard.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(emailCard.getByText(newEmail, { exact: true })).toBeVisible();
    await expectMailTo('store', email, `was changed from ${email} to k*****@example.co.nz`);

    // Change the password: every session ends, this one too.
    const passwordCard = page.getByRole('region', { name: 'Password' });
    await passwordCard.getByLabel('Current password').fill('wrong-password');
    await passwordCard.getByLabel('New password', { exact: true }).fill('pohutukawa-9');
    await passwordCard.getByLabel('Confirm new password').fill('pohutukawa-9');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordCard.getByText(/current password|old password/i).last()).toBeVisible();
    await passwordCard.getByLabel('Current password').fill('harakeke-7');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/login\/index/);
    await expect(page.getByText('Your password has changed. Please log in again.')).toBeVisible();

    // The old password no longer works; the new one does, with the new e-mail.
    await page.getByLabel('E-mail or phone').fill(newEmail);
    await page.getByLabel('Password', { exact: true }).fill('harakeke-7');
    await page.getByRole('button', { name: /Log in as a retail customer/ }).click();
    await expect(page.getByText('The account or password is incorrect.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('pohutukawa-9');
    await page.getByRole('button', { name: /Log in as a retail customer/ }).click();
    await expect(userMenu(page, 'Kiri_Tane')).toBeVisible();

    // Log out through the confirm dialog.
    await userMenu(page, 'Kiri_Tane').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Are you sure you want to log out？')).toBeVisible();
    await confirm.getByRole('button', { name: /confirm/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('mall:token'))).toBeNull();
  });
});
