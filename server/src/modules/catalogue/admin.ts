import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordAudit } from '../admin/index.ts';
import {
  type AdminGoodInput,
  type AdminGoodsFilter,
  listAdminGoods,
  readAdminGood,
  saveAdminGood,
  setGoodPublished,
} from './admin-goods.ts';
import { noteCatalogueChanged } from './changes.ts';

/** Goods changes an operator makes, each audited in its own transaction (docs/back-office-catalogue.md). */

export const listGoodsForOperator = (db: Db, filter: AdminGoodsFilter) => listAdminGoods(db, filter);

/** Every picture must be a file in our storage (an upload, or a demo picture). */
const checkPictures = async (storage: Storage, pictures: readonly string[]) => {
  for (const [i, url] of pictures.entries()) {
    const key = storage.keyOf(url);
    if (!key || !(await storage.exists(key)))
      throw badRequest({ field: `pictures.${i}`, message: 'is not an uploaded picture' });
  }
};

/**
 * What the modules built on the catalogue do with a good's name an operator saved or published
 * (app.ts: the search suggestions learn its words).
 */
export type GoodNamed = (db: Db, name: string) => Promise<void>;

/** After a commit: the shop's caches in this process read afresh, and the name is passed on. */
const afterChange = async (db: Db, named: GoodNamed, name: string | null) => {
  noteCatalogueChanged();
  if (name !== null) await named(db, name);
};

export const createGoodAs = async (
  db: Db,
  storage: Storage,
  named: GoodNamed,
  operatorId: number,
  input: AdminGoodInput,
) => {
  await checkPictures(storage, input.pictures);
  const good = await db.transaction(async (tx) => {
    const id = await saveAdminGood(tx, null, input);
    const after = await readAdminGood(tx, id);
    await recordAudit(tx, { operatorId, action: 'goods.create', subject: `goods ${id}`, after });
    return after!;
  });
  await afterChange(db, named, good.name);
  return good;
};

export const updateGoodAs = async (
  db: Db,
  storage: Storage,
  named: GoodNamed,
  operatorId: number,
  id: number,
  input: AdminGoodInput,
) => {
  await checkPictures(storage, input.pictures);
  const good = await db.transaction(async (tx) => {
    const before = await readAdminGood(tx, id);
    if (!before) throw notFound('There is no such good.');
    await saveAdminGood(tx, id, input);
    const after = await readAdminGood(tx, id);
    await recordAudit(tx, { operatorId, action: 'goods.update', subject: `goods ${id}`, before, after });
    return after!;
  });
  await afterChange(db, named, good.name);
  return good;
};

export const publishGoodAs = async (
  db: Db,
  named: GoodNamed,
  operatorId: number,
  id: number,
  published: boolean,
) => {
  await db.transaction(async (tx) => {
    const before = await setGoodPublished(tx, id, published);
    if (before === null) throw notFound('There is no such good.');
    await recordAudit(tx, {
      operatorId,
      action: published ? 'goods.publish' : 'goods.unpublish',
      subject: `goods ${id}`,
      before: { published: before },
      after: { published },
    });
  });
  const good = await readAdminGood(db, id);
  await afterChange(db, named, published ? good!.name : null);
  return good!;
};
