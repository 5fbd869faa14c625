import { memberKindSchema } from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { searchMembers } from '../customer/index.ts';
import { memberDetail, resendCodeAs, setMemberDisabledAs } from './admin.ts';
import { accountServicesOf } from './route-helpers.ts';

const tags = ['back office'];

/** A search field: printable text without control characters, at most `max` long; empty means not given. */
const field = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, `is at most ${max} characters`)
    .regex(pattern, message)
    .optional()
    .or(z.literal('').transform(() => undefined));

const memberListedSchema = z.object({
  id: z.number().int(),
  memberNo: z.string(),
  kind: memberKindSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
const memberProfileSchema = memberListedSchema.extend({
  address: z.string().nullable(),
  driverLicence: z.string().nullable(),
  cardNo: z.string().nullable(),
  companyTradingName: z.string().nullable(),
  companyNumber: z.string().nullable(),
  nzbn: z.string().nullable(),
  club: z.boolean(),
  clubUntil: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
const count = z.number().int();

/** The back office's calls for members (docs/back-office-members.md). */
export const adminMembersRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const services = (request: FastifyRequest) => accountServicesOf(app, request);

  app.get(
    '/admin/members',
    {
      schema: {
        tags,
        summary:
          'Search members by member number, or the start of their e-mail, phone or name (owner, support)',
        querystring: z.object({
          memberNo: field(11, /^[RrWw]?\d{1,10}$/, 'is like R000123 or W000045'),
          email: field(254, /^[^\s\p{Cc}]+$/u, 'has no spaces'),
          phone: field(20, /^\d+$/, 'is digits only'),
          name: field(80, /^[^\p{Cc}]+$/u, 'has no control characters'),
          kind: memberKindSchema.optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: envelopeOf(
            z.object({
              list: z.array(memberListedSchema),
              /** Counted up to 1,000; `more` when there are more than that. */
              total: count,
              more: z.boolean(),
              page: count,
              size: count,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.members);
      reply.header('Cache-Control', 'no-store');
      return ok(await searchMembers(db, request.query));
    },
  );

  app.get(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary: "A member's profile, orders and wallet (owner, support)",
        params: idParams,
        response: {
          200: envelopeOf(
            z.object({
              profile: memberProfileSchema,
              orders: z.object({
                pendingPayment: count,
                toShip: count,
                shipped: count,
                completed: count,
                cancelled: count,
                toComment: count,
                total: count,
                recent: z.array(
                  z.object({
                    id: count,
                    orderNo: z.string(),
                    status: z.string(),
                    payStatus: z.string(),
                    totalAmount: z.number(),
                    createdAt: z.string(),
                  }),
                ),
              }),
              wallet: z.object({ points: count, cashCents: count, coupons: count, discountCards: count }),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.members);
      reply.header('Cache-Control', 'no-store');
      return ok(await memberDetail(db, request.params.id));
    },
  );

  app.patch(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary: 'Disable a member (their sessions end at once) or enable them again (owner, support)',
        params: idParams,
        body: z.object({ disabled: z.boolean() }),
        response: { 200: envelopeOf(memberProfileSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.members);
      return ok(
        await setMemberDisabledAs(services(request), me.id, request.params.id, request.body.disabled),
      );
    },
  );

  app.post(
    '/admin/members/:id/resend-code',
    {
      schema: {
        tags,
        summary:
          'Send the member a new verification code to their e-mail, within the code limits (owner, support)',
        params: idParams,
        response: {
          200: envelopeOf(z.object({ to: z.string(), resendAfterSeconds: count, expiresInSeconds: count })),
        },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.members);
      return ok(await resendCodeAs(services(request), me.id, request.params.id));
    },
  );
};
