import type { Terms } from '@mall/shared/contract/content';
import { defaultTerms, type TermsKey, type TermsSection } from '@mall/shared/terms';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sanitizeDescription } from '../catalogue/index.ts';
import { shopTerms } from './tables.ts';

/** The terms of `key` as shoppers read them: as an operator saved them, else the shop's own text. */
export const readTerms = async (db: Db, key: TermsKey, brand: string): Promise<Terms> => {
  const [row] = await db.select().from(shopTerms).where(eq(shopTerms.key, key));
  return row
    ? { key, sections: row.sections, updatedAt: row.updatedAt.toISOString() }
    : { key, sections: defaultTerms(key, brand), updatedAt: null };
};

/** Saves new terms (each section's HTML cleaned); answers them before and after. */
export const saveTerms = async (db: Db, key: TermsKey, sections: TermsSection[], brand: string) => {
  const before = await readTerms(db, key, brand);
  const clean = sections.map((s) => ({ id: s.id, title: s.title, html: sanitizeDescription(s.html) }));
  await db
    .insert(shopTerms)
    .values({ key, sections: clean })
    .onConflictDoUpdate({ target: shopTerms.key, set: { sections: clean, updatedAt: new Date() } });
  return { before, after: await readTerms(db, key, brand) };
};

/** Goes back to the shop's own text; answers the terms before and after. */
export const resetTerms = async (db: Db, key: TermsKey, brand: string) => {
  const before = await readTerms(db, key, brand);
  await db.delete(shopTerms).where(eq(shopTerms.key, key));
  return { before, after: await readTerms(db, key, brand) };
};
