import { parseArgs } from 'node:util';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { OPERATOR_HEADER } from '../modules/order/operator-routes.ts';
import { markShipped } from '../modules/order/service.ts';

/**
 * The operator marks a paid order shipped (there is no back office yet):
 *   npm run order:ship -- KM261123100001 [--tracking NZ123456789]
 *       opens the configured database (DATABASE_URL, or the embedded one when the shop is stopped:
 *       only one process at a time may open the embedded database's folder);
 *   OPERATOR_TOKEN=... npm run order:ship -- KM261123100001 --url http://localhost:3000
 *       asks the running shop (started with the same OPERATOR_TOKEN), whatever its database.
 */
const { positionals, values } = parseArgs({
  options: { tracking: { type: 'string' }, url: { type: 'string' } },
  allowPositionals: true,
});
const orderNo = positionals[0]?.trim();
if (!orderNo || positionals.length !== 1) {
  console.error(
    'usage: npm run order:ship -- <order number> [--tracking <tracking number>] [--url <shop url>]',
  );
  process.exit(2);
}
const trackingNo = values.tracking?.trim() || null;
const done = () =>
  console.log(`order ${orderNo} is marked shipped${trackingNo ? ` (tracking ${trackingNo})` : ''}`);

if (values.url) {
  const token = process.env.OPERATOR_TOKEN;
  if (!token) {
    console.error('OPERATOR_TOKEN must be set (the same as the shop’s) to use --url');
    process.exit(2);
  }
  const res = await fetch(new URL('/api/operator/order/ship', values.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: token },
    body: JSON.stringify({ orderNo, ...(trackingNo ? { trackingNo } : {}) }),
  });
  const body = (await res.json().catch(() => ({ message: `HTTP ${res.status}` }))) as { message: string };
  if (res.ok) done();
  else {
    console.error(body.message);
    process.exitCode = 1;
  }
} else {
  const database = await openMigratedDatabase(loadConfig());
  try {
    await markShipped(database.db, orderNo, trackingNo);
    done();
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
