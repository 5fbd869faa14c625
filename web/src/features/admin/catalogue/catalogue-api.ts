import { AdminApiError, adminCall, adminToken } from '../admin-api.ts';

/** The back office's catalogue and stock calls (docs/back-office-catalogue.md). */

export interface GoodsRow {
  id: number;
  name: string;
  brand: string;
  thumbUrl: string;
  categoryId: number;
  categoryName: string;
  supplierId: number;
  supplierName: string;
  published: boolean;
  retailCents: number;
  skuCount: number;
  createdAt: string;
}

export interface GoodsPage {
  list: GoodsRow[];
  total: number;
  totalCapped: boolean;
  page: number;
  size: number;
}

export interface GoodsFilter {
  q: string;
  categoryId: string;
  supplierId: string;
  published: '' | 'true' | 'false';
  page: number;
}

export interface Choices {
  categories: { id: number; path: string }[];
  suppliers: { id: number; name: string; enabled: boolean }[];
  organisations: { id: number; name: string }[];
}

export interface Promotion {
  priceCents: number;
  startsAt: string;
  endsAt: string;
}

export interface SkuInput {
  id?: number;
  code?: string;
  options: Record<string, string>;
  retailCents: number;
  wholesaleCents: number;
  clubCents: number;
  maxCount: number | null;
  promotions: Promotion[];
}

export interface GoodInput {
  name: string;
  brand: string;
  categoryId: number;
  supplierId: number;
  description: string;
  pictures: string[];
  optionNames: string[];
  skus: SkuInput[];
}

export interface Good extends GoodInput {
  id: number;
  published: boolean;
  skus: (SkuInput & { id: number; code: string })[];
}

export interface SkuStock {
  skuId: number;
  code: string;
  goodsId: number;
  goodsName: string;
  label: string;
  stock: { orgId: number; orgName: string; units: number }[];
}

export interface StockHistoryPage {
  list: {
    id: number;
    at: string;
    orgName: string;
    operatorName: string;
    before: number;
    after: number;
    reason: string;
  }[];
  total: number;
  page: number;
  size: number;
}

export const GOODS_PAGE_SIZE = 20;

const goodsQuery = (f: GoodsFilter) => {
  const p = new URLSearchParams({ page: String(f.page), size: String(GOODS_PAGE_SIZE) });
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.categoryId) p.set('categoryId', f.categoryId);
  if (f.supplierId) p.set('supplierId', f.supplierId);
  if (f.published) p.set('published', f.published);
  return p.toString();
};

/** Uploads one picture file; answers its URL. */
const uploadPicture = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('file', file);
  const token = adminToken.get();
  const res = await fetch('/api/admin/goods/pictures', {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
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
};

export const catalogueApi = {
  goods: (f: GoodsFilter) => adminCall<GoodsPage>('GET', `/goods?${goodsQuery(f)}`),
  choices: () => adminCall<Choices>('GET', '/goods/choices'),
  good: (id: number) => adminCall<Good>('GET', `/goods/${id}`),
  create: (input: GoodInput) => adminCall<Good>('POST', '/goods', input),
  update: (id: number, input: GoodInput) => adminCall<Good>('PUT', `/goods/${id}`, input),
  publish: (id: number, published: boolean) => adminCall<Good>('POST', `/goods/${id}/publish`, { published }),
  uploadPicture,
  stock: (code: string) => adminCall<SkuStock>('GET', `/stock?code=${encodeURIComponent(code)}`),
  changeStock: (body: {
    skuId: number;
    orgId: number;
    mode: 'set' | 'adjust';
    units: number;
    reason: string;
  }) => adminCall<{ before: number; after: number }>('POST', '/stock', body),
  stockHistory: (skuId: number, page: number) =>
    adminCall<StockHistoryPage>('GET', `/stock/history?skuId=${skuId}&page=${page}&size=20`),
};

/** "19.99" -> 1999; null unless it is dollars with at most two decimals. */
export const centsOfDollars = (text: string): number | null => {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

export const dollarsOfCents = (cents: number) => (cents / 100).toFixed(2);

/** The field a server refusal names ("skus.0.retailCents: must ..."), and its message. */
export const fieldOfRefusal = (message: string): { field: string; message: string } | null => {
  const m = /^([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*): (.+)$/.exec(message);
  return m ? { field: m[1]!, message: m[2]! } : null;
};
