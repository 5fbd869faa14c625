import type { pointPageSchema } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { orderNoOf } from '../order/index.ts';
import { pointsBalance } from './ledger.ts';
import type { pointEntry } from './tables.ts';

/** The member's points (docs/wallet.md: points): every movement, newest first, and the balance. */

export type PointPage = z.infer<typeof pointPageSchema>;

type PointRow = Pick<
  RawRow<typeof pointEntry>,
  'id' | 'points' | 'balance_after' | 'reason' | 'order_id' | 'at'
> & { order_no: string | null };

export const listPointRecords = async (
  db: Db,
  memberId: number,
  page: { pageNum: number; pageSize: number },
): Promise<PointPage> => {
  const [rows, [count], balance] = await Promise.all([
    rowsOf<PointRow>(
      db,
      sql`select e.id, e.points, e.balance_after, e.reason, e.order_id, e.at, ${orderNoOf(sql`e.order_id`)} as order_no
          from point_entry e
          where e.member_id = ${memberId}
          order by e.seq desc
          limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from point_entry where member_id = ${memberId}`),
    pointsBalance(db, memberId),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      points: r.points,
      balanceAfter: r.balance_after,
      reason: r.reason,
      order: r.order_id === null ? null : { id: r.order_id, orderNo: r.order_no ?? '' },
      at: new Date(r.at).toISOString(),
    })),
    total: count?.n ?? 0,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    balance,
  };
};
