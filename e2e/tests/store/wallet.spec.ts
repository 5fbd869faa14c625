import { expect, type Page, test } from '@playwright/test';
import { snap } from '../artifacts.ts';
import {
  addOpenGoodToCart,
  buyableGoods,
  centsOf,
  dollars,
  goToCheckout,
  payOnSandbox,
  placeOrder,
  priceOnGoodsPage,
  shipWithCommand,
  startPayment,
  textOf,
} from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

/** The README's card to try adding (server/seed/wallet.json): sold, in no account, $30 on it. */
const CARD = { number: '6000 0000 0000 9001', last4: '9001', secret: '246810', faceCents: 3000 };
/** The README's coupon to try claiming: $5 off orders of $30 or more. */
const COUPON = { code: 'WELCOME5', title: '$5 off your order of $30 or more', offCents: 500, minCents: 3000 };
/** Part of the order paid from the card, typed at checkout. */
const CARD_PART_CENTS = 1234;

/** An amount of the summary: "Free" is 0, "−$5.00" (an amount taken off) is 500. */
const amountOf = async (page: Page, data: string) => {
  const text = await textOf(page.locator(`[data-${data}]`));
  return text === 'Free' ? 0 : centsOf(text);
};

/** Waits until the checkout's summary shows the quote of the latest choice. */
const quoteSettled = async (page: Page) => {
  await expect(page.locator('[data-quote-stale]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

const pointsBalance = async (page: Page) => {
  await page.goto('/pages/user/point/index');
  const balance = page.locator('[data-points-balance]');
  await expect(balance).toHaveText(/^\d[\d,]*$/);
  return Number((await textOf(balance)).replace(/,/g, ''));
};

/**
 * The wallet (docs/wallet.md): a new retail member earns points on a completed order, adds a
 * cash card and claims a coupon, checks out with the coupon, points and part of the order from
 * the card, the amounts adding up to the cent; cancelling the unpaid order gives the card money,
 * the points and the coupon back.
 */
test('a member checks out with a coupon, points and a cash card, cancels, and gets everything back', async ({
  page,
  request,
  baseURL,
}) => {
  // Many pages, a sandbox payment and the operator's ship command.
  test.setTimeout(180_000);
  const [honey] = await buyableGoods(request, 'honey', 10, 1);
  expect(honey).toBeDefined();
  await signUpRetailMember(page, 'Anahera_Wallet');

  // Points are earned on a paid order once it is completed: one pot, shipped and received.
  const earned = await test.step('earn points on a completed order', async () => {
    await page.goto(`/pages/goods/index?id=${honey!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(honey!.name);
    const price = await priceOnGoodsPage(page);
    await addOpenGoodToCart(page, 1);
    await goToCheckout(page);
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Recipient').fill('Anahera Walker');
    await form.getByLabel('Phone').fill('0219876543');
    await form.getByLabel('Street address').fill('12 Cuba Street');
    await form.getByLabel('Suburb').fill('Te Aro');
    await form.getByLabel('Town or city').fill('Wellington');
    await form.getByLabel('Region').selectOption({ label: 'Wellington' });
    await form.getByLabel('Postcode').fill('6011');
    await form.getByRole('button', { name: 'Deliver to this address' }).click();
    await expect(
      page.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio', { checked: true }),
    ).toHaveCount(1);
    await quoteSettled(page);
    // POINTS_EARN_PER_DOLLAR = 1 on the goods paid for, whole dollars.
    const points = Math.floor(price / 100);
    await expect(page.locator('[data-checkout-earn]')).toHaveText(
      `You earn ${points} points with this order`,
    );
    const order = await placeOrder(page);
    await startPayment(page, order.orderNo, order.amountCents);
    await payOnSandbox(page, '4242 4242 4242 4242', order.amountCents);
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();
    await shipWithCommand(order.orderNo, baseURL!, 'NZ555000111');

    // Not before the order is completed.
    expect(await pointsBalance(page)).toBe(0);
    await page.goto(`/pages/order/detail?id=${order.orderId}`);
    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, received' }).click();
    await expect(page.locator('[data-order-timeline]')).toContainText('Received');
    expect(await pointsBalance(page)).toBe(points);
    return points;
  });

  await test.step('add the cash card on the Cash ticket page', async () => {
    await page.goto('/pages/user/cash/index');
    await expect(page.locator('[data-cash-balance]')).toHaveText('$0.00');
    await page.getByLabel('Card number').fill(CARD.number);
    await page.getByLabel('Secret').fill(CARD.secret);
    await page.getByRole('button', { name: 'Add card' }).click();
    await expect(page.locator('[data-card-added]')).toHaveText(
      `Card ending ${CARD.last4} added: ${dollars(CARD.faceCents)} to spend.`,
    );
    const card = page.getByRole('article', { name: `Cash card ending ${CARD.last4}` });
    await expect(card.locator('[data-card-balance]')).toHaveText(dollars(CARD.faceCents));
    await expect(page.locator('[data-cash-balance]')).toHaveText(dollars(CARD.faceCents));
  });

  await test.step('claim the coupon by its code on the Coupons page', async () => {
    await page.goto('/pages/user/coupon/index');
    const box = page.getByRole('form', { name: 'Coupon code' });
    await box.getByLabel('Coupon code').fill(COUPON.code);
    await box.getByRole('button', { name: 'Claim' }).click();
    await expect(box.getByRole('status')).toContainText(`${COUPON.title} (${COUPON.code}) claimed`);
    const coupon = page.getByRole('article', { name: COUPON.title });
    await expect(coupon.locator('[data-discount-state]')).toHaveAttribute('data-discount-state', 'usable');
  });

  const placed = await test.step('check out with the coupon, points and part from the card', async () => {
    await page.goto(`/pages/goods/index?id=${honey!.id}`);
    const price = await priceOnGoodsPage(page);
    // Enough pots for the coupon's minimum spend.
    const count = Math.max(1, Math.ceil(COUPON.minCents / price));
    expect(count).toBeLessThanOrEqual(10);
    await addOpenGoodToCart(page, count);
    await goToCheckout(page);
    const wallet = page.getByRole('region', { name: 'My wallet' });
    await expect(wallet.locator('[data-points-hint]')).toContainText(`You have ${earned} points`);
    await expect(wallet.locator('[data-card-balance-hint]')).toHaveText(
      `(they hold ${dollars(CARD.faceCents)})`,
    );

    await wallet.getByRole('radio', { name: new RegExp(COUPON.code) }).check();
    await quoteSettled(page);
    await expect(page.locator('[data-checkout-discount]')).toHaveText(`−${dollars(COUPON.offCents)}`);
    await wallet.getByLabel('Points to use').fill(String(earned));
    await wallet.getByRole('checkbox', { name: /Pay with my cash cards/ }).check();
    await wallet.getByLabel('Amount from cash cards').fill((CARD_PART_CENTS / 100).toFixed(2));
    await expect(page.locator('[data-checkout-card]')).toHaveText(`−${dollars(CARD_PART_CENTS)}`);
    await expect(page.getByText(`Points (${earned})`)).toBeVisible();
    await quoteSettled(page);

    // The order of money, in whole cents: goods − discount − points + shipping = total;
    // total − cash card = what the bank card pays. A point is worth one cent.
    const goods = await amountOf(page, 'checkout-goods');
    const discount = await amountOf(page, 'checkout-discount');
    const points = await amountOf(page, 'checkout-points');
    const shipping = await amountOf(page, 'checkout-shipping');
    const total = await amountOf(page, 'checkout-total');
    const card = await amountOf(page, 'checkout-card');
    const pay = await amountOf(page, 'checkout-pay');
    expect(goods).toBe(price * count);
    expect(discount).toBe(COUPON.offCents);
    expect(points).toBe(earned);
    expect(total).toBe(goods - discount - points + shipping);
    expect(card).toBe(CARD_PART_CENTS);
    expect(pay).toBe(total - card);
    // Points are earned on the goods paid for (after the discount and the points), whole dollars.
    await expect(page.locator('[data-checkout-earn]')).toHaveText(
      `You earn ${Math.floor((goods - discount - points) / 100)} points with this order`,
    );
    await snap(page, 'store-wallet-checkout');

    const order = await placeOrder(page);
    // The pay page asks the bank card for the rest only.
    expect(order.amountCents).toBe(pay);
    return { ...order, discount, points, total, pay };
  });

  await test.step('the order detail shows the wallet amounts; cancelling gives them back', async () => {
    await page.goto(`/pages/order/detail?id=${placed.orderId}`);
    await expect(page.locator('[data-order-discount] dd')).toHaveText(`−${dollars(placed.discount)}`);
    await expect(page.locator('[data-order-points] dd')).toHaveText(`−${dollars(placed.points)}`);
    await expect(page.locator('[data-order-total]')).toHaveText(dollars(placed.total));
    await expect(page.locator('[data-order-card] dd')).toHaveText(dollars(CARD_PART_CENTS));
    await expect(page.locator('[data-order-pay] dd')).toHaveText(dollars(placed.pay));

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Cancel this order？')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();

    const refunds = page.getByRole('region', { name: 'Refunds' }).getByRole('row');
    // The heading row, the card money and the points: nothing went through the gateway.
    await expect(refunds).toHaveCount(3);
    await expect(refunds.filter({ hasText: `Back to cash card •••• ${CARD.last4}` })).toContainText(
      dollars(CARD_PART_CENTS),
    );
    await expect(refunds.filter({ hasText: 'Points given back' })).toContainText(`+${earned} points`);
    await expect(page.locator('[data-order-timeline]')).toContainText('Cancelled');
    await snap(page, 'store-wallet-order-refunds');
  });

  await test.step('the card, the points and the coupon are back', async () => {
    await page.goto('/pages/user/cash/index');
    const card = page.getByRole('article', { name: `Cash card ending ${CARD.last4}` });
    await expect(card.locator('[data-card-balance]')).toHaveText(dollars(CARD.faceCents));
    await expect(page.locator('[data-cash-balance]')).toHaveText(dollars(CARD.faceCents));
    await card.getByRole('button', { name: /Show movements/ }).click();
    const movements = card.getByRole('table').getByRole('row');
    await expect(movements.filter({ hasText: 'Spent on an order' })).toContainText(
      `−${dollars(CARD_PART_CENTS)}`,
    );
    // The money back from the cancelled order is the card's "Order cancelled" movement.
    await expect(movements.filter({ hasText: 'Order cancelled' })).toContainText(
      `+${dollars(CARD_PART_CENTS)}${dollars(CARD.faceCents)}`,
    );

    expect(await pointsBalance(page)).toBe(earned);
    const records = page.locator('[data-point-record]').filter({ hasText: placed.orderNo });
    await expect(records).toHaveCount(2);

    await page.goto('/pages/user/coupon/index');
    const coupon = page.getByRole('article', { name: COUPON.title });
    await expect(coupon.locator('[data-discount-state]')).toHaveAttribute('data-discount-state', 'usable');
  });
});
