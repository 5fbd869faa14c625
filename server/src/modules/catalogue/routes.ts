import { SKU_LINES_PATH, skuLineSchema, skuLinesQuerySchema } from '@mall/shared/contract/cart';
import {
  goodsDetailSchema,
  promotionPriceQuery,
  promotionPriceSchema,
  recommendationListSchema,
  skuSchema,
} from '@mall/shared/contract/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import { fromCents } from '@mall/shared/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { answerWriter, sendWritten, type WrittenAnswer } from '../../lib/written-answer.ts';
import { cachedShopperOf, shopperKey } from '../shopper/index.ts';
import { categoryRoutes } from './category-routes.ts';
import type { GoodsChangeFeed } from './changes.ts';
import { HeldByGoods } from './held-by-goods.ts';
import { ReadCache } from './read-cache.ts';
import { findGoodsDetail, listGoodsSkus, listPromotionPrices, listRecommendations } from './service.ts';
import { skuFactsByIds } from './sku-facts.ts';

const tags = ['catalogue'];

/** Goods pages held until they change (HeldByGoods), at most this many, and this long whatever happens. */
const HELD_PAGES_MAX = 20_000;
const HELD_PAGE_MS = 60_000;

/** The catalogue (docs/calls.md: catalogue and search): categories, goods detail, SKUs, promotion prices, recommendations. */
export const catalogueRoutes = async (
  root: FastifyInstance,
  opts: { goodsChanges?: GoodsChangeFeed | null } = {},
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache(app.config.catalogueCacheMs);
  // Goods pages held until their good changes, when something tells of every change.
  const pages =
    opts.goodsChanges && app.config.catalogueCacheMs > 0
      ? new HeldByGoods<WrittenAnswer | null>(opts.goodsChanges, { ttlMs: HELD_PAGE_MS, max: HELD_PAGES_MAX })
      : null;
  const shopperOf = (_db: unknown, request: Parameters<typeof cachedShopperOf>[1]) =>
    cachedShopperOf(app.db, request, cache);
  // Cached reads kept written (lib/written-answer.ts).
  const writeDetail = answerWriter(envelopeOf(goodsDetailSchema), 'a goods detail');
  const writeRecommendations = answerWriter(envelopeOf(recommendationListSchema), 'recommendation blocks');

  // The category tree, its pictures and lookups (category-routes.ts).
  await app.register(categoryRoutes);

  app.get(
    '/sale/good/detail/:id',
    {
      schema: {
        tags,
        summary:
          "A good's page: pictures, description, category path, options and SKUs with the shopper's prices",
        params: idParams,
        response: { 200: envelopeOf(goodsDetailSchema) },
      },
    },
    async (request, reply) => {
      const shopper = await shopperOf(app.db, request);
      const { id } = request.params;
      // Kept written: every shopper of a tier reading it meanwhile gets the same bytes.
      const load = async () => {
        const found = await findGoodsDetail(app.db, id, shopper);
        return found && writeDetail(ok(found));
      };
      const detail = pages
        ? await pages.get(id, shopperKey(shopper), shopper.now.getTime(), load)
        : await cache.get(`detail:${id}:${shopperKey(shopper)}`, load);
      if (!detail) throw notFound(`No goods with id ${request.params.id}.`);
      return sendWritten(request, reply, detail);
    },
  );

  app.get(
    '/org/sale/good/skus/:id',
    {
      schema: {
        tags,
        summary: "The SKUs of a good with the shopper's prices and the stock of the shopper's organisation",
        params: idParams,
        response: { 200: envelopeOf(z.array(skuSchema)) },
      },
    },
    async (request) => {
      const shopper = await shopperOf(app.db, request);
      const { id } = request.params;
      const skus = await cache.get(`skus:${id}:${shopperKey(shopper)}`, () =>
        listGoodsSkus(app.db, id, shopper),
      );
      if (!skus) throw notFound(`No goods with id ${request.params.id}.`);
      return ok(skus);
    },
  );

  app.get(
    '/promotion/org/prom/price',
    {
      schema: {
        tags,
        summary:
          "Promotion prices running now for these SKUs (the lowest per SKU, where it beats the shopper's price)",
        querystring: promotionPriceQuery,
        response: { 200: envelopeOf(z.array(promotionPriceSchema)) },
      },
    },
    async (request) =>
      ok(await listPromotionPrices(app.db, request.query.skuIds, await shopperOf(app.db, request))),
  );

  app.get(
    '/hot/recommend/app/:id',
    {
      schema: {
        tags,
        summary: 'Recommendation blocks of a placement (1 home, 2 recommendations page, 3 goods detail)',
        params: idParams,
        response: { 200: envelopeOf(recommendationListSchema) },
      },
    },
    async (request, reply) => {
      const shopper = await shopperOf(app.db, request);
      const { id } = request.params;
      const blocks = await cache.get(`recommend:${id}:${shopperKey(shopper)}`, async () =>
        writeRecommendations(ok(await listRecommendations(app.db, id, shopper))),
      );
      return sendWritten(request, reply, blocks);
    },
  );

  app.post(
    SKU_LINES_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags,
        summary:
          "What a cart line shows of each SKU asked for, with the shopper's prices and stock: one call refreshes a guest's cart",
        body: skuLinesQuerySchema,
        response: { 200: envelopeOf(z.array(skuLineSchema)) },
      },
      // Up to CART_LINES_MAX ids.
      bodyLimit: 256 * 1024,
    },
    async (request, reply) => {
      const facts = await skuFactsByIds(
        app.db,
        [...new Set(request.body.skuIds)],
        await shopperOf(app.db, request),
      );
      reply.header('Cache-Control', 'private, no-store');
      return ok(
        facts.map((f) => ({
          skuId: f.skuId,
          goodsId: f.goodsId,
          skuCode: f.code,
          name: f.name,
          skuLabel: f.skuLabel,
          price: fromCents(f.priceCents),
          originalPrice: f.originalCents === null ? null : fromCents(f.originalCents),
          maxCount: f.maxCount,
          stock: f.stock,
          thumbUrl: f.thumbUrl,
          self: f.supplier.self,
          supplierId: f.supplier.id,
          supplierCode: f.supplier.code,
          supplierName: f.supplier.name,
          available: f.available,
        })),
      );
    },
  );
};
