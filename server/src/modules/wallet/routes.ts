import {
  cashCardAddSchema,
  cashCardPageSchema,
  cashCardSchema,
  couponClaimSchema,
  discountListQuery,
  discountPageSchema,
  discountSchema,
  pointPageSchema,
  WALLET_CALLS,
} from '@mall/shared/contract/wallet';
import { envelopeOf, pageQuery } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { createFailureCounts } from '../../lib/failure-counts.ts';
import { createCardGuard } from './card-guard.ts';
import { addCashCard, listCashCards } from './cash-cards.ts';
import { claimCoupon, listDiscounts } from './discounts.ts';
import { listPointRecords } from './points.ts';

const tags = ['wallet'];
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The member's wallet (docs/wallet.md; paths in WALLET_CALLS): cash cards, points, discount
 * cards and coupons. Every call needs a signed-in member and answers only their own things.
 */
export const walletRoutes = async (root: FastifyInstance, options: { redis: Redis | undefined }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = createCardGuard(createFailureCounts(options.redis, app.log, 'cash card failure counts'), {
    keyPrefix: app.config.redisKeyPrefix,
    secondMs: app.config.cashCardSlowdownUnitMs,
  });

  app.post(
    WALLET_CALLS.cashCardAdd,
    {
      schema: {
        tags,
        summary:
          'Add a sold cash card to the account with its number and secret (wrong tries are limited per member and address, and slow down per card)',
        body: cashCardAddSchema,
        response: { 200: envelopeOf(cashCardSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(
        await addCashCard(app.db, guard, { memberId: member.id, ip: request.ip }, request.body),
        'The card has been added to your account.',
      );
    },
  );

  app.get(
    WALLET_CALLS.cashCards,
    {
      schema: {
        tags,
        summary:
          "The member's cash cards (last 4 digits), each with balance, expiry and movements, and the balance usable now",
        querystring: pageQuery,
        response: { 200: envelopeOf(cashCardPageSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listCashCards(app.db, requireMember(request).id, request.query));
    },
  );

  app.get(
    WALLET_CALLS.pointRecords,
    {
      schema: {
        tags,
        summary:
          "The member's points movements, newest first (POINT_SOURCE reason, order, balance after), and the balance",
        querystring: pageQuery,
        response: { 200: envelopeOf(pointPageSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listPointRecords(app.db, requireMember(request).id, request.query));
    },
  );

  const cards = {
    schema: {
      tags,
      summary: "The member's discount cards, usable first, each with its state and rule",
      querystring: discountListQuery,
      response: { 200: envelopeOf(discountPageSchema) },
    },
  };
  for (const path of [WALLET_CALLS.discountCards, WALLET_CALLS.discountCardsAlias]) {
    app.get(path, cards, async (request, reply) => {
      reply.headers(noStore);
      return ok(await listDiscounts(app.db, requireMember(request).id, 'card', request.query));
    });
  }

  app.get(
    WALLET_CALLS.coupons,
    {
      schema: {
        tags,
        summary: "The member's claimed coupons, usable first, each with its state and rule",
        querystring: discountListQuery,
        response: { 200: envelopeOf(discountPageSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listDiscounts(app.db, requireMember(request).id, 'coupon', request.query));
    },
  );

  app.post(
    WALLET_CALLS.couponClaim,
    {
      schema: {
        tags,
        summary: 'Claim a coupon by its code (once per member, while it is open and not all claimed)',
        body: couponClaimSchema,
        response: { 200: envelopeOf(discountSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(await claimCoupon(app.db, member.id, request.body.code), 'The coupon is in your wallet.');
    },
  );
};
