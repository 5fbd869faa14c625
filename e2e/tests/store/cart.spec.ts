import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { snap } from '../artifacts.ts';

const LIMIT_MESSAGE = 'The number of products added to the shopping cart exceeds the purchase limit';
const MIX_MESSAGE =
  'Products in Local SPY can only be purchased independently and cannot be mixed with products from other suppliers.';

interface Sku {
  id: number;
  stock: number;
  maxCount: number | null;
}
interface Found {
  id: number;
  name: string;
  sku: Sku;
}

/** Goods with one SKU that pass `keep`, found through the shop's own API. */
const findGoods = async (request: APIRequestContext, query: string, keep: (s: Sku) => boolean) => {
  const search = await (await request.get(`/api/org/sale/good/search?${query}&pageSize=100`)).json();
  const found: Found[] = [];
  for (const g of search.data.records as { id: number; name: string }[]) {
    const detail = (await (await request.get(`/api/sale/good/detail/${g.id}`)).json()).data;
    if (detail.skus.length === 1 && keep(detail.skus[0]))
      found.push({ id: g.id, name: detail.name, sku: detail.skus[0] });
    if (found.length >= 2) break;
  }
  return found;
};

const addToCart = async (page: Page, goodsId: number, quantity = 1) => {
  await page.goto(`/pages/goods/index?id=${goodsId}`);
  if (quantity > 1) await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
};

test.describe('the cart', () => {
  // A whole journey of many pages; on a cold machine it takes longer than one page's 60 s.
  test.setTimeout(120_000);

  test('a guest fills the cart under the rules, reloads, logs in and keeps every item', async ({
    page,
    request,
  }) => {
    const [limited] = await findGoods(
      request,
      'keyword=all&sort=sales',
      (s) => s.maxCount !== null && s.maxCount >= 2 && s.stock > s.maxCount,
    );
    const [plain] = await findGoods(
      request,
      'keyword=all&sort=newest',
      (s) => s.maxCount === null && s.stock > 5,
    );
    const [own] = await findGoods(request, 'keyword=all&supplier=SPY', (s) => s.stock > 0);
    expect(limited && plain && own).toBeTruthy();
    const max = limited!.sku.maxCount!;

    // The demo member starts with an empty cart on the server.
    const login = await (
      await request.post('/api/sys/auth/retail/login', {
        data: { account: 'aroha@example.co.nz', password: 'kauri-demo-1' },
      })
    ).json();
    const cleared = await request.delete('/api/cart', {
      headers: { Authorization: `Bearer ${login.data.accessToken}` },
    });
    expect(cleared.ok()).toBe(true);

    // An empty cart says so.
    await page.goto('/');
    const cartButton = page.getByRole('banner').getByRole('link', { name: /Shop Cart \(0\)/ });
    await cartButton.hover();
    await expect(
      page.getByRole('region', { name: 'Mini cart' }).getByText('Your shopping cart is empty！'),
    ).toBeVisible();

    // Up to the purchase limit is fine; one more is refused with the spec's words.
    await addToCart(page, limited!.id, max);
    await expect(page).toHaveURL(/\/pages\/cart\/add-success/);
    await expect(page.getByText('Added to your shopping cart')).toBeVisible();
    await addToCart(page, limited!.id, 1);
    await expect(
      page.getByRole('alertdialog').or(page.getByRole('dialog')).getByText(LIMIT_MESSAGE),
    ).toBeVisible();
    await snap(page, 'store-cart-limit');

    // Local SPY goods cannot join goods of other suppliers.
    await addToCart(page, own!.id, 1);
    const mix = page.getByRole('dialog').filter({ hasText: MIX_MESSAGE });
    await expect(mix).toBeVisible();
    await expect(mix.getByRole('button', { name: 'Go to the shopping cart' })).toBeVisible();
    await mix.getByRole('button', { name: 'I want to see others' }).click();
    await expect(mix).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/pages/goods/index\\?id=${own!.id}`));

    await addToCart(page, plain!.id, 2);
    await expect(page).toHaveURL(/\/pages\/cart\/add-success/);

    // The mini cart: checked quantity in the label, 90 px per line plus 70.
    const label = new RegExp(`Shop Cart \\(${max + 2}\\)`);
    await page.getByRole('banner').getByRole('link', { name: label }).hover();
    const panel = page.getByRole('region', { name: 'Mini cart' });
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.height).toBe(2 * 90 + 70);
    await expect(panel.getByRole('link', { name: 'Go To Checkout' })).toBeVisible();
    await snap(page, 'store-mini-cart');

    // A reload keeps the guest's cart.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: label })).toBeVisible();

    // Checkout asks the guest to log in; after login the cart is still all there, now on the server.
    await page.goto('/pages/cart/index');
    await page.getByRole('button', { name: /checkout/i }).click();
    await expect(page).toHaveURL(/\/pages\/user\/login\/index\?callbackUrl=\/pages\/cart\/index/);
    await page.getByLabel('E-mail or phone').fill('aroha@example.co.nz');
    await page.getByLabel('Password', { exact: true }).fill('kauri-demo-1');
    await page.getByRole('button', { name: /Log in as a retail customer/ }).click();
    await expect(page).toHaveURL(/\/pages\/cart\/index/);
    await expect(page.getByRole('banner').getByRole('link', { name: label })).toBeVisible();
    for (const g of [limited!, plain!])
      await expect(page.getByRole('main').getByText(g.name).first()).toBeVisible();
    await snap(page, 'store-cart-member');

    // A count typed above the limit is refused, each time, and the box keeps the cart's count.
    const quantity = page.getByRole('textbox', { name: `Quantity of ${limited!.name}` });
    for (const typed of [max + 1, max + 5]) {
      await quantity.fill(String(typed));
      await quantity.press('Enter');
      const refusal = page.getByRole('alertdialog').filter({ hasText: LIMIT_MESSAGE });
      await expect(refusal).toBeVisible();
      await refusal.getByRole('button', { name: 'Confirm' }).click();
      await expect(refusal).toBeHidden();
      await expect(quantity).toHaveValue(String(max));
    }

    // The member's cart is the same in another browser.
    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await other.newPage();
    await otherPage.goto('/pages/user/login/index');
    await otherPage.getByLabel('E-mail or phone').fill('aroha@example.co.nz');
    await otherPage.getByLabel('Password', { exact: true }).fill('kauri-demo-1');
    await otherPage.getByRole('button', { name: /Log in as a retail customer/ }).click();
    await expect(otherPage.getByRole('banner').getByRole('link', { name: label })).toBeVisible();
    await other.close();
  });
});
