import { parseArgs } from 'node:util';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { OPERATOR_HEADER } from '../modules/order/operator-routes.ts';
import { refundOrder } from '../modules/payment/refund.ts';
import { paymentProviderNamed } from '../modules/payment/shop-provider.ts';

/**
 * The operator cancels a paid order and refunds it (there is no back office yet; docs/orders.md: refunds):
 *   npm run order:refund -- KM261123100001
 *       opens the configured database (DATABASE_URL, or the embedded one when the shop is stopped);
 *   OPERATOR_TOKEN=... npm run order:refund -- KM261123100001 --url http://localhost:3000
 *       asks the running shop (started with the same OPERATOR_TOKEN), whatever its database.
 */
const { positionals, values } = parseArgs({ options: { url: { type: 'string' } }, allowPositionals: true });
const orderNo = positionals[0]?.trim();
if (!orderNo || positionals.length !== 1) {
  console.error('usage: npm run order:refund -- <order number> [--url <shop url>]');
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

if (values.url) {
  const token = process.env.OPERATOR_TOKEN;
  if (!token) {
    console.error('OPERATOR_TOKEN must be set (the same as the shop’s) to use --url');
    process.exit(2);
  }
  const res = await fetch(new URL('/api/operator/order/refund', values.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: token },
    body: JSON.stringify({ orderNo }),
  });
  const body = (await res.json().catch(() => ({ message: `HTTP ${res.status}` }))) as {
    message: string;
    data: { gatewayCents: number; cardCents: number; shortfallCents: number };
  };
  if (res.ok) done(body.data);
  else {
    console.error(body.message);
    process.exitCode = 1;
  }
} else {
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    done(
      await refundOrder(
        database.db,
        (name) => paymentProviderNamed(config, name),
        orderNo,
        config.points.valueCents,
      ),
    );
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
