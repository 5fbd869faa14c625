import type {
  Banner,
  BannerPosition,
  Introduce,
  IntroduceDetail,
  IntroduceGroup,
  Link,
  MallSite,
} from '@mall/shared/contract/content';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banner, introduce, introduceGroup, mallSite, siteLink } from './tables.ts';

/** Enabled, started (or no start) and not yet ended (or no end) at `now`. */
const bannerIsActive = (now: Date) =>
  and(
    eq(banner.enabled, true),
    or(isNull(banner.startsAt), lte(banner.startsAt, now)),
    or(isNull(banner.endsAt), gt(banner.endsAt, now)),
  );

const bannerColumns = {
  id: banner.id,
  title: banner.title,
  subtitle: banner.subtitle,
  imageUrl: banner.imageUrl,
  linkUrl: banner.linkUrl,
};

/** The banners of one position that are showing at `now`, in display order. */
export const listActiveBanners = (db: Db, position: BannerPosition, now = new Date()): Promise<Banner[]> =>
  db
    .select(bannerColumns)
    .from(banner)
    .where(and(eq(banner.position, position), bannerIsActive(now)))
    .orderBy(asc(banner.sort), asc(banner.id));

/** The first showing top banner, or null when none is showing. */
export const findTopBanner = async (db: Db, now = new Date()): Promise<Banner | null> => {
  const [row] = await db
    .select(bannerColumns)
    .from(banner)
    .where(and(eq(banner.position, 'top'), bannerIsActive(now)))
    .orderBy(asc(banner.sort), asc(banner.id))
    .limit(1);
  return row ?? null;
};

/**
 * The enabled links of one placement as a tree, each level in display order. A link whose
 * parent is disabled is hidden with it.
 */
export const linkTree = async (db: Db, placement: 'up' | 'down'): Promise<Link[]> => {
  const rows = await db
    .select()
    .from(siteLink)
    .where(and(eq(siteLink.placement, placement), eq(siteLink.enabled, true)))
    .orderBy(asc(siteLink.sort), asc(siteLink.id));
  const childrenOf = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (parentId: number | null, depth: number): Link[] =>
    depth > 8
      ? []
      : (childrenOf.get(parentId) ?? []).map((row) => ({
          name: row.name,
          linkUrl: row.linkUrl,
          title: row.title,
          key: row.key,
          children: build(row.id, depth + 1),
        }));
  return build(null, 0);
};

const introduceColumns = {
  id: introduce.id,
  key: introduce.key,
  title: introduce.title,
  summary: introduce.summary,
  icon: introduce.icon,
};

/** Enabled pages of enabled groups of one placement. */
const enabledIntroduces = (placement: 'app' | 'main') =>
  and(eq(introduceGroup.placement, placement), eq(introduceGroup.enabled, true), eq(introduce.enabled, true));

/** The service highlights: the enabled pages of the 'app' groups, in display order. */
export const listHighlights = (db: Db): Promise<Introduce[]> =>
  db
    .select(introduceColumns)
    .from(introduce)
    .innerJoin(introduceGroup, eq(introduceGroup.id, introduce.groupId))
    .where(enabledIntroduces('app'))
    .orderBy(asc(introduceGroup.sort), asc(introduce.sort), asc(introduce.id));

/** The footer help columns: each enabled 'main' group with its enabled pages; empty groups are left out. */
export const listHelpGroups = async (db: Db): Promise<IntroduceGroup[]> => {
  const rows = await db
    .select({ groupId: introduceGroup.id, groupName: introduceGroup.name, ...introduceColumns })
    .from(introduce)
    .innerJoin(introduceGroup, eq(introduceGroup.id, introduce.groupId))
    .where(enabledIntroduces('main'))
    .orderBy(asc(introduceGroup.sort), asc(introduceGroup.id), asc(introduce.sort), asc(introduce.id));
  const groups: IntroduceGroup[] = [];
  for (const { groupId, groupName, ...page } of rows) {
    let group = groups.at(-1);
    if (group?.id !== groupId) {
      group = { id: groupId, name: groupName, children: [] };
      groups.push(group);
    }
    group.children.push(page);
  }
  return groups;
};

/** One enabled page with its HTML, or null when unknown or hidden. */
export const findIntroduceDetail = async (db: Db, id: number): Promise<IntroduceDetail | null> => {
  const [row] = await db
    .select({
      ...introduceColumns,
      groupName: introduceGroup.name,
      content: introduce.content,
      updatedAt: introduce.updatedAt,
    })
    .from(introduce)
    .innerJoin(introduceGroup, eq(introduceGroup.id, introduce.groupId))
    .where(and(eq(introduce.id, id), eq(introduce.enabled, true), eq(introduceGroup.enabled, true)))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
};

/** The enabled sister sites of the mall group, in display order. */
export const listMallSites = (db: Db): Promise<MallSite[]> =>
  db
    .select({ id: mallSite.id, name: mallSite.name, url: mallSite.url, description: mallSite.description })
    .from(mallSite)
    .where(eq(mallSite.enabled, true))
    .orderBy(asc(mallSite.sort), asc(mallSite.id));
