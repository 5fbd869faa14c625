import { parseArgs } from 'node:util';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { actOnDatabase, callAsOperator, OPERATOR_OPTIONS, operatorNameOf } from './as-operator.ts';

/**
 * An operator cancels a paid order and refunds it (docs/orders.md: refunds), recorded in the
 * audit log as theirs (as-operator.ts):
 *   OPERATOR_NAME=<owner> npm run order:refund -- KM261123100001
 *       opens the configured database (DATABASE_URL, or the embedded one when the shop is stopped);
 *   OPERATOR_NAME=... OPERATOR_PASSWORD=... npm run order:refund -- KM261123100001 --url http://localhost:3000 [--code 123456]
 *       logs in to the running shop's back office (owner or orders role), whatever its database.
 */
const { positionals, values } = parseArgs({ options: OPERATOR_OPTIONS, allowPositionals: true });
const orderNo = positionals[0]?.trim();
if (!orderNo || positionals.length !== 1) {
  console.error(
    'usage: OPERATOR_NAME=<name> npm run order:refund -- <order number> [--url <shop url> [--code <code>]]',
  );
  process.exit(2);
}
const done = (r: { gatewayCents: number; cardCents: number; shortfallCents: number }) =>
  console.log(
    `order ${orderNo} is cancelled and refunded: ${formatPrice(fromCents(r.gatewayCents))} through the gateway, ` +
      `${formatPrice(fromCents(r.cardCents))} to cash cards` +
      (r.shortfallCents > 0
        ? `, ${formatPrice(fromCents(r.shortfallCents))} kept for points already spent`
        : ''),
  );

const name = operatorNameOf(values);
if (values.url) {
  done(
    await callAsOperator<{ gatewayCents: number; cardCents: number; shortfallCents: number }>(
      values.url,
      name,
      values.code,
      '/api/admin/orders/refund',
      { orderNo },
    ),
  );
} else {
  await actOnDatabase(name, async (db, config, operatorId) => {
    const { refundOrderAs } = await import('../modules/payment/index.ts');
    done(await refundOrderAs(db, config, operatorId, orderNo));
  });
}
