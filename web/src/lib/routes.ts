/**
 * Where the shop's finding pages live (spec section 2) and how their addresses are built. All
 * search state is in the address, so every result page can be shared, bookmarked and reached
 * with the back button.
 */
export const SEARCH_PATH = '/pages/search/index';
export const CATEGORY_SEARCH_PATH = '/pages/search/category';
export const GOODS_PATH = '/pages/goods/index';

/** keyword=all means every good (spec section 2). */
export const ALL_KEYWORD = 'all';

/** The goods detail page of one good. */
export const goodsUrl = (id: number) => `${GOODS_PATH}?id=${id}`;

/** Search by category (spec section 2: the brand bar and mega menu entries). */
export const categorySearchUrl = (categoryId: number) => `${SEARCH_PATH}?categoryId=${categoryId}`;

/**
 * Search for `keyword` (URL-encoded). With a chosen supplier the address carries both the
 * keyword and the supplier (spec section 2).
 */
export const keywordSearchUrl = (keyword: string, supplier?: string | null) =>
  `${SEARCH_PATH}?keyword=${encodeURIComponent(keyword)}${supplier ? `&supplier=${encodeURIComponent(supplier)}` : ''}`;
