import { paymentStartSchema } from '@mall/shared/contract/order';
import { clubPlansSchema, clubStatusSchema, WALLET_CALLS } from '@mall/shared/contract/wallet';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { clubSavingOf, ReadCache } from '../catalogue/index.ts';
import { shopPaymentProvider } from '../payment/index.ts';
import { clubStatusOf, listClubPlans, startClubPayment } from './service.ts';

const tags = ['club'];

/** How long the catalogue's club saving is kept: it moves only as prices change across thousands of goods. */
const SAVING_CACHE_MS = 10 * 60_000;

/** The club's calls (docs/calls.md: wallet and club). */
export const clubRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Off with the catalogue's micro-cache (tests), so a price change shows at once there.
  const savingCache = new ReadCache(app.config.catalogueCacheMs === 0 ? 0 : SAVING_CACHE_MS);
  // The provider goods orders are paid through too.
  const provider = shopPaymentProvider(app.config);
  const noStore = { 'Cache-Control': 'no-store' };

  app.get(
    WALLET_CALLS.clubPlans,
    {
      schema: {
        tags,
        summary:
          'The plans of the club on sale (lengths of one membership), with price and what club prices save',
        response: { 200: envelopeOf(clubPlansSchema) },
      },
    },
    async () => ok(await listClubPlans(app.db, await savingCache.get('saving', () => clubSavingOf(app.db)))),
  );

  app.get(
    WALLET_CALLS.clubPay,
    {
      schema: {
        tags,
        summary:
          'Start paying for a plan (retail members): places a club order, or pays again the one still waiting, and answers where the browser goes to pay',
        params: idParams,
        response: { 200: envelopeOf(paymentStartSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(
        await startClubPayment(app.db, provider, {
          memberId: member.id,
          planId: request.params.id,
          payTimeoutMs: app.config.orderPayTimeoutMs,
        }),
      );
    },
  );

  app.get(
    WALLET_CALLS.clubStatus,
    {
      schema: {
        tags,
        summary: "The member's club membership: in the club or not, until when, and every plan paid for",
        response: { 200: envelopeOf(clubStatusSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(await clubStatusOf(app.db, member.id));
    },
  );
};
