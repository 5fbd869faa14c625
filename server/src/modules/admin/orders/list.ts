import type { Db } from '../../../db/client.ts';
import { memberIdsMatching } from '../../customer/member-lookup.ts';
import {
  type AdminOrderFilter,
  adminOrderPage,
  COUNT_CAP,
  type OrderTab,
  orderTabCounts,
} from '../../order/admin-orders.ts';

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
 * tab's count, and `total`, the count of the tab shown (at most COUNT_CAP; `capped` when more).
 */
export const orderListPage = async (db: Db, q: OrderListQuery, page: number, size: number) => {
  const filter = await resolveFilter(db, q);
  // Past the newest COUNT_CAP orders there are no pages (the counts stop there too): a page
  // there would read every order before it.
  const reachable = (page - 1) * size < COUNT_CAP;
  const [rows, counts] = await Promise.all([
    reachable ? adminOrderPage(db, filter, page, size) : [],
    orderTabCounts(db, filter),
  ]);
  const shown = counts[(filter.tab ?? 'all') as OrderTab | 'all'];
  return {
    list: rows,
    counts,
    total: Math.min(shown, COUNT_CAP),
    capped: shown > COUNT_CAP,
    page,
    size,
  };
};
