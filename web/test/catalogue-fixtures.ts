import type {
  CategoryDetail,
  CategoryNode,
  GoodsCard,
  GoodsDetail,
  GoodsSearchResult,
  Recommendation,
} from '@mall/shared/contract/catalogue';

/** A category node with `n` children made by `child(i)`. */
const node = (id: number, name: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  name,
  pictureUrl: `/uploads/categories/${id}.svg`,
  children,
});

/**
 * 12 top-level categories (more than the brand bar shows). The first has 13 sub-categories
 * (more than a panel lists); its first sub-category has 30 third-level categories (more than
 * a panel pictures), the others 3 each. Ids: top 1..12, sub 100+, third 1000+.
 */
export const CATEGORY_TREE: CategoryNode[] = Array.from({ length: 12 }, (_, t) => {
  const topId = t + 1;
  const subCount = t === 0 ? 13 : t === 1 ? 4 : 2;
  return node(
    topId,
    `Top ${topId}`,
    Array.from({ length: subCount }, (_, s) => {
      const subId = 100 + topId * 20 + s;
      const thirdCount = t === 0 && s === 0 ? 30 : 3;
      return node(
        subId,
        `Sub ${subId}`,
        Array.from({ length: thirdCount }, (_, k) => node(1000 + subId * 40 + k, `Third ${subId}-${k}`)),
      );
    }),
  );
});

export const goodsCard = (over: Partial<GoodsCard> & { id: number }): GoodsCard => ({
  name: `Good ${over.id}`,
  price: 12.5,
  originalPrice: null,
  thumbUrl: `/uploads/goods/${over.id}.svg`,
  supplierId: 2,
  supplierCode: 'KFF',
  supplierName: 'Kiwi Fresh Foods',
  self: false,
  onPromotion: false,
  sales: 1234,
  stock: 10,
  ...over,
});

export const SEARCH_RESULT: GoodsSearchResult = {
  records: [
    goodsCard({ id: 1, name: 'Manuka Honey UMF 10+ 500 g', price: 39.9 }),
    goodsCard({ id: 2, name: 'Clover Honey 1 kg', price: 12.5, originalPrice: 15, onPromotion: true }),
    goodsCard({
      id: 3,
      name: 'Local SPY Honey Squeeze 375 g',
      price: 1234.5,
      self: true,
      supplierCode: 'SPY',
      supplierName: 'Local SPY',
      stock: 0,
    }),
  ],
  total: 2143,
  pageNum: 1,
  pageSize: 20,
  facets: {
    categories: [
      { id: 1, name: 'Top 1', count: 1500 },
      { id: 2, name: 'Top 2', count: 643 },
    ],
    suppliers: [
      { code: 'KFF', name: 'Kiwi Fresh Foods', count: 2000 },
      { code: 'SPY', name: 'Local SPY', count: 143 },
    ],
  },
  suggestions: [],
};

export const EMPTY_RESULT: GoodsSearchResult = {
  records: [],
  total: 0,
  pageNum: 1,
  pageSize: 20,
  facets: { categories: [], suppliers: [] },
  suggestions: ['chocolate', 'chocolate biscuits'],
};

export const CATEGORY_DETAIL: CategoryDetail = {
  id: 120,
  key: 'top-1-sub-120',
  name: 'Sub 120',
  pictureUrl: null,
  level: 2,
  children: CATEGORY_TREE[0]!.children[0]!.children,
  path: [
    { id: 1, name: 'Top 1' },
    { id: 120, name: 'Sub 120' },
  ],
};

/**
 * A merino top in Navy (S, M, L) and Red (S): Red M and Red L do not exist. Red S is on
 * promotion; Navy M has a purchase limit of 2; Navy L is out of stock.
 */
export const GOODS_DETAIL: GoodsDetail = {
  ...goodsCard({
    id: 7,
    name: 'Merino Crew Top',
    price: 18,
    originalPrice: null,
    onPromotion: true,
    stock: 20,
  }),
  pictures: ['/uploads/goods/7-1.svg', '/uploads/goods/7-2.svg', '/uploads/goods/7-3.svg'],
  description: '<h2>Soft and warm</h2><p>Made from <strong>NZ merino</strong>.</p>',
  categoryPath: [
    { id: 1, name: 'Top 1' },
    { id: 120, name: 'Sub 120' },
    { id: 5800, name: 'Third 120-0' },
  ],
  options: [
    { name: 'colour', values: ['Navy', 'Red'] },
    { name: 'size', values: ['S', 'M', 'L'] },
  ],
  skus: [
    {
      id: 71,
      goodsId: 7,
      code: 'KM000007-1',
      gtin: null,
      options: { colour: 'Navy', size: 'S' },
      price: 20,
      originalPrice: null,
      onPromotion: false,
      promotionEndsAt: null,
      stock: 5,
      maxCount: null,
      pictureUrl: '/uploads/goods/7-navy.svg',
    },
    {
      id: 72,
      goodsId: 7,
      code: 'KM000007-2',
      gtin: null,
      options: { colour: 'Navy', size: 'M' },
      price: 22,
      originalPrice: null,
      onPromotion: false,
      promotionEndsAt: null,
      stock: 12,
      maxCount: 2,
      pictureUrl: '/uploads/goods/7-navy.svg',
    },
    {
      id: 73,
      goodsId: 7,
      code: 'KM000007-3',
      gtin: null,
      options: { colour: 'Red', size: 'S' },
      price: 18,
      originalPrice: 25,
      onPromotion: true,
      promotionEndsAt: '2026-12-24T10:00:00.000Z',
      stock: 3,
      maxCount: null,
      pictureUrl: '/uploads/goods/7-red.svg',
    },
    {
      id: 74,
      goodsId: 7,
      code: 'KM000007-4',
      gtin: null,
      options: { colour: 'Navy', size: 'L' },
      price: 22,
      originalPrice: null,
      onPromotion: false,
      promotionEndsAt: null,
      stock: 0,
      maxCount: null,
      pictureUrl: null,
    },
  ],
};

export const recommendation = (id: number, title: string, goods: GoodsCard[]): Recommendation => ({
  id,
  title,
  subtitle: `${title} subtitle`,
  goods,
});
