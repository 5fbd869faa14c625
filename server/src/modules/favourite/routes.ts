import {
  clearAnswerSchema,
  collectAnswerSchema,
  FAVOURITE_CALLS,
  favouriteListQuery,
  favouritePageSchema,
} from '@mall/shared/contract/favourite';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { CardRows, ReadCache } from '../catalogue/index.ts';
import { listSuppliers } from '../reference/index.ts';
import { cachedShopperOf } from '../shopper/index.ts';
import { createFavouriteLists, FAVOURITE_CHANNEL } from './list-cache.ts';
import { writeFavouritePage } from './page-writer.ts';
import { clearFavourites, favouritePage, toggleFavourite } from './service.ts';

const tags = ['favourites'];
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The member's favourite goods (docs/favourites.md; paths in FAVOURITE_CALLS). Every call needs a
 * signed-in member (retail or wholesale) and reads or changes only their own list.
 */
export const favouriteRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The stock organisation and the enabled suppliers, kept as briefly as the catalogue's reads
  // (the same list object while unchanged: the goods' written parts are kept against it).
  const cache = new ReadCache(app.config.catalogueCacheMs, { keepEqual: true });
  // The goods on the members' lists, with their SKUs.
  const cards = new CardRows(app.db, app.config.catalogueCacheMs);
  // The members' lists themselves, dropped when the database announces a change (list-cache.ts).
  const lists = createFavouriteLists(app.db);
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(FAVOURITE_CHANNEL, lists.listener);
  });
  app.addHook('onClose', async () => stopListening?.());

  app.patch(
    FAVOURITE_CALLS.collect,
    {
      schema: {
        tags,
        summary:
          "Collect toggles a good in or out of the member's favourites; answers the new state and how many they keep (409 past FAVOURITES_MAX)",
        params: idParams,
        response: { 200: envelopeOf(collectAnswerSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      const answer = await toggleFavourite(app.db, {
        memberId: member.id,
        goodsId: request.params.id,
        max: app.config.favouritesMax,
      });
      lists.forget(member.id);
      return ok(answer, answer.collected ? 'Added to your favourites.' : 'Removed from your favourites.');
    },
  );

  app.get(
    FAVOURITE_CALLS.list,
    {
      schema: {
        tags,
        summary:
          "The member's favourites, newest first, each with the good as they see it now (price, stock) or null when no longer sold; `goodsIds` keeps only those goods",
        querystring: favouriteListQuery,
        response: { 200: envelopeOf(favouritePageSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      const [shopper, suppliers, list] = await Promise.all([
        cachedShopperOf(app.db, request, cache),
        cache.get('suppliers', () => listSuppliers(app.db)),
        lists.of(member.id),
      ]);
      const page = await favouritePage(cards, list, shopper, request.query);
      // Written here rather than by the route's serializer: each good's part is written once
      // for every member's list (page-writer.ts).
      const json = writeFavouritePage(page.entries, page, suppliers, shopper);
      // The bytes are the schema's answer (page-writer.ts), which the route's types cannot see.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.delete(
    FAVOURITE_CALLS.clear,
    {
      schema: {
        tags,
        summary: "Empties the member's favourites; answers how many were removed",
        response: { 200: envelopeOf(clearAnswerSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      const answer = await clearFavourites(app.db, member.id);
      lists.forget(member.id);
      return ok(answer, 'Your favourites list is empty now.');
    },
  );
};
