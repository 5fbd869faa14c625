import { expect, type Page, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import {
  addOpenGoodToCart,
  buyableGoods,
  dollars,
  goToCheckout,
  OPERATOR,
  payOnSandbox,
  placeOrder,
  registerRetailMember,
  startPayment,
} from '../orders.ts';

/**
 * Shipping from the back office (docs/back-office-orders.md): a member places and pays an order;
 * the demo owner finds it under To ship, ships it with a carrier and tracking number in the
 * browser, and the member sees both in their order's timeline.
 */
test.describe('the back office ships an order', () => {
  // Two people, a whole purchase and the back office: on a busy machine this takes longer than one page.
  test.setTimeout(240_000);

  test('the owner ships a paid order with a carrier and tracking number; the member sees them', async ({
    browser,
    baseURL,
    request,
  }) => {
    const [good] = await buyableGoods(request, 'honey', 1, 1);
    expect(good).toBeTruthy();
    const tracking = `NZ${Date.now().toString().slice(-9)}NZ`;

    // The member places and pays an order of one good.
    const memberContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const member = await memberContext.newPage();
    const email = await registerRetailMember(member, 'Hemi_Ship');
    await member.goto(`/pages/goods/index?id=${good!.id}`);
    await expect(member.getByRole('heading', { level: 1 })).toHaveText(good!.name);
    await addOpenGoodToCart(member, 1);
    await goToCheckout(member);
    const form = member.getByRole('form', { name: 'New address' });
    await form.getByLabel('Recipient').fill('Hemi Walker');
    await form.getByLabel('Phone').fill('0219876543');
    await form.getByLabel('Street address').fill('5 Willis Street');
    await form.getByLabel('Suburb').fill('Te Aro');
    await form.getByLabel('Town or city').fill('Wellington');
    await form.getByLabel('Region').selectOption({ label: 'Wellington' });
    await form.getByLabel('Postcode').fill('6011');
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    await expect(member.getByRole('radiogroup', { name: 'Delivery address' })).toContainText(
      '5 Willis Street',
    );
    const order = await placeOrder(member);
    await startPayment(member, order.orderNo, order.amountCents);
    await payOnSandbox(member, '4242 4242 4242 4242', order.amountCents);
    await expect(member.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();

    // The owner finds it under To ship.
    const ownerContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 } });
    const owner = await ownerContext.newPage();
    await logIn(owner);
    await owner
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(owner).toHaveURL(/\/admin\/orders$/);
    await expect(owner.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await owner.getByRole('tab', { name: /^To ship/ }).click();
    await expect(owner.getByRole('tab', { name: /^To ship/ })).toHaveAttribute('aria-selected', 'true');
    await owner.getByLabel('Member (name, e-mail or phone)').fill(email);
    await owner.getByRole('button', { name: 'Search' }).click();
    const row = owner.locator(`tr[data-order-no="${order.orderNo}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('To ship');
    await expect(owner.getByRole('tab', { name: /^To ship/ })).toContainText('1');
    await snap(owner, 'admin-orders-to-ship');

    // Its detail, then Mark shipped with the carrier and the tracking number.
    await row.getByRole('button', { name: order.orderNo }).click();
    await expect(
      owner.getByRole('heading', { name: new RegExp(`Order ${order.orderNo}`), level: 1 }),
    ).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Delivery' })).toContainText('5 Willis Street');
    await snap(owner, 'admin-order-detail');
    await owner.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = owner.getByRole('dialog', { name: `Ship order ${order.orderNo}` });
    await dialog.getByLabel('Carrier').fill('NZ Post');
    await dialog.getByLabel('Tracking number').fill(tracking);
    await snap(owner, 'admin-order-ship-dialog');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(owner.getByRole('status')).toContainText(`Order ${order.orderNo} is marked shipped`);
    await expect(owner.locator('[data-order-status]')).toContainText('Shipped');
    await expect(owner.locator('[data-admin-timeline]')).toContainText(
      `Carrier NZ Post · Tracking number ${tracking}`,
    );

    // The member sees the carrier and the tracking number in their order's timeline.
    await member.goto(`/pages/order/detail?id=${order.orderId}`);
    const shipped = member.locator('[data-order-timeline] > li').filter({ hasText: 'Shipped' });
    await expect(shipped).toContainText('NZ Post');
    await expect(shipped).toContainText(tracking);
    await snap(member, 'store-order-detail-shipped-by-back-office');

    // The goods came back: the owner cancels and refunds the order after saying so in the dialog.
    await owner.getByRole('button', { name: 'Cancel and refund' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Cancel and refund this order?' });
    await expect(confirm).toContainText(`Order ${order.orderNo} is cancelled and refunded`);
    await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(owner.getByRole('status')).toContainText(
      `Order ${order.orderNo} is cancelled and refunded.`,
    );
    await expect(owner.locator('[data-order-status]')).toContainText('Cancelled');
    await snap(owner, 'admin-order-refunded');

    // The member's order shows the refund of their card payment, made through the gateway.
    await member.reload();
    await expect(member.locator('[data-payment-refund="succeeded"]')).toContainText(
      `Refund ${dollars(order.amountCents)}: refunded (order refunded)`,
    );
    await snap(member, 'store-order-detail-refunded-by-back-office');

    await ownerContext.close();
    await memberContext.close();
  });
});

const logIn = async (page: Page) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
  await page.getByLabel('Name').fill(OPERATOR.OPERATOR_NAME);
  await page.getByLabel('Password').fill(OPERATOR.OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
};
