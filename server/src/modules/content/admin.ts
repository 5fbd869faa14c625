import type { TermsKey, TermsSection } from '@mall/shared/terms';
import type { Db } from '../../db/client.ts';
import { auditedChange } from '../admin/index.ts';
import { createSection, deleteSection, type SectionInput, updateSection } from '../catalogue/index.ts';
import { curateKeyword } from '../search/index.ts';
import {
  type BannerInput,
  createBanner,
  createLink,
  createPageGroup,
  createServicePage,
  deleteBanner,
  deleteLink,
  type GroupInput,
  type LinkInput,
  type PageInput,
  updateBanner,
  updateLink,
  updatePageGroup,
  updateServicePage,
} from './admin-content.ts';
import { resetTerms, saveTerms } from './terms.ts';

/** The back office's content changes (docs/back-office-content.md), each with its audit row. */

export const addBanner = (db: Db, operatorId: number, input: BannerInput) =>
  auditedChange(db, operatorId, 'banner.create', async (tx) => {
    const after = await createBanner(tx, input);
    return { result: after, subject: `banner ${after.id} (${after.position})`, after };
  });

export const changeBanner = (db: Db, operatorId: number, id: number, change: Partial<BannerInput>) =>
  auditedChange(db, operatorId, 'banner.update', async (tx) => {
    const { before, after } = await updateBanner(tx, id, change);
    return { result: after, subject: `banner ${id} (${after.position})`, before, after };
  });

export const removeBanner = (db: Db, operatorId: number, id: number) =>
  auditedChange(db, operatorId, 'banner.delete', async (tx) => {
    const before = await deleteBanner(tx, id);
    return { result: null, subject: `banner ${id} (${before.position})`, before };
  });

export const addLink = (db: Db, operatorId: number, input: LinkInput) =>
  auditedChange(db, operatorId, 'link.create', async (tx) => {
    const after = await createLink(tx, input);
    return { result: after, subject: `link ${after.key}`, after };
  });

export const changeLink = (db: Db, operatorId: number, id: number, change: Partial<LinkInput>) =>
  auditedChange(db, operatorId, 'link.update', async (tx) => {
    const { before, after } = await updateLink(tx, id, change);
    return { result: after, subject: `link ${after.key}`, before, after };
  });

export const removeLink = (db: Db, operatorId: number, id: number) =>
  auditedChange(db, operatorId, 'link.delete', async (tx) => {
    const before = await deleteLink(tx, id);
    return { result: { subLinksDeleted: before.subLinksDeleted }, subject: `link ${before.key}`, before };
  });

export const addPageGroup = (db: Db, operatorId: number, input: GroupInput) =>
  auditedChange(db, operatorId, 'service-group.create', async (tx) => {
    const after = await createPageGroup(tx, input);
    return { result: after, subject: `service page group ${after.name}`, after };
  });

export const changePageGroup = (db: Db, operatorId: number, id: number, change: Partial<GroupInput>) =>
  auditedChange(db, operatorId, 'service-group.update', async (tx) => {
    const { before, after } = await updatePageGroup(tx, id, change);
    return { result: after, subject: `service page group ${after.name}`, before, after };
  });

export const addServicePage = (db: Db, operatorId: number, input: PageInput) =>
  auditedChange(db, operatorId, 'service-page.create', async (tx) => {
    const after = await createServicePage(tx, input);
    return { result: after, subject: `service page ${after.key}`, after };
  });

export const changeServicePage = (db: Db, operatorId: number, id: number, change: Partial<PageInput>) =>
  auditedChange(db, operatorId, 'service-page.update', async (tx) => {
    const { before, after } = await updateServicePage(tx, id, change);
    return { result: after, subject: `service page ${after.key}`, before, after };
  });

export const setKeyword = (
  db: Db,
  operatorId: number,
  keyword: string,
  change: { pinned?: number | null; hidden?: boolean },
) =>
  auditedChange(db, operatorId, 'keyword.update', async (tx) => {
    const { before, after } = await curateKeyword(tx, keyword, change);
    return { result: after, subject: `keyword "${after.keyword}"`, before, after };
  });

export const addSection = (db: Db, operatorId: number, input: SectionInput) =>
  auditedChange(db, operatorId, 'section.create', async (tx) => {
    const after = await createSection(tx, input);
    return { result: after, subject: `section ${after.id} (${after.title})`, after };
  });

export const changeSection = (db: Db, operatorId: number, id: number, change: Partial<SectionInput>) =>
  auditedChange(db, operatorId, 'section.update', async (tx) => {
    const { before, after } = await updateSection(tx, id, change);
    return { result: after, subject: `section ${id} (${after.title})`, before, after };
  });

export const removeSection = (db: Db, operatorId: number, id: number) =>
  auditedChange(db, operatorId, 'section.delete', async (tx) => {
    const before = await deleteSection(tx, id);
    return { result: null, subject: `section ${id} (${before.title})`, before };
  });

export const changeTerms = (
  db: Db,
  operatorId: number,
  key: TermsKey,
  sections: TermsSection[],
  brand: string,
) =>
  auditedChange(db, operatorId, 'terms.update', async (tx) => {
    const { before, after } = await saveTerms(tx, key, sections, brand);
    return { result: after, subject: `${key} terms`, before: before.sections, after: after.sections };
  });

export const restoreTerms = (db: Db, operatorId: number, key: TermsKey, brand: string) =>
  auditedChange(db, operatorId, 'terms.reset', async (tx) => {
    const { before, after } = await resetTerms(tx, key, brand);
    return { result: after, subject: `${key} terms`, before: before.sections, after: after.sections };
  });
