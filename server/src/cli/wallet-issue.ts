import { parseArgs } from 'node:util';
import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { createCoupon, giveDiscountCard, givePoints, issueCashCards } from '../modules/wallet/index.ts';

/**
 * The operator issues what the wallet holds (docs/wallet.md: issuing), as the back office does at
 * /admin/wallet (docs/back-office-wallet.md).
 * It opens the configured database (DATABASE_URL, or the embedded one when the shop is stopped).
 *   npm run wallet -- issue-cash-card --face 50 --count 10 [--years 3]
 *   npm run wallet -- create-coupon --code SUMMER10 --percent 10 --min 50 --limit 100 --days 30
 *                     [--amount 5] [--starts YYYY-MM-DD] [--supplier CODE | --category KEY] [--title ...]
 *   npm run wallet -- give-discount-card --member EMAIL --amount 5 --days 90 [--min 40] [...as above]
 *   npm run wallet -- give-points --member EMAIL --points 200 [--reason adjustment]
 */
const USAGE = `usage:
  npm run wallet -- issue-cash-card --face <NZD> --count <n> [--years <3..10>]
  npm run wallet -- create-coupon --code <CODE> (--percent <1..100> | --amount <NZD>) --days <n>
                    [--min <NZD>] [--limit <n>] [--starts <YYYY-MM-DD>] [--supplier <code> | --category <key>] [--title <text>]
  npm run wallet -- give-discount-card --member <e-mail> (--percent <1..100> | --amount <NZD>) --days <n>
                    [--min <NZD>] [--starts <YYYY-MM-DD>] [--supplier <code> | --category <key>] [--title <text>]
  npm run wallet -- give-points --member <e-mail> --points <n> [--reason adjustment|welcome|review|...]`;

const { positionals, values } = parseArgs({
  options: {
    face: { type: 'string' },
    count: { type: 'string' },
    years: { type: 'string' },
    code: { type: 'string' },
    percent: { type: 'string' },
    amount: { type: 'string' },
    min: { type: 'string' },
    limit: { type: 'string' },
    days: { type: 'string' },
    starts: { type: 'string' },
    supplier: { type: 'string' },
    category: { type: 'string' },
    title: { type: 'string' },
    member: { type: 'string' },
    points: { type: 'string' },
    reason: { type: 'string' },
  },
  allowPositionals: true,
});

/** A number option as typed ("1_000" allowed); absent stays undefined, so the rules say what is missing. */
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v.replaceAll('_', '')));
const rule = () => ({
  percent: num(values.percent),
  amount: num(values.amount),
  min: num(values.min),
  days: num(values.days) as number,
  starts: values.starts,
  supplier: values.supplier,
  category: values.category,
  title: values.title,
});

const command = positionals[0];
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openMigratedDatabase(loadConfig());
try {
  const { db } = database;
  switch (command) {
    case 'issue-cash-card': {
      const cards = await issueCashCards(db, {
        face: num(values.face) as number,
        count: num(values.count) as number,
        years: num(values.years),
      });
      console.log('card number        secret  face     expires (UTC)');
      for (const c of cards)
        console.log(
          `${c.cardNo}   ${c.secret}  ${c.faceValue.toFixed(2).padStart(7)}  ${c.expiresAt.slice(0, 10)}`,
        );
      console.log(
        `${cards.length} card(s) issued. The secrets are shown only now: only their hashes are kept.`,
      );
      break;
    }
    case 'create-coupon': {
      const c = await createCoupon(db, { ...rule(), code: values.code as string, limit: num(values.limit) });
      console.log(`coupon ${c.code} created: ${c.title}`);
      break;
    }
    case 'give-discount-card': {
      const g = await giveDiscountCard(db, { ...rule(), member: values.member as string });
      console.log(`discount card given to ${values.member}: ${g.title}`);
      break;
    }
    case 'give-points': {
      const p = await givePoints(db, {
        member: values.member as string,
        points: num(values.points) as number,
        ...(values.reason ? { reason: values.reason as 'adjustment' } : {}),
      });
      console.log(`points of ${values.member}: ${p.balanceAfter}`);
      break;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
