import { parseArgs } from 'node:util';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { markShipped } from '../modules/order/service.ts';

/**
 * The operator marks a paid order shipped (there is no back office yet):
 *   npm run order:ship -- KM261123100001 [--tracking NZ123456789]
 * With the embedded database (no DATABASE_URL), stop the shop first: one process at a time may
 * open its folder. With PostgreSQL it runs beside the shop.
 */
const { positionals, values } = parseArgs({
  options: { tracking: { type: 'string' } },
  allowPositionals: true,
});
const orderNo = positionals[0]?.trim();
if (!orderNo || positionals.length !== 1) {
  console.error('usage: npm run order:ship -- <order number> [--tracking <tracking number>]');
  process.exit(2);
}

const database = await openMigratedDatabase(loadConfig());
try {
  await markShipped(database.db, orderNo, values.tracking?.trim() || null);
  console.log(`order ${orderNo} is marked shipped${values.tracking ? ` (tracking ${values.tracking})` : ''}`);
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
