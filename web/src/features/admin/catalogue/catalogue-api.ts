import type {
  AdminGood,
  GoodInput,
  GoodsChoices,
  GoodsListQuery,
  GoodsPage,
  SkuStock,
  StockChangeAnswer,
  StockChangeInput,
  StockHistoryPage,
  StockHistoryQuery,
} from '@mall/shared/contract/admin/catalogue';
import { ApiError } from '../../../api/client.ts';
import { adminGet, adminSend } from '../admin-api.ts';

/** The back office's catalogue and stock calls (docs/back-office-catalogue.md). */

export type { AdminGood, GoodInput, GoodsChoices, GoodsPage, SkuStock, StockHistoryPage };

/** The goods list's filters as the panel holds them (the form's own strings). */
export interface GoodsFilter {
  q: string;
  categoryId: string;
  supplierId: string;
  published: '' | 'true' | 'false';
  pageNum: number;
}

export const GOODS_PAGE_SIZE = 20;
export const STOCK_HISTORY_PAGE_SIZE = 20;

const goodsQuery = (f: GoodsFilter): GoodsListQuery => ({
  pageNum: f.pageNum,
  pageSize: GOODS_PAGE_SIZE,
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(f.categoryId ? { categoryId: Number(f.categoryId) } : {}),
  ...(f.supplierId ? { supplierId: Number(f.supplierId) } : {}),
  ...(f.published ? { published: f.published } : {}),
});

/**
 * Query keys of the catalogue area, all under ['admin', 'catalogue']: a change to a good
 * invalidates `goods` (its lists and the good), a change of stock `stock` and `stockHistory`.
 */
export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  choices: ['admin', 'catalogue', 'choices'] as const,
  goods: ['admin', 'catalogue', 'goods'] as const,
  goodsLists: ['admin', 'catalogue', 'goods', 'list'] as const,
  goodsList: (f: GoodsFilter) => ['admin', 'catalogue', 'goods', 'list', f] as const,
  good: (id: number) => ['admin', 'catalogue', 'goods', 'one', id] as const,
  stock: ['admin', 'catalogue', 'stock'] as const,
  skuStock: (code: string) => ['admin', 'catalogue', 'stock', code] as const,
  stockHistory: ['admin', 'catalogue', 'stock-history'] as const,
  stockHistoryPage: (skuId: number, pageNum: number) =>
    ['admin', 'catalogue', 'stock-history', skuId, pageNum] as const,
};

/** Uploads one picture file (multipart field `file`); answers its URL. */
const uploadPicture = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('file', file);
  return (await adminSend<{ url: string }>('POST', '/goods/pictures', form)).url;
};

export const catalogueApi = {
  goods: (f: GoodsFilter, signal?: AbortSignal) =>
    adminGet<GoodsPage>('/goods', { ...goodsQuery(f) }, signal),
  choices: () => adminGet<GoodsChoices>('/goods/choices'),
  good: (id: number) => adminGet<AdminGood>(`/goods/${id}`),
  create: (input: GoodInput) => adminSend<AdminGood>('POST', '/goods', input),
  update: (id: number, input: GoodInput) => adminSend<AdminGood>('PUT', `/goods/${id}`, input),
  publish: (id: number, published: boolean) =>
    adminSend<AdminGood>('POST', `/goods/${id}/publish`, { published }),
  uploadPicture,
  stock: (code: string) => adminGet<SkuStock>('/stock', { code }),
  changeStock: (body: StockChangeInput) => adminSend<StockChangeAnswer>('POST', '/stock', body),
  stockHistory: (skuId: number, pageNum: number) => {
    const query: StockHistoryQuery = { skuId, pageNum, pageSize: STOCK_HISTORY_PAGE_SIZE };
    return adminGet<StockHistoryPage>('/stock/history', { ...query });
  },
};

/** "19.99" -> 1999; null unless it is dollars with at most two decimals. */
export const centsOfDollars = (text: string): number | null => {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

export const dollarsOfCents = (cents: number) => (cents / 100).toFixed(2);

/**
 * The fields a refusal names (its envelope's `data.errors`, e.g. "skus.0.retailCents"), each with
 * its first message; empty for a refusal in plain words or a failure without an answer.
 */
export const fieldErrorsOf = (err: unknown): Record<string, string> => {
  const found: Record<string, string> = {};
  if (!(err instanceof ApiError)) return found;
  for (const e of err.fieldErrors) found[e.field] ??= e.message;
  return found;
};
