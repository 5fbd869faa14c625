import { POINT_SOURCE } from '@mall/shared/codes';
import type { pointsAdjustSchema } from '@mall/shared/contract/admin/wallet';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/index.ts';
import { emailOwner } from '../customer/index.ts';
import {
  type cashCardIssueSchema,
  type couponCreateSchema,
  createCoupon,
  type discountCardGiveSchema,
  giveDiscountCard,
  issueCashCards,
} from './issue.ts';
import { lockedPointsBalance, movePoints } from './ledger.ts';

/**
 * What the back office issues (docs/back-office-wallet.md), through the wallet module's own
 * rules; each action and its audit row are one transaction.
 */

/** Issues cash cards; the answer holds their secrets, the only time anyone sees them. */
export const issueCashCardsAs = (db: Db, operatorId: number, input: z.input<typeof cashCardIssueSchema>) =>
  issueCashCards(db, input, async (tx, cards) => {
    await recordAudit(tx, {
      operatorId,
      action: 'cash-card.issue',
      subject: cards.length === 1 ? `cash card ${cards[0]!.cardNo}` : `${cards.length} cash cards`,
      // Numbers only: a secret is never written anywhere but the answer.
      after: {
        count: cards.length,
        faceValue: cards[0]?.faceValue,
        expiresAt: cards[0]?.expiresAt,
        cardNos: cards.map((c) => c.cardNo),
      },
    });
  });

export const createCouponAs = (db: Db, operatorId: number, input: z.input<typeof couponCreateSchema>) =>
  db.transaction(async (tx) => {
    const coupon = await createCoupon(tx, input);
    await recordAudit(tx, {
      operatorId,
      action: 'coupon.create',
      subject: `coupon ${coupon.code}`,
      after: { ...input, code: coupon.code, title: coupon.title },
    });
    return coupon;
  });

export const giveDiscountCardAs = (
  db: Db,
  operatorId: number,
  input: z.input<typeof discountCardGiveSchema>,
) =>
  db.transaction(async (tx) => {
    const card = await giveDiscountCard(tx, input);
    await recordAudit(tx, {
      operatorId,
      action: 'discount-card.give',
      subject: `member ${input.member}`,
      after: { ...input, title: card.title },
    });
    return card;
  });

/**
 * Adds or takes a member's points: one `adjustment` ledger row. The member's points account is
 * locked for the transaction, so two adjustments at once are applied one after the other and a
 * balance never goes below zero (409 saying how many there are).
 */
export const adjustPointsAs = async (
  db: Db,
  operatorId: number,
  input: z.output<typeof pointsAdjustSchema>,
) => {
  const memberId = await emailOwner(db, input.member);
  if (memberId === null)
    throw notFound({ field: 'member', message: `There is no member with the e-mail ${input.member}.` });
  return db.transaction(async (tx) => {
    const before = await lockedPointsBalance(tx, memberId);
    if (before + input.points < 0)
      throw conflict({
        field: 'points',
        message: `The member has ${before} points: at most ${before} can be taken.`,
      });
    const moved = await movePoints(tx, {
      memberId,
      points: input.points,
      reason: POINT_SOURCE.adjustment,
      orderId: null,
    }).catch((err: unknown) => {
      // The ledger's own floor (it never goes below zero): said in the operator's words.
      if (err instanceof AppError && err.status === 409)
        throw conflict({ field: 'points', message: 'The member does not have that many points.' });
      throw err;
    });
    await recordAudit(tx, {
      operatorId,
      action: 'points.adjust',
      subject: `member ${memberId}`,
      before: { points: before },
      after: { points: moved.balanceAfter, change: input.points, reason: input.reason },
    });
    return { memberId, balanceBefore: before, balanceAfter: moved.balanceAfter };
  });
};
