import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { markShipped } from '../order/service.ts';
import { refundOrder } from '../payment/refund.ts';
import { paymentProviderNamed } from '../payment/shop-provider.ts';
import { recordAudit } from './audit.ts';

/** Order changes an operator makes (the back-office calls and the commands), each audited in its transaction. */

export const shipOrderAs = (db: Db, operatorId: number, orderNo: string, trackingNo: string | null) =>
  db.transaction(async (tx) => {
    const shipped = await markShipped(tx, orderNo, trackingNo);
    await recordAudit(tx, {
      operatorId,
      action: 'order.ship',
      subject: `order ${orderNo}`,
      before: { status: 'to ship' },
      after: { status: 'shipped', trackingNo },
    });
    return shipped;
  });

export const refundOrderAs = (db: Db, config: Config, operatorId: number, orderNo: string) =>
  db.transaction(async (tx) => {
    const refund = await refundOrder(
      tx,
      (name) => paymentProviderNamed(config, name),
      orderNo,
      config.points.valueCents,
    );
    await recordAudit(tx, {
      operatorId,
      action: 'order.refund',
      subject: `order ${orderNo}`,
      after: { status: 'cancelled', payStatus: 'refunded', ...refund },
    });
    return refund;
  });
