import type {
  Banner,
  BannerChange,
  BannerFields,
  GroupChange,
  GroupFields,
  Keyword,
  KeywordChange,
  Link,
  LinkChange,
  LinkFields,
  PageChange,
  PageFields,
  PageGroup,
  PageGroupRow,
  RecommendPlacement,
  Section,
  SectionChange,
  SectionFields,
  ServicePage,
} from '@mall/shared/contract/admin/content';
import type { GoodsSearchResult } from '@mall/shared/contract/catalogue';
import type { BannerPosition, Terms } from '@mall/shared/contract/content';
import type { TermsKey, TermsSection } from '@mall/shared/terms';
import { api } from '../../../api/client.ts';
import { adminGet, adminSend } from '../admin-api.ts';

/** The back office's content calls (/api/admin/content, docs/back-office-content.md). */

export type {
  Banner,
  BannerFields,
  BannerPosition,
  Keyword,
  Link,
  LinkFields,
  PageFields,
  PageGroup,
  RecommendPlacement,
  Section,
  SectionFields,
  ServicePage,
};

export const BANNER_POSITIONS: { value: BannerPosition; label: string; size: string }[] = [
  { value: 'slide', label: 'Home carousel', size: '1200 × 400' },
  { value: 'advert', label: 'Adverts beside the carousel', size: '600 × 250' },
  { value: 'promo', label: 'Promotion tiles', size: '400 × 300' },
  { value: 'top', label: 'Strip above the header', size: '1200 × 100' },
];

export const SECTION_PLACEMENTS: { value: RecommendPlacement; label: string }[] = [
  { value: 1, label: 'Home page' },
  { value: 2, label: 'Recommendations page' },
  { value: 3, label: 'Goods detail page' },
];

/** A goods search result, from the shop's own search (what shoppers would find). */
export interface FoundGoods {
  id: number;
  name: string;
}

/**
 * Query keys of the content area, all under ['admin', 'content']: a change invalidates its own
 * kind (a banner `banners`, a service page or group `pages`, ...).
 */
export const contentKeys = {
  all: ['admin', 'content'] as const,
  banners: ['admin', 'content', 'banners'] as const,
  sections: ['admin', 'content', 'sections'] as const,
  keywords: ['admin', 'content', 'keywords'] as const,
  keywordsContaining: (q: string) => ['admin', 'content', 'keywords', q] as const,
  links: ['admin', 'content', 'links'] as const,
  pages: ['admin', 'content', 'pages'] as const,
  page: (id: number) => ['admin', 'content', 'pages', 'one', id] as const,
  terms: ['admin', 'content', 'terms'] as const,
  termsOf: (key: TermsKey) => ['admin', 'content', 'terms', key] as const,
  foundGoods: (keyword: string) => ['admin', 'content', 'found-goods', keyword] as const,
};

const base = '/content';

export const contentApi = {
  banners: () => adminGet<Banner[]>(`${base}/banners`),
  addBanner: (b: BannerFields) => adminSend<Banner>('POST', `${base}/banners`, b),
  changeBanner: (id: number, b: BannerChange) => adminSend<Banner>('PATCH', `${base}/banners/${id}`, b),
  deleteBanner: (id: number) => adminSend<null>('DELETE', `${base}/banners/${id}`),

  sections: () => adminGet<Section[]>(`${base}/sections`),
  addSection: (s: SectionFields) => adminSend<Section>('POST', `${base}/sections`, s),
  changeSection: (id: number, s: SectionChange) => adminSend<Section>('PATCH', `${base}/sections/${id}`, s),
  deleteSection: (id: number) => adminSend<null>('DELETE', `${base}/sections/${id}`),

  keywords: (q: string) => adminGet<Keyword[]>(`${base}/keywords`, { q }),
  setKeyword: (keyword: string, change: Omit<KeywordChange, 'keyword'>) =>
    adminSend<Keyword>('PUT', `${base}/keywords`, { keyword, ...change }),

  links: () => adminGet<Link[]>(`${base}/links`),
  addLink: (l: LinkFields) => adminSend<Link>('POST', `${base}/links`, l),
  changeLink: (id: number, l: LinkChange) => adminSend<Link>('PATCH', `${base}/links/${id}`, l),
  deleteLink: (id: number) => adminSend<{ subLinksDeleted: number }>('DELETE', `${base}/links/${id}`),

  pages: () => adminGet<PageGroup[]>(`${base}/pages`),
  page: (id: number) => adminGet<ServicePage>(`${base}/pages/${id}`),
  addPage: (p: PageFields) => adminSend<ServicePage>('POST', `${base}/pages`, p),
  changePage: (id: number, p: PageChange) => adminSend<ServicePage>('PATCH', `${base}/pages/${id}`, p),
  addGroup: (g: GroupFields) => adminSend<PageGroupRow>('POST', `${base}/page-groups`, g),
  changeGroup: (id: number, g: GroupChange) =>
    adminSend<PageGroupRow>('PATCH', `${base}/page-groups/${id}`, g),

  terms: (key: TermsKey) => adminGet<Terms>(`${base}/terms/${key}`),
  saveTerms: (key: TermsKey, sections: TermsSection[]) =>
    adminSend<Terms>('PUT', `${base}/terms/${key}`, { sections }),
  resetTerms: (key: TermsKey) => adminSend<Terms>('DELETE', `${base}/terms/${key}`),

  /** Uploads a picture (multipart field `file`); answers its address. */
  uploadPicture: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append('file', file);
    return (await adminSend<{ url: string }>('POST', `${base}/pictures`, form)).url;
  },

  /** Goods as shoppers find them (the shop's own search, no login), for picking a section's goods. */
  findGoods: async (keyword: string): Promise<FoundGoods[]> => {
    const found = await api.get<GoodsSearchResult>('/api/org/sale/good/search', {
      query: { keyword, pageSize: 10 },
      auth: false,
      toast: false,
    });
    return found.records.map((g) => ({ id: g.id, name: g.name }));
  },
};
