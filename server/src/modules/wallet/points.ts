import type { pointPageSchema } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { aliased, columns, counted } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { orderNoOf } from '../order/index.ts';
import { pointsBalance } from './ledger.ts';
import { pointEntry } from './tables.ts';

/** The member's points (docs/wallet.md: points): every movement, newest first, and the balance. */

export type PointPage = z.infer<typeof pointPageSchema>;

const e = aliased(pointEntry, 'e');
const pointColumns = columns({
  id: e.id,
  points: e.points,
  balance_after: e.balanceAfter,
  reason: e.reason,
  order_id: e.orderId,
  at: e.at,
  order_no: sql<string | null>`${orderNoOf(sql`e.order_id`)}`,
});

export const listPointRecords = async (
  db: Db,
  memberId: number,
  page: { pageNum: number; pageSize: number },
): Promise<PointPage> => {
  const [rows, [count], balance] = await Promise.all([
    rowsOf(
      db,
      pointColumns.query`select ${pointColumns}
          from point_entry e
          where e.member_id = ${memberId}
          order by e.seq desc
          limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
    ),
    rowsOf(db, counted.query`select ${counted} from point_entry where member_id = ${memberId}`),
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
