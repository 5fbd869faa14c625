import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import {
  addOpenGoodToCart,
  type Buyable,
  buyableGoods,
  dollars,
  goToCheckout,
  gstCents,
  payOnSandbox,
  placeOrder,
  priceOnGoodsPage,
  shipWithCommand,
  startPayment,
} from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

const SHIPPING_CENTS = 890;
const FREE_FROM_CENTS = 9900;
const REVIEW = 'Rich and floral, lovely on toast. Arrived well packed and quickly — would buy again.';

/** My Order's tab of that name (its link names carry the badge count after the label). */
const tab = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: new RegExp(`^${label}`) });

const orderCard = (page: Page, orderNo: string) => page.getByRole('article', { name: `Order ${orderNo}` });

const openTab = async (page: Page, label: string) => {
  await tab(page, label).click();
  await expect(tab(page, label)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

/**
 * The order journey (docs/orders.md) of one freshly registered retail member: checkout with a new
 * address and exact totals, card payment on the sandbox gateway, My Order and its detail with
 * the tax invoice, a cancelled order, shipping by the operator's command, receipt, a review that
 * shows on the good's page, and a declined card that can be paid again.
 */
test.describe('an order from checkout to review', () => {
  // One member's orders, step by step: each test goes on from where the one before stopped.
  test.describe.configure({ mode: 'serial' });
  // Whole journeys of many pages; on a cold machine they take longer than one page's 60 s.
  test.setTimeout(120_000);

  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let honey: Buyable;
  let other: Buyable;
  let first: { orderId: number; orderNo: string; amountCents: number };

  test.beforeAll(async ({ browser: b }) => {
    browser = b;
  });

  test.beforeEach(async ({ baseURL }) => {
    if (!context) {
      context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
      page = await context.newPage();
    }
  });

  test.afterAll(async () => {
    await context?.close();
    context = undefined;
  });

  test('a new member finds honey, checks out with a new address at exact totals and pays by card', async ({
    request,
  }) => {
    [honey, other] = (await buyableGoods(request, 'honey', 2)) as [Buyable, Buyable];
    expect(honey && other).toBeTruthy();

    await signUpRetailMember(page, 'Mere_Orders');
    await page.goto('/');

    // Search from the header and open the result.
    const box = page.getByRole('banner').getByRole('combobox');
    await box.fill('honey');
    await box.press('Escape');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/pages\/search\/index\?keyword=honey/);
    await page
      .getByRole('list', { name: 'Goods' })
      .getByRole('link', { name: honey.name, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pages/goods/index\\?id=${honey.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(honey.name);
    const price = await priceOnGoodsPage(page);
    await addOpenGoodToCart(page, 2);
    await goToCheckout(page);

    // No address yet: the form is there at once.
    const form = page.getByRole('form', { name: 'New address' });
    await expect(form).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await form.getByLabel('Recipient').fill('Mere Parata');
    await form.getByLabel('Phone').fill('0211234567');
    await form.getByLabel('Street address').fill('88 Customs Street East');
    await form.getByLabel('Suburb').fill('Auckland Central');
    await form.getByLabel('Town or city').fill('Auckland');
    await form.getByLabel('Region').selectOption({ label: 'Auckland' });
    await form.getByLabel('Postcode').fill('1010');
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    const chosen = page
      .getByRole('radiogroup', { name: 'Delivery address' })
      .getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    await expect(page.getByRole('radiogroup', { name: 'Delivery address' })).toContainText(
      '88 Customs Street East',
    );
    await expect(page.getByRole('radiogroup', { name: 'Delivery address' })).toContainText('1010');

    // The line and the totals, exact to the cent.
    const line = page.locator('[data-checkout-line]');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(honey.name);
    await expect(line).toContainText(`${dollars(price)} x 2`);
    const goodsCents = price * 2;
    const shippingCents = goodsCents >= FREE_FROM_CENTS ? 0 : SHIPPING_CENTS;
    const totalCents = goodsCents + shippingCents;
    await expect(line.locator('[data-line-amount]')).toHaveText(dollars(goodsCents));
    await expect(page.getByText('Goods (2 items)')).toBeVisible();
    await expect(page.locator('[data-checkout-goods]')).toHaveText(dollars(goodsCents));
    await expect(page.locator('[data-checkout-shipping]')).toHaveText(
      shippingCents === 0 ? 'Free' : dollars(shippingCents),
    );
    await expect(page.locator('[data-checkout-total]')).toHaveText(dollars(totalCents));
    await expect(page.locator('[data-checkout-gst]')).toHaveText(
      `Includes GST of ${dollars(gstCents(totalCents))}`,
    );
    await snap(page, 'store-order-checkout');

    // Place the order: the pay page shows its number and amount.
    first = await placeOrder(page);
    expect(first.orderNo).toMatch(/^[A-Z0-9]{6,}$/);
    expect(first.amountCents).toBe(totalCents);
    // The bought lines have left the cart.
    await expect(page.getByRole('banner').getByRole('link', { name: /Shop Cart \(0\)/ })).toBeVisible();
    await expect(page.getByRole('timer')).toBeVisible();
    await snap(page, 'store-order-pay');

    // Pay now: the sandbox's card page, a good card, back to the notice.
    await startPayment(page, first.orderNo, totalCents);
    await snap(page, 'store-order-sandbox-card');
    await payOnSandbox(page, '4242 4242 4242 4242', totalCents);
    const notice = page.getByRole('status').filter({ hasText: 'Payment successful' });
    await expect(notice).toBeVisible();
    await expect(notice.locator('[data-order-no]')).toHaveText(first.orderNo);
    await expect(notice.locator('[data-pay-amount]')).toHaveText(dollars(totalCents));
    await snap(page, 'store-order-pay-notice-paid');
  });

  test('My Order lists the paid order under To ship; its detail has the timeline and the tax invoice', async () => {
    await page.goto('/pages/order/index');
    await expect(tab(page, 'To ship').locator('[data-tab-count]')).toHaveText('1');
    await openTab(page, 'To ship');
    const card = orderCard(page, first.orderNo);
    await expect(card).toBeVisible();
    await expect(card.locator('[data-order-total]')).toHaveText(dollars(first.amountCents));
    await expect(card).toContainText('To ship');
    await expect(card).toContainText(honey.name);
    await snap(page, 'store-order-list-to-ship');

    await card.getByRole('link', { name: 'View detail' }).click();
    await expect(page).toHaveURL(new RegExp(`/pages/order/detail\\?id=${first.orderId}$`));
    const timeline = page.locator('[data-order-timeline] > li');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toContainText('Order placed');
    await expect(timeline.nth(1)).toContainText('Payment started');
    await expect(timeline.nth(2)).toContainText('Paid');
    await expect(page.locator('[data-order-total]')).toHaveText(dollars(first.amountCents));
    await expect(page.locator('[data-order-gst]')).toContainText(dollars(gstCents(first.amountCents)));
    await expect(page.locator('[data-order-payments]')).toContainText('•••• 4242');
    await snap(page, 'store-order-detail-paid');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download tax invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${first.orderNo}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Kept beside the screenshots for people to read.
    await download.saveAs(path.resolve(import.meta.dirname, '../../artifacts/store-order-invoice.pdf'));
  });

  test('a second order of another good is cancelled from the list after the confirm dialog', async () => {
    await page.goto(`/pages/goods/index?id=${other.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.name);
    await addOpenGoodToCart(page, 1);
    await goToCheckout(page);
    // The saved address is chosen by itself this time.
    await expect(
      page.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio', { checked: true }),
    ).toHaveCount(1);
    const second = await placeOrder(page);
    expect(second.orderNo).not.toBe(first.orderNo);

    await page.goto('/pages/order/index');
    await openTab(page, 'Pending payment');
    const card = orderCard(page, second.orderNo);
    await card.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Cancel this order？')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();

    await openTab(page, 'Cancelled');
    await expect(orderCard(page, second.orderNo)).toContainText('Cancelled');
    await snap(page, 'store-order-list-cancelled');
  });

  test('the operator ships the first order by command; the member confirms receipt and rates the good', async ({
    baseURL,
  }) => {
    // This member's own review (repeated runs on the same server write the same words).
    const review = `${REVIEW} #${first.orderNo}`;
    const { stdout } = await shipWithCommand(first.orderNo, baseURL!, 'NZ123456789');
    expect(stdout).toContain(first.orderNo);

    await page.goto('/pages/order/index');
    await openTab(page, 'Shipped');
    const card = orderCard(page, first.orderNo);
    await expect(card).toContainText('Shipped');
    await snap(page, 'store-order-list-shipped');
    await card.getByRole('button', { name: 'Confirm receipt' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Have you received the goods of this order？')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, received' }).click();
    await expect(card).toBeHidden();

    await openTab(page, 'Completed');
    const done = orderCard(page, first.orderNo);
    await expect(done).toContainText('Completed');
    await done.getByRole('link', { name: 'Rate goods' }).click();
    await expect(page).toHaveURL(/\/pages\/order\/comment\/detail\?orderId=\d+&lineId=\d+/);
    const form = page.getByRole('form', { name: 'Rate this good' });
    await expect(form).toContainText(honey.name);
    // The radios are visually hidden: the member clicks the fifth star (its label).
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expect(form.getByText('Excellent')).toBeVisible();
    await form.getByLabel('Your review').fill(review);
    await snap(page, 'store-order-comment-form');
    await form.getByRole('button', { name: 'Submit review' }).click();

    // Saved: the comments page lists it.
    await expect(page).toHaveURL(/\/pages\/order\/comment\/index$/);
    await expect(page.getByText('Thank you! Your review is saved')).toBeVisible();
    const mine = page.getByRole('article', { name: `Review of ${honey.name}` });
    await expect(mine).toContainText(review);
    await expect(mine.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Waiting for your rating/ })).toBeHidden();
    await snap(page, 'store-order-comments');

    // And the good's page shows it among its reviews, the author masked.
    await page.goto(`/pages/goods/index?id=${honey.id}`);
    const reviews = page.getByRole('region', { name: /Reviews/ });
    const shown = reviews.locator('[data-review]').filter({ hasText: review });
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(shown.locator('[data-review-author]')).not.toHaveText('Mere_Orders');
    await shown.scrollIntoViewIfNeeded();
    await snap(page, 'store-order-goods-reviews');

    // The order itself: Completed, shipped with the tracking number.
    await page.goto(`/pages/order/detail?id=${first.orderId}`);
    await expect(page.getByText('Tracking No. NZ123456789')).toBeVisible();
    const timeline = page.locator('[data-order-timeline] > li');
    await expect(timeline.nth(3)).toContainText('Shipped');
    await expect(timeline.nth(4)).toContainText('Received');
    await snap(page, 'store-order-detail-completed');
  });

  test('a declined card says so with Try again; a card the bank confirms later then pays', async () => {
    await page.goto(`/pages/goods/index?id=${honey.id}`);
    await addOpenGoodToCart(page, 1);
    await goToCheckout(page);
    const third = await placeOrder(page);

    await startPayment(page, third.orderNo, third.amountCents);
    await payOnSandbox(page, '4000 0000 0000 0002', third.amountCents);
    const declined = page.getByRole('alert').filter({ hasText: 'Payment declined' });
    await expect(declined).toBeVisible();
    await expect(declined).toContainText(third.orderNo);
    await expect(declined).toContainText('card ending 0002');
    await snap(page, 'store-order-pay-notice-declined');

    // Try again: the pay page says the last card was declined; the waiting card then pays.
    await declined.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(new RegExp(`/pages/order/pay/index\\?orderId=${third.orderId}$`));
    await expect(page.getByText('Your last payment with the card ending 0002 was declined.')).toBeVisible();
    await snap(page, 'store-order-pay-retry');
    await startPayment(page, third.orderNo, third.amountCents);
    await payOnSandbox(page, '4000 0000 0000 3220', third.amountCents);
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();
    await expect(page.locator('[data-order-no]')).toHaveText(third.orderNo);

    await page.goto(`/pages/order/detail?id=${third.orderId}`);
    const timeline = page.locator('[data-order-timeline]');
    await expect(timeline).toContainText('Payment declined');
    await expect(timeline).toContainText('Paid');
  });
});
