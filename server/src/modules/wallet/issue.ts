import { randomInt } from 'node:crypto';
import { POINT_SOURCE } from '@mall/shared/codes';
import {
  cashCardIssueSchema,
  couponCreateSchema,
  discountCardGiveSchema,
  type IssuedCard,
  type ruleSchema,
} from '@mall/shared/contract/admin/wallet';
import { toCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rowsOf, uniqueViolation } from '../../lib/sql.ts';
import { categoryIdByKey } from '../catalogue/index.ts';
import { emailOwner } from '../customer/index.ts';
import { findSupplierByCode } from '../reference/index.ts';
import { moveCardMoney, movePoints } from './ledger.ts';
import { cashCard, discountOffer, memberDiscount } from './tables.ts';

export { cashCardIssueSchema, couponCreateSchema, discountCardGiveSchema, type IssuedCard };

/**
 * What the shop's operators issue (docs/wallet.md: issuing): sold cash cards, coupon codes,
 * discount cards given to a member, and points adjustments. Plain inputs, checked here with the
 * schemas of @mall/shared/contract/admin/wallet, so the operator command and the back office share
 * these rules.
 */

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * Inserts one sold card with its 'issued' ledger row (docs/wallet.md: a ledger and its account).
 * `secretHash`: `hashPassword` of the secret (argon2id), made before the transaction.
 */
export const insertCashCard = async (
  tx: Tx,
  card: { cardNo: string; secretHash: string; faceCents: number; years: number; memberId?: number | null },
): Promise<{ id: number; expiresAt: string }> => {
  const memberId = card.memberId ?? null;
  const inserted = columns({ id: cashCard.id, expires_at: cashCard.expiresAt });
  const [row] = await rowsOf(
    tx,
    inserted.query`insert into cash_card (card_no, secret_hash, face_cents, sold_at, expires_at, member_id, added_at)
        values (${card.cardNo}, ${card.secretHash}, ${card.faceCents}, now(),
                now() + make_interval(years => ${card.years}), ${memberId},
                ${memberId === null ? null : sql`now()`})
        returning ${inserted}`,
  );
  await moveCardMoney(tx, {
    cardId: row!.id,
    memberId: null,
    amountCents: card.faceCents,
    reason: 'issued',
    orderId: null,
  });
  return { id: row!.id, expiresAt: new Date(row!.expires_at).toISOString() };
};

/**
 * Sells `count` new cards of `face` dollars: random 16-digit numbers and 6-digit secrets, all in
 * one transaction (all or none). `record`, when given, runs in that transaction after the cards
 * are in (the back office's audit row).
 */
export const issueCashCards = async (
  db: Db,
  input: z.input<typeof cashCardIssueSchema>,
  record?: (tx: Tx, cards: IssuedCard[]) => Promise<void>,
): Promise<IssuedCard[]> => {
  const { face, count, years } = parseOr400(cashCardIssueSchema, input);
  const faceCents = toCents(face);
  // Hashed before the transaction, so it holds no locks while argon2 works.
  const secrets = await Promise.all(
    Array.from({ length: count }, async () => {
      const secret = digits(6);
      return { secret, secretHash: await hashPassword(secret) };
    }),
  );
  return db.transaction(async (tx) => {
    const issued: IssuedCard[] = [];
    for (const { secret, secretHash } of secrets) {
      for (;;) {
        const cardNo = `6${digits(15)}`;
        try {
          // A savepoint: a number drawn twice fails alone, and is drawn again.
          const card = await tx.transaction((sp) =>
            insertCashCard(sp, { cardNo, secretHash, faceCents, years }),
          );
          issued.push({ id: card.id, cardNo, secret, faceValue: face, expiresAt: card.expiresAt });
          break;
        } catch (err) {
          if (uniqueViolation(err) !== 'cash_card_no_unique') throw err;
        }
      }
    }
    await record?.(tx, issued);
    return issued;
  });
};

