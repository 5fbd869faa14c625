import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * The back office's home and page sections: the recommendation blocks of the placements
 * (1 home, 2 recommendations page, 3 goods detail), each a title and an ordered list of goods.
 * The shop reads them through the catalogue cache, so a change shows within CATALOGUE_CACHE_MS.
 */

export const SECTION_NOT_FOUND = 'There is no such section.';
export const UNKNOWN_GOODS = (ids: number[]) => ({
  field: 'goodsIds',
  message: `names goods that do not exist: ${ids.join(', ')}`,
});

export interface SectionInput {
  placement: number;
  title: string;
  subtitle: string;
  sort: number;
  enabled: boolean;
  goodsIds: number[];
}

export interface AdminSection extends SectionInput {
  id: number;
  goods: { id: number; name: string }[];
}

const sectionsWhere = (where: ReturnType<typeof sql>) =>
  sql`select b.id, b.placement, b.title, b.subtitle, b.sort, b.enabled,
        coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by rg.sort, rg.goods_id)
                  from recommend_goods rg join goods g on g.id = rg.goods_id where rg.block_id = b.id), '[]') as goods
      from recommend_block b where ${where} order by b.placement, b.sort, b.id`;

const toSection = (r: Omit<AdminSection, 'goodsIds'>): AdminSection => ({
  ...r,
  goodsIds: r.goods.map((g) => g.id),
});

export const listSections = async (db: Db): Promise<AdminSection[]> =>
  (await rowsOf<Omit<AdminSection, 'goodsIds'>>(db, sectionsWhere(sql`true`))).map(toSection);

const sectionOf = async (db: Db, id: number, lock = false) => {
  if (lock) await db.execute(sql`select 1 from recommend_block where id = ${id} for update`);
  const [row] = await rowsOf<Omit<AdminSection, 'goodsIds'>>(db, sectionsWhere(sql`b.id = ${id}`));
  if (!row) throw notFound(SECTION_NOT_FOUND);
  return toSection(row);
};

const setGoods = async (db: Db, id: number, goodsIds: number[]) => {
  const ids = [...new Set(goodsIds)];
  if (ids.length > 0) {
    const found = await rowsOf<{ id: number }>(
      db,
      sql`select id from goods where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const known = new Set(found.map((r) => r.id));
    const missing = ids.filter((g) => !known.has(g));
    if (missing.length > 0) throw conflict(UNKNOWN_GOODS(missing));
  }
  await db.execute(sql`delete from recommend_goods where block_id = ${id}`);
  if (ids.length > 0)
    await db.execute(
      sql`insert into recommend_goods (block_id, goods_id, sort)
          select ${id}, g, o::int from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as x(g, o)`,
    );
};

export const createSection = async (db: Db, input: SectionInput) => {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into recommend_block (placement, title, subtitle, sort, enabled)
        values (${input.placement}, ${input.title}, ${input.subtitle}, ${input.sort}, ${input.enabled}) returning id`,
  );
  await setGoods(db, row!.id, input.goodsIds);
  return sectionOf(db, row!.id);
};

export const updateSection = async (db: Db, id: number, change: Partial<SectionInput>) => {
  const before = await sectionOf(db, id, true);
  const next = { ...before, ...change };
  await db.execute(
    sql`update recommend_block set placement = ${next.placement}, title = ${next.title},
          subtitle = ${next.subtitle}, sort = ${next.sort}, enabled = ${next.enabled} where id = ${id}`,
  );
  if (change.goodsIds) await setGoods(db, id, change.goodsIds);
  return { before, after: await sectionOf(db, id) };
};

export const deleteSection = async (db: Db, id: number) => {
  const before = await sectionOf(db, id, true);
  await db.execute(sql`delete from recommend_block where id = ${id}`);
  return before;
};
