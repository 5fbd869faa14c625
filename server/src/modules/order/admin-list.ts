import type { OrderListPage } from '@mall/shared/contract/admin/orders';
import type { AdminPageQuery } from '@mall/shared/contract/admin/page';
import type { Db } from '../../db/client.ts';
import { memberIdsMatching } from '../customer/index.ts';
import {
  type AdminOrderFilter,
  adminOrderPage,
  COUNT_CAP,
  type CountedTab,
  countCaps,
  orderTabCounts,
} from './admin-orders.ts';

/** The list's filter as the operator gives it: the member as typed, amounts in cents. */
export interface OrderListQuery extends Omit<AdminOrderFilter, 'memberIds'> {
  member?: string | undefined;
}

/** The filter for the order module: the member text becomes the ids of the members it means. */
export const resolveFilter = async (db: Db, q: OrderListQuery): Promise<AdminOrderFilter> => {
  const { member, ...rest } = q;
  return member ? { ...rest, memberIds: await memberIdsMatching(db, member) } : rest;
};

/**
 * A page of the orders list (docs/back-office-orders.md): the tab's orders newest first, each
 * tab's count with what it was counted up to (`caps`; a count above its cap means more), and
 * `total`, the count of the tab shown (at most COUNT_CAP; `capped` when more).
 */
export const orderListPage = async (
  db: Db,
  q: OrderListQuery,
  { pageNum, pageSize }: AdminPageQuery,
): Promise<OrderListPage> => {
  const filter = await resolveFilter(db, q);
  // Past the newest COUNT_CAP orders there are no pages (the counts stop there too): a page
  // there would read every order before it.
  const reachable = (pageNum - 1) * pageSize < COUNT_CAP;
  const [shownTab, badges] = await Promise.all([
    adminOrderPage(db, filter, pageNum, reachable ? pageSize : 0),
    orderTabCounts(db, filter),
  ]);
  const tab: CountedTab = filter.tab ?? 'all';
  const shown = shownTab.count;
  return {
    records: shownTab.rows,
    counts: { ...badges, [tab]: shown },
    caps: countCaps(tab),
    total: Math.min(shown, COUNT_CAP),
    capped: shown > COUNT_CAP,
    pageNum,
    pageSize,
  };
};
