import { toCents } from '@mall/shared/money';
import { z } from 'zod';
import { readSeedData, seedNote } from '../../../seed/data-files.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { emailOwner } from '../customer/index.ts';
import { claimCoupon } from './discounts.ts';
import {
  cashCardIssueSchema,
  couponCreateSchema,
  createCoupon,
  discountCardGiveSchema,
  giveDiscountCard,
  givePoints,
  insertCashCard,
  pointsGiveSchema,
} from './issue.ts';

/** server/seed/wallet.json: the demo members' wallets (README, "Demo accounts"). */
const walletData = () =>
  readSeedData(
    'wallet.json',
    z.strictObject({
      note: seedNote,
      cashCards: z.array(
        z.strictObject({
          cardNo: z.string().regex(/^[0-9]{16}$/),
          secret: z.string().regex(/^[0-9]{6}$/),
          face: cashCardIssueSchema.shape.face,
          years: cashCardIssueSchema.shape.years,
          holder: z.email().nullable(),
          note: seedNote,
        }),
      ),
      points: z.array(z.strictObject({ ...pointsGiveSchema.shape, note: seedNote })),
      coupons: z.array(
        z.looseObject({ claimedBy: z.array(z.email()), note: seedNote }).and(couponCreateSchema),
      ),
      discountCards: z.array(z.looseObject({ note: seedNote }).and(discountCardGiveSchema)),
    }),
  );

const memberId = async (db: Parameters<typeof emailOwner>[0], email: string) => {
  const id = await emailOwner(db, email);
  if (id === null) throw new Error(`wallet.json names ${email}, who is not a demo member`);
  return id;
};

/** Sells the demo cash cards, gives points and discount cards, and opens the demo coupons. */
export const walletDemoSeed: SeedSet = {
  name: 'wallet-v1',
  members: true,
  async run({ db }) {
    const data = walletData();
    // The secrets' hashes in parallel: argon2id is slow on purpose.
    const hashes = await Promise.all(data.cashCards.map((card) => hashPassword(card.secret)));
    for (const [i, card] of data.cashCards.entries()) {
      const holder = card.holder === null ? null : await memberId(db, card.holder);
      await db.transaction((tx) =>
        insertCashCard(tx, {
          cardNo: card.cardNo,
          secretHash: hashes[i]!,
          faceCents: toCents(card.face),
          years: card.years,
          memberId: holder,
        }),
      );
    }
    for (const p of data.points) await givePoints(db, p);
    for (const c of data.coupons) {
      const { claimedBy, note: _note, ...coupon } = c;
      const created = await createCoupon(db, coupon);
      for (const email of claimedBy) await claimCoupon(db, await memberId(db, email), created.code);
    }
    for (const { note: _note, ...card } of data.discountCards) await giveDiscountCard(db, card);
  },
};
