import { parseArgs } from 'node:util';
import { actOnDatabase, callAsOperator, OPERATOR_OPTIONS, operatorNameOf } from './as-operator.ts';

/**
 * An operator marks a paid order shipped, recorded in the audit log as theirs (as-operator.ts):
 *   OPERATOR_NAME=<owner> npm run order:ship -- KM261123100001 [--carrier 'NZ Post'] [--tracking NZ123456789]
 *       opens the configured database (DATABASE_URL, or the embedded one when the shop is stopped:
 *       only one process at a time may open the embedded database's folder);
 *   OPERATOR_NAME=... OPERATOR_PASSWORD=... npm run order:ship -- KM261123100001 --url http://localhost:3000 [--code 123456]
 *       logs in to the running shop's back office (owner or orders role), whatever its database.
 */
const { positionals, values } = parseArgs({
  options: { carrier: { type: 'string' }, tracking: { type: 'string' }, ...OPERATOR_OPTIONS },
  allowPositionals: true,
});
const orderNo = positionals[0]?.trim();
if (!orderNo || positionals.length !== 1) {
  console.error(
    'usage: OPERATOR_NAME=<name> npm run order:ship -- <order number> [--carrier <carrier>] [--tracking <tracking number>] [--url <shop url> [--code <code>]]',
  );
  process.exit(2);
}
const trackingNo = values.tracking?.trim() || null;
const carrier = values.carrier?.trim() || null;
const done = () =>
  console.log(
    `order ${orderNo} is marked shipped${carrier ? ` by ${carrier}` : ''}${trackingNo ? ` (tracking ${trackingNo})` : ''}`,
  );

const name = operatorNameOf(values);
if (values.url) {
  await callAsOperator(values.url, name, values.code, '/api/admin/orders/ship', {
    orderNo,
    ...(carrier ? { carrier } : {}),
    ...(trackingNo ? { trackingNo } : {}),
  });
  done();
} else {
  await actOnDatabase(name, async (db, config, operatorId) => {
    const { shipOrderAs } = await import('../modules/order/index.ts');
    // The member's mail waits in the queue until the shop delivers it.
    await shipOrderAs(db, config, operatorId, orderNo, { carrier, trackingNo });
    done();
  });
}