const parseOr400 = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      issue
        ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`
        : 'The input is not valid.',
    );
  }
  return parsed.data;
};

type Rule = z.output<typeof ruleSchema>;

const titleOf = (r: Rule) =>
  r.title ??
  `${r.percent !== undefined ? `${r.percent}% off` : `$${r.amount!.toFixed(2)} off`}${r.min > 0 ? ` orders of $${r.min.toFixed(2)} or more` : ''}`;

const scopeIds = async (db: Db, r: Rule) => {
  let supplierId: number | null = null;
  let categoryId: number | null = null;
  if (r.supplier !== undefined) {
    const s = await findSupplierByCode(db, r.supplier);
    if (!s) throw notFound(`There is no supplier with the code ${r.supplier}.`);
    supplierId = s.id;
  }
  if (r.category !== undefined) {
    categoryId = await categoryIdByKey(db, r.category);
    if (categoryId === null) throw notFound(`There is no category with the key ${r.category}.`);
  }
  return { supplierId, categoryId };
};

const insertOffer = async (
  db: Db,
  source: 'card' | 'coupon',
  r: Rule,
  extra: { code: string | null; limit: number | null; given: number },
): Promise<number> => {
  const { supplierId, categoryId } = await scopeIds(db, r);
  const starts =
    r.starts === undefined ? sql`now()` : sql`(${r.starts}::date)::timestamp at time zone 'Pacific/Auckland'`;
  const inserted = columns({ id: discountOffer.id });
  const [row] = await rowsOf(
    db,
    inserted.query`insert into discount_offer (source, title, code, kind, percent_off, amount_off_cents, min_spend_cents,
                                    supplier_id, category_id, starts_at, ends_at, total_limit, given_count)
        values (${source}, ${titleOf(r)}, ${extra.code}, ${r.percent !== undefined ? 'percent' : 'amount'},
                ${r.percent ?? null}, ${r.amount === undefined ? null : toCents(r.amount)}, ${toCents(r.min)},
                ${supplierId}, ${categoryId}, ${starts}, ${starts} + make_interval(days => ${r.days}),
                ${extra.limit}, ${extra.given})
        returning ${inserted}`,
  );
  return row!.id;
};

/** Creates a coupon members claim with its code. */
export const createCoupon = async (
  db: Db,
  input: z.input<typeof couponCreateSchema>,
): Promise<{ id: number; code: string; title: string }> => {
  const c = parseOr400(couponCreateSchema, input);
  try {
    const id = await insertOffer(db, 'coupon', c, { code: c.code, limit: c.limit ?? null, given: 0 });
    return { id, code: c.code, title: titleOf(c) };
  } catch (err) {
    if (uniqueViolation(err) === 'discount_offer_code_unique')
      throw badRequest(`A coupon with the code ${c.code} already exists.`);
    throw err;
  }
};

const memberByEmail = async (db: Db, email: string): Promise<number> => {
  const id = await emailOwner(db, email);
  if (id === null) throw notFound(`There is no member with the e-mail ${email}.`);
  return id;
};

/** Gives a member a discount card of its own rule. */
export const giveDiscountCard = async (
  db: Db,
  input: z.input<typeof discountCardGiveSchema>,
): Promise<{ id: number; title: string }> => {
  const g = parseOr400(discountCardGiveSchema, input);
  const memberId = await memberByEmail(db, g.member);
  return db.transaction(async (tx) => {
    const offerId = await insertOffer(tx, 'card', g, { code: null, limit: 1, given: 1 });
    const inserted = columns({ id: memberDiscount.id });
    const [row] = await rowsOf(
      tx,
      inserted.query`insert into member_discount (member_id, offer_id, source) values (${memberId}, ${offerId}, 'card') returning ${inserted}`,
    );
    return { id: row!.id, title: titleOf(g) };
  });
};

export const pointsGiveSchema = z.object({
  member: z.email(),
  points: z
    .number()
    .int('Points are a whole number')
    .refine((n) => n !== 0, 'Give or take at least 1 point')
    .refine((n) => Math.abs(n) <= 1_000_000, 'At most 1,000,000 points at a time'),
  reason: z.enum(Object.keys(POINT_SOURCE) as [keyof typeof POINT_SOURCE]).default('adjustment'),
});

/** Gives (or, negative, takes) a member's points, as a ledger row. */
export const givePoints = async (
  db: Db,
  input: z.input<typeof pointsGiveSchema>,
): Promise<{ balanceAfter: number }> => {
  const g = parseOr400(pointsGiveSchema, input);
  const memberId = await memberByEmail(db, g.member);
  return db.transaction((tx) =>
    movePoints(tx, { memberId, points: g.points, reason: POINT_SOURCE[g.reason], orderId: null }),
  );
};
