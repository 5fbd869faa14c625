import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** The store's owner (e2e/shops.ts makes it), as the operator commands name it. */
export const OPERATOR = { OPERATOR_NAME: 'owner', OPERATOR_PASSWORD: 'e2e-owner-password-0123' };

const root = path.resolve(import.meta.dirname, '../..');

/** "$1,234.50" → 123450: amounts are compared in whole cents, never in floating dollars. */
export const centsOf = (text: string): number => {
  const m = text.match(/\$([\d,]+)\.(\d{2})/);
  if (!m) throw new Error(`no dollar amount in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
};

/** 123450 → "$1,234.50", as the shop writes amounts. */
export const dollars = (cents: number): string =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** The GST part of a GST-inclusive amount (3/23 of it), rounded half up to the cent. */
export const gstCents = (totalCents: number): number => Math.floor((totalCents * 3 * 2 + 23) / (23 * 2));

export const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

export interface Buyable {
  id: number;
  name: string;
}

/**
 * Goods the search for `keyword` shows on its first page that a retail member can buy `count` of
 * without choosing a SKU: one SKU, in stock, no purchase limit below `count`.
 */
export const buyableGoods = async (
  request: APIRequestContext,
  keyword: string,
  count: number,
  wanted = 2,
): Promise<Buyable[]> => {
  const search = await (await request.get(`/api/org/sale/good/search?keyword=${keyword}`)).json();
  const found: Buyable[] = [];
  for (const g of search.data.records as { id: number; name: string }[]) {
    const detail = (await (await request.get(`/api/sale/good/detail/${g.id}`)).json()).data;
    const sku = detail.skus.length === 1 ? detail.skus[0] : null;
    if (sku && sku.stock >= count + 10 && (sku.maxCount === null || sku.maxCount >= count))
      found.push({ id: g.id, name: detail.name });
    if (found.length >= wanted) break;
  }
  return found;
};

/** On a good's page: the member's price of one, in cents. */
export const priceOnGoodsPage = async (page: Page): Promise<number> =>
  centsOf(await textOf(page.locator('[data-price]').first()));

/** Sets the quantity on the open good's page, adds it to the cart and waits for the confirmation. */
export const addOpenGoodToCart = async (page: Page, count: number) => {
  await page.getByLabel('Quantity', { exact: true }).fill(String(count));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/pages\/cart\/add-success/);
  await expect(page.getByText('Added to your shopping cart')).toBeVisible();
};

/** From the add-success page: the cart, then Checkout, until the checkout's summary is there. */
export const goToCheckout = async (page: Page) => {
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/pages\/cart\/index/);
  const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL(/\/pages\/order\/checkout/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

/** Place order on the checkout; resolves on the pay page with the order's id, number and amount. */
export const placeOrder = async (page: Page) => {
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pages\/order\/pay\/index\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const orderNo = page.locator('[data-order-no]');
  await expect(orderNo).toHaveText(/\S+/);
  return {
    orderId,
    orderNo: await textOf(orderNo),
    amountCents: centsOf(await textOf(page.locator('[data-pay-amount]'))),
  };
};

/** The sandbox gateway's card page: fills a test card and pays; back on the shop's notice page. */
export const payOnSandbox = async (page: Page, card: string, amountCents: number) => {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${dollars(amountCents)}` }).click();
  await expect(page).toHaveURL(/\/pages\/order\/pay\/notice\?orderId=\d+/);
};

/** From the pay page: Pay now, to the sandbox's hosted card page. */
export const startPayment = async (page: Page, orderNo: string, amountCents: number) => {
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/[^/]+$/);
  await expect(page.getByText(`Order ${orderNo}`)).toBeVisible();
  await expect(page.locator('.amount')).toContainText(dollars(amountCents));
};

/**
 * The operator's documented command (server/src/cli/ship-order.ts), run against the running
 * shop: `OPERATOR_NAME=… OPERATOR_PASSWORD=… node scripts/run-node24.mjs server/src/cli/ship-order.ts <orderNo>
 * --url <shop> --tracking <no>`.
 */
export const shipWithCommand = async (orderNo: string, shopUrl: string, tracking: string) => {
  const run = promisify(execFile);
  return run(
    process.execPath,
    [
      'scripts/run-node24.mjs',
      'server/src/cli/ship-order.ts',
      orderNo,
      '--url',
      shopUrl,
      '--tracking',
      tracking,
    ],
    { cwd: root, env: { ...process.env, ...OPERATOR }, timeout: 60_000 },
  );
};
