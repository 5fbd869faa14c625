import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { millis, rowsOf } from '../../lib/sql.ts';

/**
 * The orders' figures of the back office's dashboard (docs/back-office.md: dashboard). Days and
 * weeks are New Zealand's (Pacific/Auckland; a week starts on Monday).
 */

export interface PeriodFigures {
  /** Orders placed in the period (any status). */
  orders: number;
  /** The totals of orders paid in the period and not refunded since, in cents. */
  takingsCents: number;
}

export interface OrderFigures {
  today: PeriodFigures;
  week: PeriodFigures;
  toShip: { count: number; oldestPaidAt: string | null };
  /** Unpaid orders whose payment deadline is within `closingWithinMs`, soonest first (at most 20). */
  closingSoon: { orderNo: string; payDeadline: string; totalCents: number }[];
}

const NZ = 'Pacific/Auckland';

export const orderFigures = async (db: Db, closingWithinMs: number): Promise<OrderFigures> => {
  const dayStart = sql`(date_trunc('day', now() at time zone ${NZ}) at time zone ${NZ})`;
  const weekStart = sql`(date_trunc('week', now() at time zone ${NZ}) at time zone ${NZ})`;
  const paid = Number(PAY_STATUS.paid);
  const [p] = await rowsOf<{
    today_orders: string | number;
    week_orders: string | number;
    today_cents: string | number;
    week_cents: string | number;
    to_ship: string | number;
    oldest_paid: Date | string | null;
  }>(
    db,
    sql`select
          count(*) filter (where created_at >= ${dayStart}) as today_orders,
          count(*) filter (where created_at >= ${weekStart}) as week_orders,
          coalesce(sum(total_cents) filter (where paid_at >= ${dayStart} and pay_status = ${paid}), 0) as today_cents,
          coalesce(sum(total_cents) filter (where paid_at >= ${weekStart} and pay_status = ${paid}), 0) as week_cents,
          count(*) filter (where status = ${Number(ORDER_STATUS.toShip)}) as to_ship,
          min(paid_at) filter (where status = ${Number(ORDER_STATUS.toShip)}) as oldest_paid
        from sale_order
        where created_at >= least(${weekStart}, ${dayStart}) or paid_at >= least(${weekStart}, ${dayStart})
           or status = ${Number(ORDER_STATUS.toShip)}`,
  );
  const closing = await rowsOf<{ order_no: string; pay_deadline: Date | string; total_cents: number }>(
    db,
    sql`select order_no, pay_deadline, total_cents from sale_order
        where status = ${Number(ORDER_STATUS.pendingPayment)}
          and pay_deadline > now() and pay_deadline <= now() + ${millis(closingWithinMs)}::interval
        order by pay_deadline limit 20`,
  );
  return {
    today: { orders: Number(p!.today_orders), takingsCents: Number(p!.today_cents) },
    week: { orders: Number(p!.week_orders), takingsCents: Number(p!.week_cents) },
    toShip: {
      count: Number(p!.to_ship),
      oldestPaidAt: p!.oldest_paid === null ? null : new Date(p!.oldest_paid).toISOString(),
    },
    closingSoon: closing.map((r) => ({
      orderNo: r.order_no,
      payDeadline: new Date(r.pay_deadline).toISOString(),
      totalCents: r.total_cents,
    })),
  };
};
