import type { BannerPosition } from '@mall/shared/contract/content';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/sql.ts';
import { sanitizeDescription } from '../catalogue/index.ts';
import { banner, introduce, introduceGroup, siteLink } from './tables.ts';

/**
 * The back office's changes to the shop's content (docs/back-office-content.md). Each change
 * answers the row before and after, for the audit log; the storefront reads the tables directly,
 * so a change shows on the next page load.
 */

export const BANNER_NOT_FOUND = 'There is no such banner.';
export const LINK_NOT_FOUND = 'There is no such link.';
export const PAGE_NOT_FOUND = 'There is no such service page.';
export const GROUP_NOT_FOUND = 'There is no such group of service pages.';
export const KEY_TAKEN = { field: 'key', message: 'is already used by another entry' } as const;
export const PARENT_REFUSED = {
  field: 'parentId',
  message: 'must be another link of the same placement, and not one of its own sub-links',
} as const;

// --- Banners -------------------------------------------------------------------------------

export interface BannerInput {
  position: BannerPosition;
  title: string;
  subtitle: string;
  imageUrl: string;
  linkUrl: string;
  sort: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

const bannerOut = (row: typeof banner.$inferSelect) => ({
  id: row.id,
  position: row.position,
  title: row.title,
  subtitle: row.subtitle,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  sort: row.sort,
  enabled: row.enabled,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});
export type AdminBanner = ReturnType<typeof bannerOut>;

/** Every banner, shown or not, by position and display order. */
export const listAllBanners = async (db: Db): Promise<AdminBanner[]> =>
  (await db.select().from(banner).orderBy(asc(banner.position), asc(banner.sort), asc(banner.id))).map(
    bannerOut,
  );

const bannerRow = async (db: Db, id: number) => {
  const [row] = await db.select().from(banner).where(eq(banner.id, id)).for('update');
  if (!row) throw notFound(BANNER_NOT_FOUND);
  return bannerOut(row);
};

export const createBanner = async (db: Db, input: BannerInput) => {
  const [row] = await db.insert(banner).values(input).returning();
  return bannerOut(row!);
};

export const updateBanner = async (db: Db, id: number, change: Partial<BannerInput>) => {
  const before = await bannerRow(db, id);
  const [row] = await db.update(banner).set(change).where(eq(banner.id, id)).returning();
  return { before, after: bannerOut(row!) };
};

export const deleteBanner = async (db: Db, id: number) => {
  const before = await bannerRow(db, id);
  await db.delete(banner).where(eq(banner.id, id));
  return before;
};

// --- Header and footer links -----------------------------------------------------------------

export interface LinkInput {
  placement: 'up' | 'down';
  parentId: number | null;
  key: string;
  name: string;
  title: string;
  linkUrl: string;
  sort: number;
  enabled: boolean;
}

const linkOut = (row: typeof siteLink.$inferSelect) => ({
  id: row.id,
  placement: row.placement,
  parentId: row.parentId,
  key: row.key,
  name: row.name,
  title: row.title,
  linkUrl: row.linkUrl,
  sort: row.sort,
  enabled: row.enabled,
});
export type AdminLink = ReturnType<typeof linkOut>;

/** Every link, shown or not, flat: the page builds the tree from `parentId`. */
export const listAllLinks = async (db: Db): Promise<AdminLink[]> =>
  (
    await db.select().from(siteLink).orderBy(asc(siteLink.placement), asc(siteLink.sort), asc(siteLink.id))
  ).map(linkOut);

const linkRow = async (db: Db, id: number) => {
  const [row] = await db.select().from(siteLink).where(eq(siteLink.id, id)).for('update');
  if (!row) throw notFound(LINK_NOT_FOUND);
  return linkOut(row);
};

/** A link's parent is a link of the same placement that is not the link itself or under it. */
const checkParent = async (db: Db, id: number | null, placement: string, parentId: number | null) => {
  if (parentId === null) return;
  const { rows } = await db.execute<{ placement: string; under_self: boolean }>(
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from site_link where id = ${parentId}
          union all select l.id, l.parent_id from site_link l join up on l.id = up.parent_id)
        select (select placement from site_link where id = ${parentId}) as placement,
               exists(select 1 from up where id = ${id ?? -1}) as under_self`,
  );
  const found = rows[0];
  if (!found?.placement || found.placement !== placement || found.under_self) throw conflict(PARENT_REFUSED);
};

const keyTakenOr = (err: unknown): never => {
  if (uniqueViolation(err) !== null) throw conflict(KEY_TAKEN);
  throw err;
};

export const createLink = async (db: Db, input: LinkInput) => {
  await checkParent(db, null, input.placement, input.parentId);
  const [row] = await db.insert(siteLink).values(input).returning().catch(keyTakenOr);
  return linkOut(row!);
};

export const updateLink = async (db: Db, id: number, change: Partial<LinkInput>) => {
  const before = await linkRow(db, id);
  const placement = change.placement ?? before.placement;
  const parentId = change.parentId === undefined ? before.parentId : change.parentId;
  if (placement !== before.placement && change.parentId === undefined && parentId !== null) {
    // Moving to the other placement takes the link to the top of it.
    change = { ...change, parentId: null };
  } else await checkParent(db, id, placement, parentId);
  const [row] = await db
    .update(siteLink)
    .set(change)
    .where(eq(siteLink.id, id))
    .returning()
    .catch(keyTakenOr);
  if (placement !== before.placement) {
    // Its sub-links go with it.
    await db.execute(
      sql`with recursive down(id) as (
            select id from site_link where parent_id = ${id}
            union all select l.id from site_link l join down on l.parent_id = down.id)
          update site_link set placement = ${placement} where id in (select id from down)`,
    );
  }
  return { before, after: linkOut(row!) };
};

/** Deletes a link and its sub-links; answers the link as it was and how many went with it. */
export const deleteLink = async (db: Db, id: number) => {
  const before = await linkRow(db, id);
  const { rows } = await db.execute<{ n: string | number }>(
    sql`with recursive down(id) as (
          select id from site_link where parent_id = ${id}
          union all select l.id from site_link l join down on l.parent_id = down.id)
        select count(*) as n from down`,
  );
  await db.delete(siteLink).where(eq(siteLink.id, id));
  return { ...before, subLinksDeleted: Number(rows[0]?.n ?? 0) };
};

// --- Service pages (the shop's introduction and help pages) ------------------------------------

export interface GroupInput {
  placement: 'app' | 'main';
  name: string;
  sort: number;
  enabled: boolean;
}

export interface PageInput {
  groupId: number;
  key: string;
  title: string;
  summary: string;
  icon: string;
  /** HTML, sanitised here: headings, paragraphs, lists, emphasis, links and pictures only. */
  content: string;
  sort: number;
  enabled: boolean;
}

const groupOut = (row: typeof introduceGroup.$inferSelect) => ({
  id: row.id,
  placement: row.placement,
  name: row.name,
  sort: row.sort,
  enabled: row.enabled,
});

const pageOut = (row: typeof introduce.$inferSelect) => ({
  id: row.id,
  groupId: row.groupId,
  key: row.key,
  title: row.title,
  summary: row.summary,
  icon: row.icon,
  content: row.content,
  sort: row.sort,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});
export type AdminPage = ReturnType<typeof pageOut>;

/** Every group with every page (without their HTML), shown or not, in display order. */
export const listServicePages = async (db: Db) => {
  const groups = await db
    .select()
    .from(introduceGroup)
    .orderBy(asc(introduceGroup.placement), asc(introduceGroup.sort), asc(introduceGroup.id));
  const pages = await db.select().from(introduce).orderBy(asc(introduce.sort), asc(introduce.id));
  return groups.map((g) => ({
    ...groupOut(g),
    pages: pages
      .filter((p) => p.groupId === g.id)
      .map((p) => {
        const { content: _html, ...page } = pageOut(p);
        return page;
      }),
  }));
};

const pageRow = async (db: Db, id: number, lock = false) => {
  const query = db.select().from(introduce).where(eq(introduce.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return pageOut(row);
};

export const findServicePage = (db: Db, id: number) => pageRow(db, id);

const groupExists = async (db: Db, groupId: number) => {
  const [row] = await db
    .select({ id: introduceGroup.id })
    .from(introduceGroup)
    .where(eq(introduceGroup.id, groupId));
  if (!row) throw notFound({ field: 'groupId', message: GROUP_NOT_FOUND });
};

export const createServicePage = async (db: Db, input: PageInput) => {
  await groupExists(db, input.groupId);
  const [row] = await db
    .insert(introduce)
    .values({ ...input, content: sanitizeDescription(input.content) })
    .returning()
    .catch(keyTakenOr);
  return pageOut(row!);
};

export const updateServicePage = async (db: Db, id: number, change: Partial<PageInput>) => {
  const before = await pageRow(db, id, true);
  if (change.groupId !== undefined) await groupExists(db, change.groupId);
  const [row] = await db
    .update(introduce)
    .set({
      ...change,
      ...(change.content === undefined ? {} : { content: sanitizeDescription(change.content) }),
      updatedAt: new Date(),
    })
    .where(eq(introduce.id, id))
    .returning()
    .catch(keyTakenOr);
  return { before, after: pageOut(row!) };
};

export const createPageGroup = async (db: Db, input: GroupInput) => {
  const [row] = await db.insert(introduceGroup).values(input).returning();
  return groupOut(row!);
};

export const updatePageGroup = async (db: Db, id: number, change: Partial<GroupInput>) => {
  const [old] = await db.select().from(introduceGroup).where(eq(introduceGroup.id, id)).for('update');
  if (!old) throw notFound(GROUP_NOT_FOUND);
  const [row] = await db.update(introduceGroup).set(change).where(eq(introduceGroup.id, id)).returning();
  return { before: groupOut(old), after: groupOut(row!) };
};
