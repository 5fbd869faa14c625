import {
  cashCardIssueSchema,
  couponCreatedSchema,
  couponCreateSchema,
  discountCardGivenSchema,
  discountCardGiveSchema,
  issuedCardSchema,
  pointsAdjustedSchema,
  pointsAdjustSchema,
} from '@mall/shared/contract/admin/wallet';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { XLSX_TYPE } from '../order/index.ts';
import { adjustPointsAs, createCouponAs, giveDiscountCardAs, issueCashCardsAs } from './admin.ts';
import { buildCashCardSheet } from './cash-card-sheet.ts';

const tags = ['back office'];
/** The back office's calls for cash cards, coupons, discount cards and points (docs/back-office-wallet.md). */
export const adminWalletRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/admin/wallet/cash-cards',
    {
      schema: {
        tags,
        summary: 'Issue cash cards; the answer is the only place their secrets are ever shown (owner)',
        body: cashCardIssueSchema,
        response: { 200: envelopeOf(z.array(issuedCardSchema)) },
      },
    },
    async (request, reply) => {
      const me = await requireOperator(db, request, MAY.cashCards);
      reply.header('Cache-Control', 'no-store');
      return ok(await issueCashCardsAs(db, me.id, request.body));
    },
  );

  app.post(
    '/admin/wallet/cash-cards/sheet',
    {
      schema: {
        tags,
        summary: 'Issue a batch of cash cards, answered as a spreadsheet with their secrets, once (owner)',
        body: cashCardIssueSchema,
      },
      // The role first: a caller who may not issue learns nothing from the body's checks either.
      preValidation: async (request) => {
        await requireOperator(db, request, MAY.cashCards);
      },
    },
    async (request, reply) => {
      const me = await requireOperator(db, request, MAY.cashCards);
      const cards = await issueCashCardsAs(db, me.id, request.body);
      const sheet = await buildCashCardSheet(cards, app.config.brand);
      const name = `cash-cards-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.xlsx`;
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .type(XLSX_TYPE)
        .send(sheet);
    },
  );

  app.post(
    '/admin/wallet/coupons',
    {
      schema: {
        tags,
        summary: 'Create a coupon members claim with its code (owner, support)',
        body: couponCreateSchema,
        response: { 200: envelopeOf(couponCreatedSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.wallet);
      return ok(await createCouponAs(db, me.id, request.body));
    },
  );

  app.post(
    '/admin/wallet/discount-cards',
    {
      schema: {
        tags,
        summary: 'Give a member a discount card (owner, support)',
        body: discountCardGiveSchema,
        response: { 200: envelopeOf(discountCardGivenSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.wallet);
      return ok(await giveDiscountCardAs(db, me.id, request.body));
    },
  );

  app.post(
    '/admin/wallet/points',
    {
      schema: {
        tags,
        summary: "Add to or take from a member's points, with a reason; never below zero (owner, support)",
        body: pointsAdjustSchema,
        response: { 200: envelopeOf(pointsAdjustedSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.wallet);
      return ok(await adjustPointsAs(db, me.id, request.body));
    },
  );
};
