import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { goods } from '../catalogue/tables.ts';
import { member } from '../customer/tables.ts';

/**
 * A member's favourite goods (docs/favourites.md): one row per member and good, listed newest
 * first. A good the catalogue stops selling keeps its row (the list shows it as unavailable until
 * the member removes it); the catalogue disables goods rather than deleting them.
 */
export const favouriteGoods = pgTable(
  'favourite_goods',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'favourite_goods_pkey', columns: [t.memberId, t.goodsId] }),
    // The list, newest first within the member: (collected_at desc, goods_id desc).
    index('favourite_goods_member_newest_idx').on(t.memberId, t.collectedAt.desc(), t.goodsId.desc()),
    index('favourite_goods_goods_idx').on(t.goodsId),
  ],
);
