/** The content module's face: what other modules and the app use of it. */
export {
  type BannerInput,
  createBanner,
  createLink,
  createPageGroup,
  createServicePage,
  deleteBanner,
  deleteLink,
  findServicePage,
  type GroupInput,
  type LinkInput,
  listAllBanners,
  listAllLinks,
  listServicePages,
  type PageInput,
  updateBanner,
  updateLink,
  updatePageGroup,
  updateServicePage,
} from './admin-content.ts';
export { adminContentRoutes } from './admin-routes.ts';
export { contentRoutes } from './routes.ts';
export { contentSeed, pageTextSeed } from './seed.ts';
export { readTerms, resetTerms, saveTerms } from './terms.ts';
