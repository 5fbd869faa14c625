import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { buyableGoods, centsOf, priceOnGoodsPage, textOf } from '../orders.ts';
import { registerRetailAccount } from '../sign-up.ts';

/**
 * Favourites (docs/favourites.md): a guest presses a good's heart, signs in and lands back on the
 * good with it collected; the good is in Favourite Goods with the member's price, its heart shows
 * in the search results, it goes into the cart from the list, and Clear empties the list after
 * the shop's confirmation.
 */
test('a guest collects a good through login, finds it in Favourites, adds it to the cart and clears the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [good] = await buyableGoods(request, 'honey', 1, 1);
  expect(good).toBeDefined();
  // The member's account, made through the calls alone: this page stays a guest's.
  const { email } = await registerRetailAccount(request, 'Mere_Fav');

  await test.step('a guest presses the heart, signs in and comes back collected', async () => {
    await page.goto(`/pages/goods/index?id=${good!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(good!.name);
    const heart = page.getByRole('button', { name: 'Favourite', exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/pages\/user\/login\/index\?callbackUrl=/);
    await page.getByLabel('E-mail or phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harakeke-7');
    await page.getByRole('button', { name: /Log in as a retail customer/ }).click();
    await expect(page).toHaveURL(new RegExp(`/pages/goods/index\\?id=${good!.id}$`));
    await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
  const price = await priceOnGoodsPage(page);

  await test.step('the search results show the heart pressed', async () => {
    await page.goto(`/pages/search/index?keyword=${encodeURIComponent(good!.name)}`);
    await expect(page.getByRole('button', { name: `Favourite ${good!.name}` }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  await test.step('Favourite Goods lists it with the price the goods page shows', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Mere_Fav/ })
      .click();
    await page.getByRole('menuitem', { name: 'Favorite Goods' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/favorite\/index/);
    const row = page.locator(`[data-favourite-row="${good!.id}"]`);
    await expect(row.getByRole('link', { name: good!.name })).toBeVisible();
    expect(centsOf(await textOf(row.locator('[data-favourite-price]')))).toBe(price);
    await expect(row.locator('[data-favourite-stock]')).toHaveText(/In stock: \d/);
    await snap(page, 'favourites-list-1366');
  });

  await test.step('Add to Cart puts it in the cart', async () => {
    await page.getByRole('button', { name: `Add ${good!.name} to cart` }).click();
    await expect(page.getByText('Added to your cart.')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Shop Cart (1)')).toBeVisible();
  });

  await test.step('the personal centre counts it', async () => {
    await page.goto('/pages/user/index');
    await expect(page.locator('[data-balance="Favourites"]')).toHaveText('1');
  });

  await test.step('Clear asks in the shop dialog, then empties the list', async () => {
    await page.goto('/pages/user/favorite/index');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to clear your favourites？')).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('No favourites yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse All Goods' })).toBeVisible();
    await snap(page, 'favourites-empty-1366');
    await page.goto(`/pages/goods/index?id=${good!.id}`);
    await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
