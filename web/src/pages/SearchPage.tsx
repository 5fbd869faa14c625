import { useSuppliers } from '../api/use-reference.ts';
import type { BreadcrumbItem } from '../components/Breadcrumb.tsx';
import { FacetPanel } from '../features/catalogue/SearchFacets.tsx';
import { SearchLayout, SearchMain, useSearchPage } from '../features/catalogue/SearchResults.tsx';
import { isAllKeyword } from '../features/catalogue/search-params.ts';
import { useCategoryDetail } from '../features/catalogue/use-catalogue.ts';
import { favouriteHeartOf } from '../features/favourites/FavouriteHeart.tsx';
import { ALL_KEYWORD, categorySearchUrl, keywordSearchUrl, SEARCH_PATH } from '../lib/routes.ts';
import { usePageTitle } from '../lib/use-document-title.ts';

/**
 * Search results (docs/routes.md): keyword (keyword=all is All Goods), supplier, categoryId,
 * price range, sort and page, all in the address. Filters on the left, results on the right.
 */
export default function SearchPage() {
  const { state, query, hrefFor } = useSearchPage(SEARCH_PATH);
  const { data: suppliers } = useSuppliers();
  const category = useCategoryDetail(state.categoryId);
  const words = isAllKeyword(state.keyword) ? null : state.keyword;

  const supplierName = state.supplier
    ? (query.data?.facets.suppliers.find((s) => s.code === state.supplier)?.name ??
      suppliers?.find((s) => s.code === state.supplier)?.name)
    : undefined;
  const categoryName = category.data?.name;

  const title = words
    ? `Search results for "${words}"`
    : state.categoryId === null
      ? 'All Goods'
      : (categoryName ?? (category.isError ? 'All Goods' : null));
  usePageTitle(title ?? undefined);

  const path = category.data?.path ?? [];
  const breadcrumb: BreadcrumbItem[] = words
    ? [{ name: `Search results for "${words}"` }]
    : state.categoryId !== null && path.length > 0
      ? path.map((c, i) => ({
          name: c.name,
          linkUrl: i < path.length - 1 ? categorySearchUrl(c.id) : undefined,
        }))
      : state.categoryId !== null || supplierName
        ? [
            { name: 'All Goods', linkUrl: keywordSearchUrl(ALL_KEYWORD) },
            { name: categoryName ?? supplierName ?? '' },
          ]
        : [{ name: 'All Goods' }];

  return (
    <SearchLayout
      pageName="SearchPage"
      breadcrumb={breadcrumb}
      title={title}
      intro={supplierName ? `From ${supplierName}` : undefined}
      count={query.data?.total}
      sidebar={<FacetPanel state={state} result={query.data} hrefFor={hrefFor} categoryName={categoryName} />}
    >
      <SearchMain
        cardAction={favouriteHeartOf}
        state={state}
        query={query}
        hrefFor={hrefFor}
        categoryName={categoryName}
        supplierName={supplierName}
      />
    </SearchLayout>
  );
}
