import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { snap } from '../artifacts.ts';
import { buyableGoods, placeOrder } from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

/** The SKU code of a good with one SKU, as the goods page shows it. */
const codeOf = async (request: import('@playwright/test').APIRequestContext, goodsId: number) =>
  (await (await request.get(`/api/sale/good/detail/${goodsId}`)).json()).data.skus[0].code as string;

/**
 * Order import (docs/order-import.md): a member downloads the template, fills it with good and
 * bad rows, uploads it (progress, then the preview of every row), downloads the problem rows, adds
 * the rest to the cart and checks out.
 */
test('a member reorders from a spreadsheet: template, upload, preview, problem rows, cart, checkout', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [honey, other] = await buyableGoods(request, 'honey', 3);
  expect(honey && other).toBeTruthy();
  const [honeyCode, otherCode] = [await codeOf(request, honey!.id), await codeOf(request, other!.id)];

  await signUpRetailMember(page, 'Aroha_Import');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pages/order/upload');
  await expect(page.getByRole('heading', { name: 'Reorder from a spreadsheet' })).toBeVisible();

  // The template: an order sheet with its header, and the rules.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('kauri-mall-order-import.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await template.path())!);
  const sheet = book.getWorksheet('Order')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'SKU code', 'Count', 'Note']);
  expect(book.getWorksheet('Rules')).toBeTruthy();

  // Filled in: the honey twice (merged), the other good twice with a count that is no number, an unknown code.
  const rows: [string, string | number, string][] = [
    [honeyCode, 2, 'for the café'],
    [otherCode, 1, ''],
    ['KM999999-9', 1, 'typo'],
    [honeyCode, 1, 'one more'],
    [otherCode.toLowerCase(), 'lots', ''],
  ];
  rows.forEach((r, i) => {
    sheet.getRow(i + 2).values = r;
  });
  const filled = path.join(os.tmpdir(), `order-import-${Date.now()}.xlsx`);
  await book.xlsx.writeFile(filled);

  // Upload: the answer is held until the progress bar has been seen (a local upload is instant).
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/org/sale/good/app/import/query', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Upload sheet').setInputFiles(filled);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  release();

  // The preview: every row, with the summary and the reasons.
  const summary = page.locator('[data-import-summary]');
  await expect(summary).toContainText('5 rows');
  await expect(summary).toContainText('1 matched');
  await expect(summary).toContainText('2 with problems');
  await expect(summary).toContainText('2 merged');
  const table = page.getByRole('region', { name: 'Rows of your sheet' });
  await expect(table.locator('[data-status="ok"]')).toContainText(honey!.name);
  await expect(table.locator('[data-status="ok"]')).toContainText('Listed twice (rows 2, 5)');
  await expect(table.locator('[data-status="merged"]')).toHaveCount(2);
  await expect(table).toContainText('Unknown SKU code.');
  await expect(table).toContainText('Count must be a whole number from 1 to 9999.');
  await page.getByLabel('Show only rows with problems').check();
  await expect(table.locator('[data-status]')).toHaveCount(2);
  await snap(page, 'store-order-import-preview');

  // The problem rows, with their reason, ready to fix.
  const [problems] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download problem rows' }).click(),
  ]);
  const fix = new ExcelJS.Workbook();
  await fix.xlsx.readFile((await problems.path())!);
  const fixSheet = fix.worksheets[0]!;
  expect(fixSheet.getRow(1).values).toEqual([undefined, 'SKU code', 'Count', 'Note', 'Reason']);
  expect(fixSheet.getRow(2).values).toEqual([
    undefined,
    otherCode,
    '1',
    '',
    'Count must be a whole number from 1 to 9999. Listed twice (rows 3, 6): the counts were added up.',
  ]);
  expect(fixSheet.getRow(3).values).toEqual([undefined, 'KM999999-9', '1', 'typo', 'Unknown SKU code.']);

  // Add the rest: three of the honey go in, and the mini cart says so.
  await page.getByRole('button', { name: 'Add 1 matched rows to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toContainText(
    '1 line added',
  );
  await expect(page.getByRole('banner').getByText('Shop Cart (3)')).toBeVisible();

  // The cart shows the SKU code; check out.
  await page.getByRole('link', { name: 'Go to the shopping cart' }).click();
  await expect(page).toHaveURL(/\/pages\/cart\/index/);
  await expect(page.locator('[data-sku-code]')).toHaveText(`SKU code ${honeyCode}`);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/order\/checkout/);
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Recipient').fill('Aroha Ngata');
  await form.getByLabel('Phone').fill('0211234567');
  await form.getByLabel('Street address').fill('12 Queen Street');
  await form.getByLabel('Suburb').fill('Auckland Central');
  await form.getByLabel('Town or city').fill('Auckland');
  await form.getByLabel('Region').selectOption({ label: 'Auckland' });
  await form.getByLabel('Postcode').fill('1010');
  await form.getByRole('button', { name: 'Deliver to this address' }).click();
  await expect(page.locator('[data-checkout-line]')).toHaveCount(1);
  await expect(page.locator('[data-checkout-line]')).toContainText('x 3');
  const order = await placeOrder(page);
  expect(order.orderNo).toMatch(/^[A-Z0-9]{6,}$/);
});
