import type { Db, Listener } from '../../db/client.ts';
import { createAnnouncedCache } from '../../lib/announced-cache.ts';
import { type FavouriteList, readFavouriteList } from './service.ts';

/**
 * Members' favourites lists held in memory, so paging through a list, or the hearts of a search
 * page, reads no database. The database announces every change to a list on FAVOURITE_CHANNEL
 * (migration 0032: a collect, a clear, a good's deletion, a change by hand), and every process
 * drops that member's list; this process drops its own changes at once (`forget`). Trusted only
 * while listening, and a read racing a change is not kept (lib/announced-cache.ts).
 */
export const FAVOURITE_CHANNEL = 'favourite_goods_changed';

/** A list is read again at least this often, announced or not. */
const TTL_MS = 60_000;
/** At most this many favourites are held in all (12 bytes each: about 24 MB). */
const MAX_HELD = 2_000_000;

export const createFavouriteLists = (db: Db) => {
  const cache = createAnnouncedCache<number, FavouriteList>({
    ttlMs: TTL_MS,
    max: MAX_HELD,
    sizeOf: (list) => list.goodsIds.length,
  });
  const listener: Listener = {
    // A member id, or '*' for everyone (or anything else this process does not know).
    message: (payload) => {
      const memberId = Number(payload);
      if (Number.isSafeInteger(memberId) && memberId > 0) cache.forget(memberId);
      else cache.clear();
    },
    lost: cache.lost,
    listening: cache.listening,
  };
  return {
    listener,
    /** The member's whole list, newest first, from memory or the database. */
    of: (memberId: number): Promise<FavouriteList> =>
      cache.through(memberId, () => readFavouriteList(db, memberId)),
    /** Drops the member's list after this process changed it. */
    forget: (memberId: number) => cache.forget(memberId),
  };
};
