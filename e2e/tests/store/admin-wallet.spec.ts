import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { logInAsOwner } from '../back-office.ts';
import { dollars, textOf } from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

/**
 * The back office's wallet and members (docs/back-office-wallet.md, docs/back-office-members.md):
 * the demo owner issues a cash card in the browser and reads its number and secret once; a
 * member adds it in the shop and sees its money; the owner finds the member and sees it in
 * their wallet, and disables them: the member's next call ends their session.
 */

const FACE_CENTS = 3550;

test('the owner issues a cash card, a member adds it in the shop, and the owner sees it in their wallet', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await browser.newPage();
  await logInAsOwner(owner);
  await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(owner.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();

  const single = owner.getByRole('form', { name: 'Issue one cash card' });
  await single.getByLabel('Face value (NZD)').fill((FACE_CENTS / 100).toFixed(2));
  await single.getByRole('button', { name: 'Issue card' }).click();
  const issued = owner.getByRole('region', { name: 'The new card' });
  await expect(issued).toContainText('the secret is shown only this once');
  const cardNo = await textOf(owner.getByTestId('issued-card-no'));
  const secret = await textOf(owner.getByTestId('issued-card-secret'));
  expect(cardNo).toMatch(/^\d{16}$/);
  expect(secret).toMatch(/^\d{6}$/);
  await snap(owner, 'admin-wallet-card-issued');

  const email = await signUpRetailMember(page, 'Rewi_Card');
  await page.goto('/pages/user/cash/index');
  await expect(page.locator('[data-cash-balance]')).toHaveText('$0.00');
  await page.getByLabel('Card number').fill(cardNo);
  await page.getByLabel('Secret').fill(secret);
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.locator('[data-card-added]')).toHaveText(
    `Card ending ${cardNo.slice(-4)} added: ${dollars(FACE_CENTS)} to spend.`,
  );
  await expect(page.locator('[data-cash-balance]')).toHaveText(dollars(FACE_CENTS));

  // The owner finds the member by the start of their e-mail and sees the card's money.
  await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Members' }).click();
  const search = owner.getByRole('form', { name: 'Search members' });
  await search.getByLabel('E-mail starts with').fill(email.slice(0, -8));
  await search.getByRole('button', { name: 'Search' }).click();
  const row = owner.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open / }).click();
  const detail = owner.getByRole('region', { name: /Rewi_Card/ });
  await expect(detail.getByRole('definition').filter({ hasText: dollars(FACE_CENTS) })).toBeVisible();
  await snap(owner, 'admin-members-detail');

  // Disabled, the member's next call is refused: the shop tells them their session has ended.
  await detail.getByRole('button', { name: 'Disable member' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(detail.getByRole('status')).toContainText('is disabled');
  await page.reload();
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
});
