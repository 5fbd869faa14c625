/** The search module's face: what other modules and the app use of it. */
export { curateKeyword, listCuratedKeywords } from './keyword-curation.ts';
export { goodsIndexOf, searchRoutes, suggestionRoutes } from './routes.ts';
export { searchDemoSeed } from './seed.ts';
export { addSuggestTermsOf, rebuildSuggestTerms } from './service.ts';
