import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import { addOpenGoodToCart, buyableGoods, dollars, goToCheckout, OPERATOR, placeOrder } from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * One journey on a store that pays through Stripe Checkout (docs/payment.md: Stripe), against the
 * stand-in Stripe and its hosted page (e2e/playwright.config.ts): a declined card on Stripe's page,
 * then a payment; the notice shows the order as the webhook makes it; the operator's refund
 * command gives the money back through Stripe, and the refund's state shows on the order, to the
 * member and in the back office.
 */
test('a member pays an order on Stripe Checkout; the operator refunds it through Stripe', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A whole purchase, a refund by command and the back office: on a busy machine longer than one page.
  test.setTimeout(180_000);
  const [good] = await buyableGoods(request, 'honey', 1, 1);
  expect(good).toBeDefined();
  await signUpRetailMember(page, 'Ana_Stripe', 'stripe');

  await page.goto(`/pages/goods/index?id=${good!.id}`);
  await addOpenGoodToCart(page, 1);
  await goToCheckout(page);
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Recipient').fill('Ana Stripe');
  await form.getByLabel('Phone').fill('0211234567');
  await form.getByLabel('Street address').fill('1 Queen Street');
  await form.getByLabel('Suburb').fill('Auckland Central');
  await form.getByLabel('Town or city').fill('Auckland');
  await form.getByLabel('Region').selectOption({ label: 'Auckland' });
  await form.getByLabel('Postcode').fill('1010');
  await form.getByRole('button', { name: 'Deliver to this address' }).click();
  const order = await placeOrder(page);

  // Pay now: to Stripe's hosted page (the stand-in's), for the exact amount in NZD.
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNo}` })).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(
    `${dollars(order.amountCents).slice(1).replace(',', '')} NZD`,
  );
  await snap(page, 'stripe-checkout-page');

  // A declined card: Stripe says so on its page; the session stays open for another card.
  await page.getByRole('button', { name: 'Pay with a card that is declined' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the shop's notice: it shows the order as the webhook leaves it, not the redirect.
  await expect(page).toHaveURL(new RegExp(`${baseURL}/pages/order/pay/notice\\?orderId=${order.orderId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();
  await expect(page.locator('[data-order-no]')).toHaveText(order.orderNo);
  await snap(page, 'stripe-pay-notice-paid');

  await page.goto(`/pages/order/detail?id=${order.orderId}`);
  const payments = page.locator('[data-order-payments]');
  await expect(payments).toContainText('Stripe');
  await expect(payments).toContainText('Succeeded');

  // The operator's documented refund command, against the running shop: through Stripe.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/run-node24.mjs', 'server/src/cli/refund-order.ts', order.orderNo, '--url', baseURL!],
    { cwd: root, env: { ...process.env, ...OPERATOR }, timeout: 60_000 },
  );
  expect(stdout).toContain(`${dollars(order.amountCents)} through the gateway`);

  // Stripe tells the shop when the refund is through; the order detail shows it.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('[data-payment-refund]').getAttribute('data-payment-refund');
      },
      { timeout: 15_000 },
    )
    .toBe('succeeded');
  await expect(payments).toContainText(`Refund ${dollars(order.amountCents)}: refunded (order refunded)`);
  await expect(page.locator('[data-order-timeline]')).toContainText('Refund update');
  await snap(page, 'stripe-order-refunded');

  // The back office shows the same refund, in the state Stripe's webhook left it.
  const owner = await browser.newPage({ baseURL });
  await owner.goto('/admin');
  await owner.getByLabel('Name').fill(OPERATOR.OPERATOR_NAME);
  await owner.getByLabel('Password').fill(OPERATOR.OPERATOR_PASSWORD);
  await owner.getByRole('button', { name: 'Log in' }).click();
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  await owner.goto(`/admin/orders?order=${order.orderNo}`);
  const adminPayments = owner.getByRole('region', { name: 'Payments' });
  const paid = `$${(order.amountCents / 100).toFixed(2)}`; // the back office writes no thousands separator
  await expect(adminPayments).toContainText(`${paid} by stripe`);
  await expect(adminPayments).toContainText(`Refund ${paid}: succeeded (operator)`);
  await snap(owner, 'stripe-admin-order-refunded');
  await owner.close();
});
