import { memberKindSchema, orderBadgeSchema } from '@mall/shared/contract/account';
import {
  IDEMPOTENCY_KEY_HEADER,
  orderDetailSchema,
  orderListQuery,
  orderPageSchema,
  orderSubmitSchema,
  orderSummarySchema,
} from '@mall/shared/contract/order';
import { orderQuoteSchema, WALLET_CALLS } from '@mall/shared/contract/wallet';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopUrlOf } from '../../config.ts';
import { requireKind, requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { ReadCache } from '../catalogue/index.ts';
import { cachedShopperOf } from '../shopper/index.ts';
import type { OrderLinks } from './links.ts';
import { orderConfirmation } from './order-mail.ts';
import type { OrderWallet } from './order-wallet.ts';
import { idempotencyKeyOf, placeOrder, quoteOrder } from './place-order.ts';
import {
  cancelOrder,
  closeExpiredOrders,
  completeShippedOrders,
  confirmReceipt,
  deleteOrder,
  listOrders,
  orderBadgeOf,
  orderDetail,
} from './service.ts';

const tags = ['orders'];

/** The member's orders (docs/calls.md: orders): every call needs a signed-in member. */
export const orderRoutes = async (
  root: FastifyInstance,
  opts: { wallet: OrderWallet; links: OrderLinks },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { wallet, links } = opts;
  const noStore = { 'Cache-Control': 'no-store' };
  // Only which organisation's stock is sold is cached (reference data); prices, stock and rules
  // are read in the order's transaction.
  const orgCache = new ReadCache(app.config.catalogueCacheMs);
  const confirmation = orderConfirmation({
    mailQueue: app.mailQueue,
    brand: app.config.brand,
    shopUrl: shopUrlOf(app.config),
  });

  app.post(
    '/sale/order/submit',
    {
      schema: {
        tags,
        summary: `Place an order of checked cart lines to an address; send an ${IDEMPOTENCY_KEY_HEADER} header (the same key gives the same order)`,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z.string().optional() }),
        body: orderSubmitSchema,
        response: { 200: envelopeOf(orderSummarySchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      reply.headers(noStore);
      return ok(
        await placeOrder(
          app.db,
          wallet,
          links.paid,
          {
            memberId: member.id,
            kind: member.kind,
            shopper: await cachedShopperOf(app.db, request, orgCache),
          },
          request.body,
          key,
          {
            points: app.config.points,
            payTimeoutMs: app.config.orderPayTimeoutMs,
            unpaidOrdersMax: app.config.unpaidOrdersMax,
          },
          confirmation,
        ),
      );
    },
  );

  app.post(
    WALLET_CALLS.orderQuote,
    {
      schema: {
        tags,
        summary:
          'What an order of these cart lines would cost with this discount, points and card money, and what the wallet offers (changes nothing)',
        body: orderSubmitSchema,
        response: { 200: envelopeOf(orderQuoteSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(
        await quoteOrder(
          app.db,
          wallet,
          {
            memberId: member.id,
            kind: member.kind,
            shopper: await cachedShopperOf(app.db, request, orgCache),
          },
          request.body,
          app.config.points,
        ),
      );
    },
  );

  app.get(
    '/sale/order/app/list',
    {
      schema: {
        tags,
        summary: "The member's orders, newest first, optionally of one status (ORDER_STATUS code)",
        querystring: orderListQuery,
        response: { 200: envelopeOf(orderPageSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listOrders(app.db, requireMember(request).id, request.query));
    },
  );

  const detail = {
    schema: {
      tags,
      summary: "One of the member's orders: lines, address, amounts, payments and timeline",
      params: idParams,
      response: { 200: envelopeOf(orderDetailSchema) },
    },
  };
  app.get('/sale/order/app/detail/:id', detail, async (request, reply) => {
    reply.headers(noStore);
    return ok(await orderDetail(app.db, links.paymentsOf, requireMember(request).id, request.params.id));
  });

  app.patch(
    '/sale/order/cancel/:id',
    { schema: { ...detail.schema, summary: 'Cancel a pending order; its goods go back to stock' } },
    async (request) => {
      const memberId = requireMember(request).id;
      await cancelOrder(app.db, wallet, memberId, request.params.id);
      return ok(await orderDetail(app.db, links.paymentsOf, memberId, request.params.id));
    },
  );

  app.delete(
    '/sale/order/del/:id',
    {
      schema: {
        tags,
        summary: 'Delete a completed or cancelled order from the list (kept for the books)',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteOrder(app.db, requireMember(request).id, request.params.id);
      return ok(null);
    },
  );

  // GET shows the order to confirm; PATCH confirms it (spec: "GET and PATCH").
  app.get('/sale/order/confirm/receipt/:id', detail, async (request, reply) => {
    reply.headers(noStore);
    return ok(await orderDetail(app.db, links.paymentsOf, requireMember(request).id, request.params.id));
  });
  app.patch(
    '/sale/order/confirm/receipt/:id',
    { schema: { ...detail.schema, summary: 'Confirm a shipped order was received: it is completed' } },
    async (request) => {
      const memberId = requireMember(request).id;
      await confirmReceipt(app.db, wallet, memberId, request.params.id);
      return ok(await orderDetail(app.db, links.paymentsOf, memberId, request.params.id));
    },
  );

  // Each process closes unpaid orders past their deadline and completes orders shipped long ago
  // (safe together: see closeExpiredOrders, completeShippedOrders).
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (app.config.orderSweepMs <= 0) return;
    sweeper = setInterval(() => {
      sweeping = closeExpiredOrders(app.db, wallet)
        .catch((err: unknown) => app.log.error({ err }, 'closing unpaid orders failed'))
        .then(() => completeShippedOrders(app.db, wallet, app.config.orderAutoCompleteDays))
        .catch((err: unknown) => app.log.error({ err }, 'completing shipped orders failed'));
    }, app.config.orderSweepMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });

  // Shown in the member's personal centre, documented with the account.
  for (const kind of memberKindSchema.options) {
    app.get(
      `/${kind}/customer/order/badge`,
      {
        schema: {
          tags: ['customer'],
          summary: `How many of the signed-in ${kind} member's orders are in each status`,
          response: { 200: envelopeOf(orderBadgeSchema) },
        },
      },
      async (request) => ok(await orderBadgeOf(app.db, requireKind(request, kind).id)),
    );
  }
};
