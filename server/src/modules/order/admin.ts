import type { Config } from '../../config.ts';
import { shopUrlOf } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../admin/index.ts';
import { memberEmail } from '../customer/index.ts';
import { queueMail } from '../mail/index.ts';
import { orderStateOf } from './admin-orders.ts';
import { orderShippedMail } from './order-mail.ts';
import { markShipped } from './service.ts';

/**
 * Order changes an operator makes (the back-office calls and the commands), each audited in its
 * transaction with the order's state before and after. A refund is the payment module's
 * (payment/admin.ts).
 */

export interface Shipping {
  carrier: string | null;
  trackingNo: string | null;
}

/**
 * Marks a paid order shipped; in the same transaction, the audit row and the member's mail in the
 * durable queue (so a shipped order always has its mail, and a refused one none). The caller
 * starts the queue's delivery once this resolves.
 */
export const shipOrderAs = (
  db: Db,
  config: Config,
  operatorId: number,
  orderNo: string,
  shipping: Shipping,
) =>
  db.transaction(async (tx) => {
    const before = await orderStateOf(tx, orderNo);
    const shipped = await markShipped(tx, orderNo, shipping.trackingNo, shipping.carrier);
    await recordAudit(tx, {
      operatorId,
      action: 'order.ship',
      subject: `order ${orderNo}`,
      before,
      after: await orderStateOf(tx, orderNo),
    });
    const email = await memberEmail(tx, shipped.memberId);
    if (email) {
      await queueMail(
        tx,
        orderShippedMail(shipped, shipping, email, { brand: config.brand, url: shopUrlOf(config) }),
      );
    }
    return { id: shipped.id, orderNo: shipped.orderNo };
  });
