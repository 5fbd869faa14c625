import {
  type CartItem,
  cartAddSchema,
  cartCheckSchema,
  cartCountSchema,
  cartLinesSchema,
  cartMergeResultSchema,
  cartSchema,
} from '@mall/shared/contract/cart';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { ReadCache } from '../catalogue/index.ts';
import { cachedShopperOf } from '../shopper/index.ts';
import { CART_ANSWER_TYPE, cartAnswer } from './cart-answer.ts';
import {
  addToCart,
  clearCart,
  createCartStore,
  getCart,
  mergeLines,
  removeLine,
  setChecked,
  setCount,
} from './service.ts';

const tags = ['cart'];

/** The member's cart (docs/calls.md: cart): every call needs a signed-in member. */
export const cartRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A guest is told to log in (401) before the body is looked at: carts belong to members only.
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });

  // Which organisation's stock is shown, and SKU facts for as long as the catalogue's own
  // micro-cache keeps them (service.ts: refusals are always decided on a fresh read).
  const orgCache = new ReadCache(app.config.catalogueCacheMs);
  const store = createCartStore(app.db, app.config.catalogueCacheMs);
  /** The member (or 401) and who they shop as: their price tier and stock organisation. */
  const who = async (request: FastifyRequest) => {
    const member = requireMember(request);
    return { memberId: member.id, shopper: await cachedShopperOf(app.db, request, orgCache) };
  };
  const noStore = { 'Cache-Control': 'no-store' };
  /** The cart answer, its lines' text kept (cart-answer.ts), never stored by a cache. */
  const sendCart = (reply: FastifyReply, items: readonly CartItem[]) =>
    reply.headers(noStore).type(CART_ANSWER_TYPE).send(cartAnswer(items));

  app.get(
    '/cart/app',
    {
      schema: {
        tags,
        summary: "The member's cart, newest first, with current prices, stock and limits",
        response: { 200: envelopeOf(cartSchema) },
      },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await getCart(store, memberId, shopper));
    },
  );

  app.post(
    '/cart/app/add',
    {
      schema: {
        tags,
        summary:
          'Add a SKU: the same SKU merges, a new one goes on top; 409 with the limit, stock or mixing message',
        body: cartAddSchema,
        response: { 200: envelopeOf(cartSchema) },
      },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await addToCart(store, memberId, shopper, request.body));
    },
  );

  app.put(
    '/cart/count',
    {
      schema: {
        tags,
        summary: "Set a line's count; 409 with the limit or stock message",
        body: cartCountSchema,
        response: { 200: envelopeOf(cartSchema) },
      },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await setCount(store, memberId, shopper, request.body));
    },
  );

  app.put(
    '/cart/check',
    {
      schema: {
        tags,
        summary: 'Check or uncheck one line or several (a supplier group, or all)',
        body: cartCheckSchema,
        response: { 200: envelopeOf(cartSchema) },
      },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await setChecked(store, memberId, shopper, request.body));
    },
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line',
        params: idParams,
        response: { 200: envelopeOf(cartSchema) },
      },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await removeLine(store, memberId, shopper, request.params.id));
    },
  );

  app.delete(
    '/cart',
    {
      schema: { tags, summary: 'Clear the cart', response: { 200: envelopeOf(cartSchema) } },
    },
    async (request, reply) => {
      const { memberId, shopper } = await who(request);
      return sendCart(reply, await clearCart(store, memberId, shopper));
    },
  );

  for (const [path, summary] of [
    [
      '/cart/sync',
      "Merge the guest's local cart (newest first) into the member's; lines that could not go in whole are reported",
    ],
    ['/cart/batch/add', 'Add many lines at once (order import), with the same merge and report as sync'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          body: cartLinesSchema,
          response: { 200: envelopeOf(cartMergeResultSchema) },
        },
      },
      async (request, reply) => {
        const { memberId, shopper } = await who(request);
        reply.headers(noStore);
        return ok(await mergeLines(store, memberId, shopper, request.body));
      },
    );
  }
};
