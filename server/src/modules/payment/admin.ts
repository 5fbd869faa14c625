import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../admin/index.ts';
import { orderStateOf } from '../order/index.ts';
import { refundOrder } from './refund.ts';
import { paymentProviderNamed } from './shop-provider.ts';

/**
 * An operator cancels a paid order and refunds it (the back-office call and the order:refund
 * command), audited in its transaction with the order's state before and after.
 */
export const refundOrderAs = (db: Db, config: Config, operatorId: number, orderNo: string) =>
  db.transaction(async (tx) => {
    const before = await orderStateOf(tx, orderNo);
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
      before,
      after: { ...(await orderStateOf(tx, orderNo)), ...refund },
    });
    return refund;
  });
