import type { Terms } from '@mall/shared/contract/content';
import type { TermsKey, TermsSection } from '@mall/shared/terms';
import { AdminApiError, adminCall, adminToken } from '../admin-api.ts';

/** The back office's content calls (/api/admin/content, docs/back-office-content.md). */

export type BannerPosition = 'top' | 'slide' | 'advert' | 'promo';
export const BANNER_POSITIONS: { value: BannerPosition; label: string; size: string }[] = [
  { value: 'slide', label: 'Home carousel', size: '1200 × 400' },
  { value: 'advert', label: 'Adverts beside the carousel', size: '600 × 250' },
  { value: 'promo', label: 'Promotion tiles', size: '400 × 300' },
  { value: 'top', label: 'Strip above the header', size: '1200 × 100' },
];

export interface Banner {
  id: number;
  position: BannerPosition;
  title: string;
  subtitle: string;
  imageUrl: string;
  linkUrl: string;
  sort: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}
export type BannerInput = Omit<Banner, 'id'>;

export const SECTION_PLACEMENTS = [
  { value: 1, label: 'Home page' },
  { value: 2, label: 'Recommendations page' },
  { value: 3, label: 'Goods detail page' },
] as const;

export interface Section {
  id: number;
  placement: number;
  title: string;
  subtitle: string;
  sort: number;
  enabled: boolean;
  goodsIds: number[];
  goods: { id: number; name: string }[];
}
export type SectionInput = Omit<Section, 'id' | 'goods'>;

export interface Keyword {
  keyword: string;
  searchCount: number;
  resultCount: number;
  pinned: number | null;
  hidden: boolean;
}

export interface Link {
  id: number;
  placement: 'up' | 'down';
  parentId: number | null;
  key: string;
  name: string;
  title: string;
  linkUrl: string;
  sort: number;
  enabled: boolean;
}
export type LinkInput = Omit<Link, 'id'>;

export interface PageGroup {
  id: number;
  placement: 'app' | 'main';
  name: string;
  sort: number;
  enabled: boolean;
  pages: Omit<ServicePage, 'content'>[];
}

export interface ServicePage {
  id: number;
  groupId: number;
  key: string;
  title: string;
  summary: string;
  icon: string;
  content: string;
  sort: number;
  enabled: boolean;
  updatedAt: string;
}
export type ServicePageInput = Omit<ServicePage, 'id' | 'updatedAt'>;

/** A goods search result, from the shop's own search (what shoppers would find). */
export interface FoundGoods {
  id: number;
  name: string;
}

const base = '/content';

export const contentApi = {
  banners: () => adminCall<Banner[]>('GET', `${base}/banners`),
  addBanner: (b: BannerInput) => adminCall<Banner>('POST', `${base}/banners`, b),
  changeBanner: (id: number, b: Partial<BannerInput>) =>
    adminCall<Banner>('PATCH', `${base}/banners/${id}`, b),
  deleteBanner: (id: number) => adminCall<null>('DELETE', `${base}/banners/${id}`),

  sections: () => adminCall<Section[]>('GET', `${base}/sections`),
  addSection: (s: SectionInput) => adminCall<Section>('POST', `${base}/sections`, s),
  changeSection: (id: number, s: Partial<SectionInput>) =>
    adminCall<Section>('PATCH', `${base}/sections/${id}`, s),
  deleteSection: (id: number) => adminCall<null>('DELETE', `${base}/sections/${id}`),

  keywords: (q: string) => adminCall<Keyword[]>('GET', `${base}/keywords?q=${encodeURIComponent(q)}`),
  setKeyword: (keyword: string, change: { pinned?: number | null; hidden?: boolean }) =>
    adminCall<Keyword>('PUT', `${base}/keywords`, { keyword, ...change }),

  links: () => adminCall<Link[]>('GET', `${base}/links`),
  addLink: (l: LinkInput) => adminCall<Link>('POST', `${base}/links`, l),
  changeLink: (id: number, l: Partial<LinkInput>) => adminCall<Link>('PATCH', `${base}/links/${id}`, l),
  deleteLink: (id: number) => adminCall<{ subLinksDeleted: number }>('DELETE', `${base}/links/${id}`),

  pages: () => adminCall<PageGroup[]>('GET', `${base}/pages`),
  page: (id: number) => adminCall<ServicePage>('GET', `${base}/pages/${id}`),
  addPage: (p: ServicePageInput) => adminCall<ServicePage>('POST', `${base}/pages`, p),
  changePage: (id: number, p: Partial<ServicePageInput>) =>
    adminCall<ServicePage>('PATCH', `${base}/pages/${id}`, p),
  addGroup: (g: Omit<PageGroup, 'id' | 'pages'>) => adminCall<PageGroup>('POST', `${base}/page-groups`, g),
  changeGroup: (id: number, g: Partial<Omit<PageGroup, 'id' | 'pages'>>) =>
    adminCall<PageGroup>('PATCH', `${base}/page-groups/${id}`, g),

  terms: (key: TermsKey) => adminCall<Terms>('GET', `${base}/terms/${key}`),
  saveTerms: (key: TermsKey, sections: TermsSection[]) =>
    adminCall<Terms>('PUT', `${base}/terms/${key}`, { sections }),
  resetTerms: (key: TermsKey) => adminCall<Terms>('DELETE', `${base}/terms/${key}`),

  /** Uploads a picture; answers its address. */
  uploadPicture: async (file: File): Promise<string> => {
    const body = new FormData();
    body.append('file', file);
    const token = adminToken.get();
    const res = await fetch(`/api/admin${base}/pictures`, {
      method: 'POST',
      body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const envelope = (await res.json().catch(() => null)) as {
      message?: string;
      data?: { url: string };
    } | null;
    if (!res.ok || !envelope?.data)
      throw new AdminApiError(
        envelope?.message ?? `The server answered ${res.status}.`,
        res.status,
        res.status,
      );
    return envelope.data.url;
  },

  /** Goods as shoppers find them, for picking a section's goods. */
  findGoods: async (keyword: string): Promise<FoundGoods[]> => {
    const res = await fetch(`/api/org/sale/good/search?keyword=${encodeURIComponent(keyword)}&pageSize=10`);
    const envelope = (await res.json().catch(() => null)) as { data?: { records?: FoundGoods[] } } | null;
    if (!res.ok) throw new AdminApiError('The search did not answer.', res.status, res.status);
    return (envelope?.data?.records ?? []).map((g) => ({ id: g.id, name: g.name }));
  },
};
