import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { logInAsOwner } from '../back-office.ts';
import { OPERATOR } from '../orders.ts';

/**
 * The back office's catalogue (docs/back-office-catalogue.md): the demo owner adds a good with two
 * SKUs in the browser, publishes it and finds it in the shop's search; then sets its stock with a
 * reason and reads the history row.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A made-up word (letters only) the demo catalogue does not hold. */
const word = () => `Zorb${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

test.describe('the back office catalogue', () => {
  test.setTimeout(180_000);
  test('the owner adds a good with two SKUs, publishes it, finds it in the shop, and sets its stock with a reason', async ({
    page,
  }) => {
    const name = `${word()} Merino Beanie`;
    await logInAsOwner(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Goods' }).click();
    await expect(page.getByRole('heading', { name: 'Goods', level: 1 })).toBeVisible();
    await expect(page.getByText(/^[\d,]+\+? goods$/)).toBeVisible();
    await snap(page, 'admin-goods-list');

    await page.getByRole('button', { name: 'Add a good' }).click();
    await expect(page.getByRole('heading', { name: 'Add a good' })).toBeVisible();
    // Saving an empty form names what is missing.
    await page.getByRole('button', { name: 'Add the good' }).click();
    await expect(page.getByText('Give the good a name of at least 2 characters.')).toBeVisible();
    await expect(page.getByText('Choose a category.')).toBeVisible();
    await snap(page, 'admin-good-errors');

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Brand').fill('Kauri Knits');
    const category = page.getByLabel('Category');
    await category.selectOption({ index: 1 });
    await page.getByLabel('Supplier').selectOption({ index: 1 });
    await page.getByLabel('Description').fill('<p>Warm and soft.</p>');
    await page.getByLabel(/Upload pictures/).setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(page.getByRole('img', { name: 'Shown 2 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();

    await page.getByLabel('Options').fill('colour');
    await page.getByLabel('SKU 1 colour').fill('Navy');
    await page.getByLabel('SKU 1 retail price ($)').fill('39.90');
    await page.getByLabel('SKU 1 wholesale price ($)').fill('30');
    await page.getByLabel('SKU 1 club price ($)').fill('35.50');
    await page.getByRole('button', { name: 'Add a SKU' }).click();
    await page.getByLabel('SKU 2 colour').fill('Forest');
    await page.getByLabel('SKU 2 retail price ($)').fill('42.00');
    await page.getByLabel('SKU 2 wholesale price ($)').fill('50');
    await page.getByLabel('SKU 2 club price ($)').fill('38');
    await page.getByLabel('SKU 2 purchase limit').fill('3');
    await page.getByRole('button', { name: 'Add the good' }).click();
    // Wholesale above retail is named under its field.
    await expect(page.getByText('Must not be more than the retail price.')).toBeVisible();
    await page.getByLabel('SKU 2 wholesale price ($)').fill('33');
    await page.getByRole('button', { name: 'Add the good' }).click();
    await expect(page.getByRole('status')).toHaveText('The good has been added (not published yet).');
    await expect(page.getByRole('heading', { name: /^Edit good \d+$/ })).toBeVisible();
    await expect(page.getByLabel('SKU 1 code')).toHaveValue(/^KM-\d{6}$/);
    const skuCode = await page.getByLabel('SKU 2 code').inputValue();
    await snap(page, 'admin-good-editor');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('The good is on sale in the shop.');

    // The shop's search finds it at once, at its lowest price.
    const shop = await page.context().newPage();
    await shop.goto(`/pages/search/index?keyword=${encodeURIComponent(name)}`);
    const card = shop.getByRole('list', { name: 'Goods' }).getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('$39.90');
    await snap(shop, 'admin-good-in-shop-search');
    await shop.close();

    // The goods list finds it by a word of its name.
    await page.getByRole('button', { name: 'Back to goods' }).click();
    await page.getByLabel('Search goods').fill(name.split(' ')[0]!);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Published');
    await expect(page.locator('tbody tr')).toHaveCount(1);

    // Stock for the second SKU, with a reason, and its history row.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Stock' }).click();
    await page.getByLabel('SKU code').fill(skuCode);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`${name}.*Forest`) })).toBeVisible();
    await expect(page.getByText('No changes yet.')).toBeVisible();
    await page.getByLabel('Set the units there are').check();
    await page.getByLabel('Units there are now').fill('-4');
    await page.getByRole('button', { name: 'Save the change' }).click();
    await expect(page.getByText('Stock cannot be set below 0.')).toBeVisible();
    await page.getByLabel('Units there are now').fill('24');
    await page.getByLabel('Reason').fill('delivery from Kauri Knits');
    await page.getByRole('button', { name: 'Save the change' }).click();
    await expect(page.getByRole('status')).toHaveText('Stock changed from 0 to 24.');
    const history = page.getByRole('table', { name: /Stock changes of/ });
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history.locator('tbody tr').first()).toContainText(OPERATOR.OPERATOR_NAME);
    await expect(history.locator('tbody tr').first()).toContainText('delivery from Kauri Knits');
    await expect(history.locator('tbody tr').first()).toContainText(/0\s*24/);
    await snap(page, 'admin-stock');
  });
});
