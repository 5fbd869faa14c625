import type { Db } from '../../db/client.ts';
import { lowStock } from '../catalogue/index.ts';
import { orderFigures } from '../order/index.ts';
import { findOrganisation } from '../reference/index.ts';

/** A SKU is low at this many units or fewer at an organisation. */
export const LOW_STOCK_AT_MOST = 5;
/** An unpaid order closes "soon" when its payment deadline is this near. */
export const CLOSING_WITHIN_MS = 10 * 60 * 1000;
const LOW_STOCK_SHOWN = 20;

/** The dashboard (docs/back-office.md: dashboard): the orders' figures and the low stock. */
export const dashboard = async (db: Db) => {
  const orders = await orderFigures(db, CLOSING_WITHIN_MS);
  const low = await lowStock(db, LOW_STOCK_AT_MOST, LOW_STOCK_SHOWN);
  const orgNames = new Map<number, string>();
  for (const orgId of new Set(low.list.map((r) => r.orgId))) {
    orgNames.set(orgId, (await findOrganisation(db, orgId))?.name ?? `Organisation ${orgId}`);
  }
  return {
    ...orders,
    lowStock: {
      atMost: LOW_STOCK_AT_MOST,
      total: low.total,
      list: low.list.map((r) => ({ ...r, orgName: orgNames.get(r.orgId)! })),
    },
    closingWithinMinutes: CLOSING_WITHIN_MS / 60_000,
  };
};
