import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { logInAsOwner } from '../back-office.ts';

/**
 * The back office's content (docs/back-office-content.md): the owner writes a new help page in a
 * new footer group, links it from the footer, and a shopper finds it there and reads it, its
 * unsafe HTML gone. Then the owner hides the group and the page is gone from the shop.
 */

test('the owner writes a help page and links it from the footer; a shopper reads it there', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const group = `Our stores ${stamp}`;
  const title = `Queen Street store ${stamp}`;

  const owner = await browser.newPage();
  owner.on('dialog', (d) => void d.accept());
  await logInAsOwner(owner);
  await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
  await owner.getByRole('tab', { name: 'Service pages' }).click();

  const groupForm = owner.getByRole('form', { name: 'Add a group' });
  await groupForm.getByLabel('Group name').fill(group);
  await groupForm.getByRole('button', { name: 'Add group' }).click();
  await expect(owner.getByRole('status')).toHaveText(`The group "${group}" is added.`);

  await owner.getByRole('button', { name: `Add a page to ${group}` }).click();
  const pageForm = owner.getByRole('form', { name: 'Add a service page' });
  await pageForm.getByLabel('Title').fill(title);
  await pageForm.getByLabel('Key').fill(`queen-street-${stamp}`);
  await pageForm
    .getByLabel('Text (HTML)')
    .fill('<h2>Opening hours</h2><p onclick="steal()">Every day, 9:00 to 17:00.</p><script>steal()</script>');
  await pageForm.getByRole('button', { name: 'Save page' }).click();
  await expect(owner.getByRole('status')).toContainText(`The page "${title}" is saved.`);
  const preview = owner.getByRole('region', { name: 'As saved' });
  await expect(preview.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
  const shopUrl = await owner.getByRole('link', { name: 'Open in the shop' }).getAttribute('href');
  expect(shopUrl).toMatch(/^\/pages\/home\/html\?id=\d+$/);
  await snap(owner, 'admin-content-service-page');

  await owner.getByRole('tab', { name: 'Links' }).click();
  const linkForm = owner.getByRole('form', { name: 'Add a link' });
  await linkForm.getByLabel('Placement').selectOption('down');
  await linkForm.getByLabel('Name').fill('Queen Street');
  await linkForm.getByLabel('Key').fill(`queen-street-link-${stamp}`);
  await linkForm.getByRole('textbox', { name: /^Link/ }).fill(shopUrl!);
  await linkForm.getByRole('button', { name: 'Add link' }).click();
  await expect(owner.getByRole('status')).toHaveText('The link "Queen Street" is added.');

  const shopper = await browser.newPage();
  await shopper.goto('/');
  const footer = shopper.getByRole('contentinfo');
  // The footer's parts render as it comes near the viewport.
  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole('link', { name: 'Queen Street', exact: true }).click();
  await expect(shopper.getByRole('heading', { name: title })).toBeVisible();
  await expect(shopper.getByText('Every day, 9:00 to 17:00.')).toBeVisible();
  expect(await shopper.locator('main script').count()).toBe(0);
  expect(await shopper.locator('main [onclick]').count()).toBe(0);
  await snap(shopper, 'shop-new-service-page');

  await owner.getByRole('tab', { name: 'Service pages' }).click();
  await owner.getByRole('button', { name: `Hide group ${group}` }).click();
  await expect(owner.getByRole('status')).toHaveText(`"${group}" is hidden.`);
  await shopper.reload();
  await expect(shopper.getByRole('heading', { name: title })).toHaveCount(0);
});
