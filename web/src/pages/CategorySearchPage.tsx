import { useSuppliers } from '../api/use-reference.ts';
import type { BreadcrumbItem } from '../components/Breadcrumb.tsx';
import { CategoryTree } from '../features/catalogue/CategoryTree.tsx';
import { FacetPanel } from '../features/catalogue/SearchFacets.tsx';
import { SearchLayout, SearchMain, useSearchPage } from '../features/catalogue/SearchResults.tsx';
import { useCategoryDetail } from '../features/catalogue/use-catalogue.ts';
import { favouriteHeartOf } from '../features/favourites/FavouriteHeart.tsx';
import { CATEGORY_SEARCH_PATH, categoryPageUrl } from '../lib/routes.ts';
import { usePageTitle } from '../lib/use-document-title.ts';

const ALL_CATEGORIES = 'All Categories';

/**
 * Category search (docs/routes.md): browse by category, the whole tree on the left and the
 * goods of the chosen category on the right, with the same sort, filters and pagination as
 * the search results.
 */
export default function CategorySearchPage() {
  const { state, query, hrefFor } = useSearchPage(CATEGORY_SEARCH_PATH);
  const { data: suppliers } = useSuppliers();
  const category = useCategoryDetail(state.categoryId);
  const categoryName = category.data?.name;
  const supplierName = state.supplier
    ? (query.data?.facets.suppliers.find((s) => s.code === state.supplier)?.name ??
      suppliers?.find((s) => s.code === state.supplier)?.name)
    : undefined;

  const title =
    state.categoryId === null ? ALL_CATEGORIES : (categoryName ?? (category.isError ? ALL_CATEGORIES : null));
  usePageTitle(title ?? undefined);

  const path = category.data?.path ?? [];
  const breadcrumb: BreadcrumbItem[] =
    state.categoryId === null
      ? [{ name: ALL_CATEGORIES }]
      : [
          { name: ALL_CATEGORIES, linkUrl: CATEGORY_SEARCH_PATH },
          ...path.map((c, i) => ({
            name: c.name,
            linkUrl: i < path.length - 1 ? categoryPageUrl(c.id) : undefined,
          })),
        ];

  return (
    <SearchLayout
      pageName="CategorySearchPage"
      breadcrumb={breadcrumb}
      title={title}
      intro={supplierName ? `From ${supplierName}` : undefined}
      count={query.data?.total}
      sidebar={
        <>
          <CategoryTree
            selectedId={state.categoryId}
            pathIds={path.map((c) => c.id)}
            hrefFor={(id) => hrefFor({ categoryId: id })}
          />
          <FacetPanel state={state} result={query.data} hrefFor={hrefFor} showCategories={false} />
        </>
      }
    >
      <SearchMain
        cardAction={favouriteHeartOf}
        state={state}
        query={query}
        hrefFor={hrefFor}
        supplierName={supplierName}
        showCategoryChip={false}
      />
    </SearchLayout>
  );
}
