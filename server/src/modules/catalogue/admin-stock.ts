import type { StockHistoryPage } from '@mall/shared/contract/admin/catalogue';
import type { AdminPageQuery } from '@mall/shared/contract/admin/page';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { listOperators, recordAudit } from '../admin/index.ts';
import { listStockOrganisations } from '../reference/index.ts';
import { noteCatalogueChanged } from './changes.ts';
import { changeStock, readSkuStock, readStockHistory, type StockChange } from './stock-changes.ts';

/** Stock changes an operator makes, each with its history row and audit row in one transaction. */

export const changeStockAs = async (db: Db, change: StockChange) => {
  const orgs = await listStockOrganisations(db);
  const org = orgs.find((o) => o.id === change.orgId);
  if (!org) throw badRequest({ field: 'orgId', message: 'is not an organisation that keeps stock' });
  await readSkuStock(db, { id: change.skuId });
  const result = await db.transaction(async (tx) => {
    const units = await changeStock(tx, change);
    await recordAudit(tx, {
      operatorId: change.operatorId,
      action: change.mode === 'set' ? 'stock.set' : 'stock.adjust',
      subject: `sku ${change.skuId} at ${org.name}`,
      before: { units: units.before },
      after: { units: units.after, reason: change.reason },
    });
    return units;
  });
  noteCatalogueChanged();
  return result;
};

/** A SKU's units at every organisation that keeps stock (none: 0). */
export const skuStockForOperator = async (db: Db, code: string) => {
  const [sku, orgs] = await Promise.all([readSkuStock(db, { code }), listStockOrganisations(db)]);
  return {
    skuId: sku.skuId,
    code: sku.code,
    goodsId: sku.goodsId,
    goodsName: sku.goodsName,
    label: sku.label,
    stock: orgs.map((o) => ({ orgId: o.id, orgName: o.name, units: sku.units[o.id] ?? 0 })),
  };
};

export const stockHistoryForOperator = async (
  db: Db,
  skuId: number,
  page: AdminPageQuery,
): Promise<StockHistoryPage> => {
  const [history, orgs] = await Promise.all([readStockHistory(db, skuId, page), listStockOrganisations(db)]);
  const names = new Map((await listOperators(db)).map((o) => [o.id, o.name]));
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  return {
    ...history,
    records: history.records.map((h) => ({
      ...h,
      orgName: orgName.get(h.orgId) ?? `organisation ${h.orgId}`,
      operatorName: names.get(h.operatorId) ?? `operator ${h.operatorId}`,
    })),
  };
};
