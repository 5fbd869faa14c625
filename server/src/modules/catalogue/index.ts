/** The catalogue module's face: what other modules and the app use of it. */
export {
  type AdminGoodInput,
  type AdminGoodsFilter,
  listAdminGoods,
  listLeafCategories,
  readAdminGood,
  saveAdminGood,
  setGoodPublished,
} from './admin-goods.ts';
export { adminCatalogueRoutes } from './admin-routes.ts';
export { CardRows } from './card-rows.ts';
export { categoryIdByKey, categoryNameOf, goodsCategoryIdsOf, goodsCategoryIdsSql } from './category-sql.ts';
export {
  catalogueChanges,
  type GoodsChanged,
  type GoodsChangeFeed,
  noteCatalogueChanged,
} from './changes.ts';
export { type ClubSaving, clubSavingOf } from './club-saving.ts';
export { sanitizeDescription } from './description.ts';
export {
  type GoodsChangeMark,
  type GoodsIndexRow,
  listCategoriesInOrder,
  readGoodsAfter,
  readGoodsChangeMark,
  readGoodsWrittenSince,
  readStockGoodsWrittenSince,
} from './goods-index-rows.ts';
export {
  browseGoods,
  categoryLevelOf,
  categoryNamesOf,
  type Found,
  type GoodsPageQuery,
  matchGoods,
  type Scope,
} from './goods-queries.ts';
export { HeldCardRows } from './held-card-rows.ts';
export { lowStock } from './low-stock.ts';
export { GOODS_PICTURE_MAX_BYTES, storeGoodsPicture } from './picture-upload.ts';
export { type TierPrice, tierPrice } from './pricing.ts';
export { ReadCache } from './read-cache.ts';
export {
  createSection,
  deleteSection,
  listSections,
  type SectionInput,
  updateSection,
} from './recommend-blocks.ts';
export { catalogueRoutes } from './routes.ts';
export { catalogueDemoSeed, topUpCatalogue } from './seed.ts';
export {
  type CardWithSkusRow,
  cardOfCardWithSkus,
  cardOfRow,
  cardWithSkusOf,
  catalogueTerms,
  foldText,
  goodsCards,
  goodsFoundCount,
  isGoodsShown,
  likeEscape,
  STOP_WORDS,
} from './service.ts';
export {
  exampleSkuCodes,
  type SkuFacts,
  SkuFactsCache,
  type SkuFactsRow,
  skuFactsByCodes,
  skuFactsOf,
  skuFactsQuery,
} from './sku-facts.ts';
export { addSales, returnStock, stockOf, takeStock } from './stock.ts';
export { changeStock, readSkuStock, readStockHistory, type StockChange } from './stock-changes.ts';
