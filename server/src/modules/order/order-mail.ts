import { PAY_STATUS } from '@mall/shared/codes';
import { formatPrice } from '@mall/shared/money-format';
import type { MailMessage } from '../../lib/mailer.ts';
import type { MailQueue } from '../mail/index.ts';
import type { ConfirmedOrder, OrderConfirmation } from './place-order.ts';

/** The storefront pages an order mail links to (docs/routes.md). */
const orderPageUrl = (shopUrl: string, orderId: number) => `${shopUrl}/pages/order/detail?id=${orderId}`;
const payPageUrl = (shopUrl: string, orderId: number) =>
  `${shopUrl}/pages/order/pay/index?orderId=${orderId}`;

/**
 * The confirmation of a placed order (docs/orders.md: the order mail): what it costs, what is
 * left to pay and where, and the order's page, where its GST tax invoice downloads once paid.
 */
export const orderPlacedMail = (
  order: ConfirmedOrder,
  to: string,
  shop: { brand: string; url: string },
): MailMessage => {
  const paid = order.payStatus === PAY_STATUS.paid;
  const toPay = formatPrice(order.payAmount);
  const lines = [
    `Thank you for your order ${order.orderNo} at ${shop.brand}.`,
    '',
    `Items: ${order.itemCount}`,
    `Total: ${formatPrice(order.totalAmount)} (including GST)`,
    paid
      ? 'It is paid: there is nothing more to pay.'
      : `To pay: ${toPay}. Please pay within the time shown on the payment page, or the order closes by itself:\n${payPageUrl(shop.url, order.id)}`,
    '',
    `Your order and its GST tax invoice${paid ? '' : ' (ready once the order is paid)'}:`,
    orderPageUrl(shop.url, order.id),
  ];
  return { to, subject: `${shop.brand} order ${order.orderNo} confirmed`, text: `${lines.join('\n')}\n` };
};

/**
 * The confirmation of each order a submission places: `placeOrder` queues it in the order's
 * transaction, and this process's mail queue sends it once the order is committed (and tries
 * again later if the mail server is away, docs/mail.md).
 */
export const orderConfirmation = (services: {
  mailQueue: Pick<MailQueue, 'deliverHeld'>;
  brand: string;
  shopUrl: string;
}): OrderConfirmation => ({
  mail: (order, to) => orderPlacedMail(order, to, { brand: services.brand, url: services.shopUrl }),
  deliver: (mail) => services.mailQueue.deliverHeld(mail),
});

/** The mail that tells a member their order is on its way: the carrier, the tracking number, the order's page. */
export const orderShippedMail = (
  order: { id: number; orderNo: string },
  shipping: { carrier: string | null; trackingNo: string | null },
  to: string,
  shop: { brand: string; url: string },
): MailMessage => {
  const lines = [
    `Your order ${order.orderNo} at ${shop.brand} has shipped.`,
    '',
    ...(shipping.carrier ? [`Carrier: ${shipping.carrier}`] : []),
    ...(shipping.trackingNo ? [`Tracking number: ${shipping.trackingNo}`] : []),
    ...(shipping.carrier || shipping.trackingNo ? [''] : []),
    'Your order and its history:',
    orderPageUrl(shop.url, order.id),
  ];
  return { to, subject: `${shop.brand} order ${order.orderNo} has shipped`, text: `${lines.join('\n')}\n` };
};
