import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { keywordOf } from './keyword.ts';

/** A keyword as the back office sees it: its counts and what operators set. */
export type CuratedKeyword = {
  keyword: string;
  searchCount: number;
  resultCount: number;
  pinned: number | null;
  hidden: boolean;
};

const columns = sql`keyword, search_count as "searchCount", result_count as "resultCount", pinned, hidden`;

/**
 * The keywords an operator looks after: every pinned or hidden one, then the most searched
 * (`limit`), or those containing `filter`.
 */
export const listCuratedKeywords = (db: Db, filter: string, limit: number): Promise<CuratedKeyword[]> => {
  const q = keywordOf(filter).counted;
  return rowsOf<CuratedKeyword>(
    db,
    q
      ? sql`select ${columns} from hot_keyword where strpos(keyword, ${q}) > 0
            order by pinned nulls last, search_count desc, keyword limit ${limit}`
      : sql`(select ${columns} from hot_keyword where pinned is not null or hidden)
            union
            (select ${columns} from hot_keyword order by search_count desc, keyword limit ${limit})
            order by pinned nulls last, hidden, "searchCount" desc, keyword`,
  );
};

/**
 * Pins, unpins, hides or shows a keyword (added when shoppers never searched it); answers it
 * before (null when new) and after.
 */
export const curateKeyword = async (
  db: Db,
  keyword: string,
  change: { pinned?: number | null; hidden?: boolean },
) => {
  const k = keywordOf(keyword).counted;
  const [before] = await rowsOf<CuratedKeyword>(
    db,
    sql`select ${columns} from hot_keyword where keyword = ${k} for update`,
  );
  const pinned = change.pinned === undefined ? (before?.pinned ?? null) : change.pinned;
  const hidden = change.hidden ?? before?.hidden ?? false;
  const [after] = await rowsOf<CuratedKeyword>(
    db,
    sql`insert into hot_keyword (keyword, pinned, hidden) values (${k}, ${pinned}, ${hidden})
        on conflict (keyword) do update set pinned = excluded.pinned, hidden = excluded.hidden
        returning ${columns}`,
  );
  return { before: before ?? null, after: after! };
};
