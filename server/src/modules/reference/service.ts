import type { CodeTree, Organisation, Supplier } from '@mall/shared/contract/reference';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codeItem, codeList, organisation, supplier } from './tables.ts';

/** The enabled lists of one kind with their enabled items, both in display order. */
export const listCodeTrees = async (db: Db, kind: 'dict' | 'enum'): Promise<CodeTree[]> => {
  const lists = await db
    .select({ id: codeList.id, code: codeList.code, name: codeList.name })
    .from(codeList)
    .where(and(eq(codeList.kind, kind), eq(codeList.enabled, true)))
    .orderBy(asc(codeList.sort), asc(codeList.id));
  if (lists.length === 0) return [];
  const items = await db
    .select({ listId: codeItem.listId, code: codeItem.code, name: codeItem.name, group: codeItem.groupCode })
    .from(codeItem)
    .innerJoin(codeList, eq(codeList.id, codeItem.listId))
    .where(and(eq(codeList.kind, kind), eq(codeItem.enabled, true)))
    .orderBy(asc(codeItem.listId), asc(codeItem.sort), asc(codeItem.id));
  const byList = new Map<number, CodeTree['children']>();
  for (const { listId, ...item } of items) {
    const children = byList.get(listId) ?? [];
    children.push(item);
    byList.set(listId, children);
  }
  return lists.map((l) => ({ code: l.code, name: l.name, children: byList.get(l.id) ?? [] }));
};

const organisationColumns = {
  id: organisation.id,
  code: organisation.code,
  name: organisation.name,
  kind: organisation.kind,
  region: organisation.region,
  address: organisation.address,
  phone: organisation.phone,
  openHours: organisation.openHours,
};

/** The enabled organisation that holds the New Zealand stock, or null when none is configured. */
export const findNzStockOrganisation = async (db: Db): Promise<Organisation | null> => {
  const [row] = await db
    .select(organisationColumns)
    .from(organisation)
    .where(and(eq(organisation.nzStock, true), eq(organisation.enabled, true)))
    // The lowest id, as `resolveStockOrganisationId` answers a call that names no organisation:
    // the storefront adopts this one without reading its catalogue again (web state/query-client.ts).
    .orderBy(asc(organisation.id))
    .limit(1);
  return row ?? null;
};

/** The enabled organisations a shopper can choose as their online store. */
export const listOnlineStores = (db: Db): Promise<Organisation[]> =>
  db
    .select(organisationColumns)
    .from(organisation)
    .where(and(eq(organisation.onlineStore, true), eq(organisation.enabled, true)))
    .orderBy(asc(organisation.sort), asc(organisation.id));

/** An enabled organisation by id, e.g. to check an `orgId` header; null when unknown or disabled. */
export const findOrganisation = async (db: Db, id: number): Promise<Organisation | null> => {
  const [row] = await db
    .select(organisationColumns)
    .from(organisation)
    .where(and(eq(organisation.id, id), eq(organisation.enabled, true)))
    .limit(1);
  return row ?? null;
};

const supplierColumns = {
  id: supplier.id,
  code: supplier.code,
  name: supplier.name,
  self: supplier.self,
  websiteUrl: supplier.websiteUrl,
  logoUrl: supplier.logoUrl,
};

/** The enabled suppliers, the mall's own store first, then in display order. */
export const listSuppliers = (db: Db): Promise<Supplier[]> =>
  db
    .select(supplierColumns)
    .from(supplier)
    .where(eq(supplier.enabled, true))
    .orderBy(desc(supplier.self), asc(supplier.sort), asc(supplier.id));

/** An enabled supplier by its code (the `supplier` query parameter of the search page); null when unknown. */
export const findSupplierByCode = async (db: Db, code: string): Promise<Supplier | null> => {
  const [row] = await db
    .select(supplierColumns)
    .from(supplier)
    .where(and(eq(supplier.code, code), eq(supplier.enabled, true)))
    .limit(1);
  return row ?? null;
};

/**
 * The organisation whose stock a shopper sees: the requested one (the `orgId` header) when it is
 * enabled, otherwise the one holding the New Zealand stock; null when neither exists.
 */
export const resolveStockOrganisationId = async (
  db: Db,
  requested: number | null,
): Promise<number | null> => {
  const [row] = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(
      and(
        eq(organisation.enabled, true),
        requested === null
          ? eq(organisation.nzStock, true)
          : or(eq(organisation.id, requested), eq(organisation.nzStock, true)),
      ),
    )
    .orderBy(requested === null ? asc(organisation.id) : sql`${organisation.id} = ${requested} desc`)
    .limit(1);
  return row?.id ?? null;
};

/** Ids of the disabled suppliers, whose goods are not shown. */
export const listDisabledSupplierIds = async (db: Db): Promise<number[]> =>
  (await db.select({ id: supplier.id }).from(supplier).where(eq(supplier.enabled, false))).map((r) => r.id);

/** Every supplier, disabled ones too (the back office edits their goods all the same). */
export const listAllSuppliers = (db: Db): Promise<{ id: number; name: string; enabled: boolean }[]> =>
  db
    .select({ id: supplier.id, name: supplier.name, enabled: supplier.enabled })
    .from(supplier)
    .orderBy(desc(supplier.self), asc(supplier.sort), asc(supplier.id));

/** Every enabled organisation (warehouses and stores), where stock is kept. */
export const listStockOrganisations = (db: Db): Promise<{ id: number; name: string }[]> =>
  db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .where(eq(organisation.enabled, true))
    .orderBy(asc(organisation.sort), asc(organisation.id));
