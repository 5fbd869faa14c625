import {
  goodsCardSchema,
  goodsSearchQuery,
  goodsSearchResultSchema,
  hotKeywordsSchema,
  suggestionsSchema,
} from '@mall/shared/contract/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import { toCents } from '@mall/shared/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { answerWriter, listAnswerWriter, sendWritten } from '../../lib/written-answer.ts';
import { ReadCache } from '../catalogue/index.ts';
import { cachedShopperOf, shopperKey } from '../shopper/index.ts';
import { GoodsIndexSync } from './goods-index-sync.ts';
import { searchGoods } from './goods-search.ts';
import { indexedSearchReads } from './index-search.ts';
import { keywordOf, searchKeywordOf } from './keyword.ts';
import { correctKeyword, didYouMean, KeywordCounter, listHotKeywords, suggestKeywords } from './service.ts';

/** How often the goods index looks for changes made by other processes (or by hand) while caches are on. */
const INDEX_POLL_MS = 1000;

/**
 * The process's goods index (docs/search.md), or null when `SEARCH_INDEX` is off; started when
 * the app is ready, stopped when it closes. app.ts makes it and hands it to the search routes and
 * to the health check.
 */
export const goodsIndexOf = (app: FastifyInstance): GoodsIndexSync | null => {
  if (!app.config.searchIndex) return null;
  const sync = new GoodsIndexSync(app.db, {
    pollMs: app.config.catalogueCacheMs === 0 ? 0 : INDEX_POLL_MS,
    onError: (err) => app.log.warn({ err }, 'the goods index could not read the changes'),
    onFilled: (goods, ms) => app.log.info({ goods, ms }, 'the goods index is filled'),
  });
  app.addHook('onReady', async () => sync.start());
  app.addHook('onClose', async () => sync.stop());
  return sync;
};

const tags = ['search'];

const MAX_CENTS = 2_147_483_647;

/** A price filter in integer cents; more than two decimals is refused, naming the field. */
const centsOf = (field: string, amount: number | undefined): number | undefined => {
  if (amount === undefined) return undefined;
  try {
    return Math.min(toCents(amount), MAX_CENTS);
  } catch {
    throw badRequest({ field, message: 'must have at most two decimals' });
  }
};

const suggestionsReply = envelopeOf(suggestionsSchema);
const textParams = z.object({ text: z.string().trim().max(100, 'is too long') });
const keywordQuery = z.object({ keyword: z.string().trim().max(100, 'is too long').optional() });
const keywordBody = z.object({ keyword: z.string().trim().max(100, 'is too long').optional() }).nullish();

/**
 * The legacy suggestions helper: GET or POST /search/keyword/query/{text} or ?keyword=text (a JSON
 * body `{ keyword }` is read too). Registered under /api and at the root, before the SPA fallback.
 */
export const suggestionRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache(app.config.catalogueCacheMs);
  const writeSuggestions = answerWriter(suggestionsReply, 'suggestions');
  // Kept written: everyone typing the same letters meanwhile gets the same bytes.
  const suggest = (text: string) =>
    cache.get(`suggest:${keywordOf(text).folded}`, async () =>
      writeSuggestions(ok(await suggestKeywords(app.db, text))),
    );
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/search/keyword/query/:text',
      schema: {
        tags,
        summary: 'At most 10 suggestions for the typed text: prefix matches first, tolerant of one typo',
        params: textParams,
        response: { 200: suggestionsReply },
      },
      handler: async (request, reply) => sendWritten(request, reply, await suggest(request.params.text)),
    });
    app.route({
      method,
      url: '/search/keyword/query',
      schema: {
        tags,
        summary: 'At most 10 suggestions for ?keyword= (or a JSON body { keyword }); hot keywords when empty',
        querystring: keywordQuery,
        ...(method === 'POST' ? { body: keywordBody } : {}),
        response: { 200: suggestionsReply },
      },
      handler: async (request, reply) => {
        const body = (request.body ?? null) as { keyword?: string } | null;
        return sendWritten(request, reply, await suggest(request.query.keyword ?? body?.keyword ?? ''));
      },
    });
  }
};

/** Goods search with facets, hot keywords and suggestions (docs/calls.md: catalogue and search). */
export const searchRoutes = async (root: FastifyInstance, opts: { goodsIndex: GoodsIndexSync | null }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache(app.config.catalogueCacheMs);
  // Most searches are asked once (a shopper's own words, page and filters): an answer is kept
  // from its second asking on.
  const answers = new ReadCache(app.config.catalogueCacheMs, { keepFromSecondRead: true });
  // The cards of a page are mostly held cards (search/index-search.ts): each is written once.
  const writeResult = listAnswerWriter(
    envelopeOf(goodsSearchResultSchema),
    'records',
    goodsCardSchema,
    'a search result',
  );
  const counter = new KeywordCounter(app.db, 1000, (err) =>
    app.log.warn({ err }, 'hot keyword counts could not be written'),
  );
  const reads = indexedSearchReads(app.db, app.config.catalogueCacheMs, opts.goodsIndex);
  app.addHook('onClose', async () => {
    await counter.flush().catch(() => {});
  });

  app.get(
    '/search/keyword/hot',
    {
      schema: {
        tags,
        summary: 'The 10 most searched keywords that found goods, most searched first',
        response: { 200: envelopeOf(hotKeywordsSchema) },
      },
    },
    async () => {
      await counter.flush().catch(() => {});
      return ok(await listHotKeywords(app.db, 10));
    },
  );

  app.get(
    '/org/sale/good/search',
    {
      schema: {
        tags,
        summary:
          'Search goods: keyword (all = every good), supplier code, categoryId (whole subtree), price range, sort, page; with facets, and suggestions when nothing matched',
        querystring: goodsSearchQuery,
        response: { 200: envelopeOf(goodsSearchResultSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const priceMinCents = centsOf('priceMin', q.priceMin);
      const priceMaxCents = centsOf('priceMax', q.priceMax);
      if (priceMinCents !== undefined && priceMaxCents !== undefined && priceMinCents > priceMaxCents) {
        throw badRequest({ field: 'priceMin', message: 'must not be more than priceMax' });
      }
      const shopper = await cachedShopperOf(app.db, request, cache);
      const keyword = searchKeywordOf(q.keyword);
      const search = {
        keyword: keyword ?? undefined,
        supplier: q.supplier || undefined,
        categoryId: q.categoryId,
        priceMinCents,
        priceMaxCents,
        sort: q.sort,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
      // Kept written: every shopper of a tier asking the same search meanwhile gets the same bytes.
      const result = await answers.get(
        `search:${shopperKey(shopper)}:${JSON.stringify(search)}`,
        async () => {
          const {
            matchedBy: _m,
            searchedFor: _s,
            ...page
          } = await searchGoods(app.db, search, shopper, (k) => correctKeyword(app.db, k), reads);
          // What the shopper may have meant depends on the keyword alone, not on the filters or page.
          const suggestions =
            page.total === 0
              ? await cache.get(`meant:${keyword === null ? '' : keywordOf(keyword).folded}`, () =>
                  didYouMean(app.db, keyword),
                )
              : [];
          return { total: page.total, answer: writeResult(ok({ ...page, suggestions })) };
        },
      );
      // A search is counted once, on its first page; paging through results is not a new search.
      const unfiltered =
        !q.supplier &&
        q.categoryId === undefined &&
        priceMinCents === undefined &&
        priceMaxCents === undefined;
      if (keyword !== null && q.pageNum === 1) counter.record(keyword, result.total, unfiltered);
      return sendWritten(request, reply, result.answer);
    },
  );
};
