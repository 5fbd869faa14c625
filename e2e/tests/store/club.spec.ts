import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import {
  addOpenGoodToCart,
  buyableGoods,
  centsOf,
  dollars,
  payOnSandbox,
  priceOnGoodsPage,
  textOf,
} from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

/**
 * Joining the club (docs/wallet.md: club membership): a new retail member reads the plans, joins
 * for 3 months through the sandbox gateway, and pays club prices at once on the goods page and in
 * the cart, in the same session; the club order is in My Order.
 */
test('a retail member joins the club and pays club prices at once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [good] = await buyableGoods(request, 'honey', 1, 1);
  expect(good).toBeDefined();
  await signUpRetailMember(page, 'Hemi_Club');

  await page.goto(`/pages/goods/index?id=${good!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(good!.name);
  const retail = await priceOnGoodsPage(page);

  await page.goto('/pages/user/vip/index');
  await expect(page.getByRole('heading', { level: 2, name: 'You are not a club member yet' })).toBeVisible();
  const plan = page.getByRole('article', { name: '3 months' });
  await expect(plan.locator('[data-plan-saving]')).toHaveText(
    /^Club prices are on average \d+% below retail prices/,
  );
  const planCents = centsOf(await textOf(plan.locator('[data-plan-price]')));
  await snap(page, 'club-plans');
  await plan.getByRole('button', { name: /^Join: 3 months/ }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/[^/]+$/);
  await payOnSandbox(page, '4242 4242 4242 4242', planCents);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page.getByText('Your Kauri Club membership is in force')).toBeVisible();

  await page.getByRole('link', { name: 'Club membership' }).first().click();
  await expect(
    page.getByRole('heading', { level: 2, name: /^You are a Kauri Club member until / }),
  ).toBeVisible();
  const history = page.getByRole('table', { name: 'Plans you have paid for, newest first' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('cell').first()).toHaveText('3 months');
  await expect(page.getByRole('button', { name: /^Renew: 12 months/ })).toBeVisible();
  await snap(page, 'club-member');

  // The same session, no new sign-in: the club price on the goods page and in the cart.
  await page.goto(`/pages/goods/index?id=${good!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(good!.name);
  const club = await priceOnGoodsPage(page);
  expect(club).toBeLessThan(retail);
  await addOpenGoodToCart(page, 1);
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.locator('[data-cart-line]').first()).toContainText(dollars(club));

  // My Order: the club order, one membership line, paid.
  await page.goto('/pages/order/index');
  const card = page.locator('[data-club-order-line]').first();
  await expect(card).toContainText('Kauri Club, 3 months');
  await snap(page, 'club-order');
});
