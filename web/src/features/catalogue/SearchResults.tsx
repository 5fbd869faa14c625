import type { GoodsSearchResult } from '@mall/shared/contract/catalogue';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumb, type BreadcrumbItem } from '../../components/Breadcrumb.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { CloseIcon, SearchIcon } from '../../components/icons.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ALL_KEYWORD, keywordSearchUrl } from '../../lib/routes.ts';
import { type CardAction, GoodsGrid, GoodsGridSkeleton } from './GoodsCard.tsx';
import { priceRangeLabel } from './SearchFacets.tsx';
import {
  goodsCountLabel,
  isAllKeyword,
  PAGE_SIZE,
  parseSearchParams,
  type SearchChanges,
  type SearchState,
  SORT_OPTIONS,
  searchHref,
} from './search-params.ts';
import { useGoodsSearch } from './use-catalogue.ts';

const COLUMNS = 4;
/** The first row of cards is above the fold: its pictures load at once (LCP). */
const EAGER_CARDS = 4;
/** The rows a desktop's first screen shows (1350 x 940): the rest render once it has painted. */
const FIRST_SCREEN_CARDS = 2 * COLUMNS;

/** The state of a result page at `path` from its address, its search, and links that change it. */
export const useSearchPage = (path: string) => {
  const [params] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const query = useGoodsSearch(state);
  const hrefFor = (changes: SearchChanges) => searchHref(path, params, changes);
  return { state, query, hrefFor };
};

/** The frame of a result page: breadcrumb, heading with the count, filters on the left, results on the right. */
export function SearchLayout({
  pageName,
  breadcrumb,
  title,
  intro,
  count,
  sidebar,
  children,
}: {
  pageName: string;
  breadcrumb: readonly BreadcrumbItem[];
  /** null while the title is not known yet (a category's name loading). */
  title: string | null;
  intro?: ReactNode;
  count: number | undefined;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page pt-5 pb-16" data-page={pageName}>
      <Breadcrumb items={breadcrumb} />
      <div className="mt-5 mb-5 flex min-h-9 items-end justify-between gap-6">
        <div className="min-w-0">
          {title === null ? (
            <Skeleton className="h-8 w-64" />
          ) : (
            <h1 className="page-heading truncate">{title}</h1>
          )}
          {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
        </div>
        <div className="shrink-0 text-sm text-muted" aria-live="polite" data-result-count="">
          {count === undefined ? <Skeleton className="h-5 w-20" /> : goodsCountLabel(count)}
        </div>
      </div>
      <div className="grid grid-cols-[232px_minmax(0,1fr)] items-start gap-6">
        <aside aria-label="Filters" className="flex flex-col gap-4">
          {sidebar}
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

/** Relevance, Price ↑, Price ↓, Sales, Newest: links that change `sort` (and go back to page 1). */
export function SortTabs({ state, hrefFor }: { state: SearchState; hrefFor: (c: SearchChanges) => string }) {
  return (
    <nav aria-label="Sort by" className="flex items-center gap-1">
      <span className="mr-2 text-[13px] text-muted">Sort by</span>
      {SORT_OPTIONS.map((o) => {
        const current = state.sort === o.value;
        return (
          <Link
            key={o.value}
            to={hrefFor({ sort: o.value })}
            aria-current={current ? 'true' : undefined}
            title={'description' in o ? o.description : undefined}
            className={`focus-ring rounded-md px-3 py-1.5 text-sm transition ${current ? 'bg-brand font-semibold text-white' : 'text-ink hover:bg-brand-soft hover:text-brand'}`}
          >
            {o.label}
          </Link>
        );
      })}
    </nav>
  );
}

interface ActiveFiltersProps {
  state: SearchState;
  hrefFor: (c: SearchChanges) => string;
  categoryName?: string | undefined;
  supplierName?: string | undefined;
  /** The category page shows its category in the tree, not as a chip. */
  showCategory?: boolean;
}

/** The filters in force as chips, each removable, and 'Clear all' (the words searched stay). */
export function ActiveFilters({
  state,
  hrefFor,
  categoryName,
  supplierName,
  showCategory = true,
}: ActiveFiltersProps) {
  const chips: { key: string; label: string; href: string }[] = [];
  if (showCategory && state.categoryId !== null)
    chips.push({
      key: 'category',
      label: `Category: ${categoryName ?? state.categoryId}`,
      href: hrefFor({ categoryId: null }),
    });
  if (state.supplier !== null)
    chips.push({
      key: 'supplier',
      label: `Supplier: ${supplierName ?? state.supplier}`,
      href: hrefFor({ supplier: null }),
    });
  if (state.priceMin !== null || state.priceMax !== null)
    chips.push({
      key: 'price',
      label: priceRangeLabel(state.priceMin, state.priceMax),
      href: hrefFor({ priceMin: null, priceMax: null }),
    });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="mb-3 flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.key}>
          <Link
            to={c.href}
            aria-label={`Remove ${c.label}`}
            className="focus-ring inline-flex items-center gap-1.5 rounded-full border border-brand/30 bg-brand-soft py-1 pr-2 pl-3 text-[13px] text-brand transition hover:border-brand"
          >
            {c.label}
            <CloseIcon size={13} />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link
            to={hrefFor({
              ...(showCategory ? { categoryId: null } : {}),
              supplier: null,
              priceMin: null,
              priceMax: null,
            })}
            className="link ml-1 text-[13px]"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** Nothing matched: the server's suggestions as links, a way to loosen the filters, All Goods. */
function NoResults({
  state,
  result,
  hrefFor,
}: {
  state: SearchState;
  result: GoodsSearchResult;
  hrefFor: (c: SearchChanges) => string;
}) {
  const words = isAllKeyword(state.keyword) ? null : state.keyword;
  const filtered =
    state.categoryId !== null ||
    state.supplier !== null ||
    state.priceMin !== null ||
    state.priceMax !== null;
  const suggestions = result.suggestions.filter((s) => s.toLowerCase() !== words?.toLowerCase()).slice(0, 10);
  return (
    <div className="card" data-empty-results="">
      <EmptyState
        icon={<SearchIcon size={28} />}
        title={words ? `No goods match "${words}"` : 'No goods here yet'}
        description={
          words
            ? 'Check the spelling, try a more general word, or pick one of the searches below.'
            : 'Nothing in this selection right now. Try another category or supplier.'
        }
        action={
          <>
            {filtered ? (
              <Link
                to={hrefFor({ categoryId: null, supplier: null, priceMin: null, priceMax: null })}
                className="btn-primary"
              >
                Clear filters
              </Link>
            ) : null}
            <Link to={keywordSearchUrl(ALL_KEYWORD)} className={filtered ? 'btn-secondary' : 'btn-primary'}>
              Browse All Goods
            </Link>
          </>
        }
      />
      {suggestions.length > 0 ? (
        <div className="-mt-4 border-t border-line px-8 pt-5 pb-8 text-center">
          <p className="text-sm font-medium text-navy">{words ? 'Did you mean' : 'Popular searches'}</p>
          <ul aria-label="Suggested searches" className="mt-3 flex flex-wrap justify-center gap-2">
            {suggestions.map((s) => (
              <li key={s}>
                <Link
                  to={keywordSearchUrl(s, state.supplier)}
                  className="focus-ring inline-flex rounded-full border border-line bg-white px-3.5 py-1.5 text-sm text-ink transition hover:border-brand hover:text-brand"
                >
                  {s}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The results: skeletons first, then the grid and pagination, an empty state, or a retry. */
export function SearchResultsBody({
  state,
  query,
  hrefFor,
  cardAction,
}: {
  state: SearchState;
  query: UseQueryResult<GoodsSearchResult>;
  hrefFor: (c: SearchChanges) => string;
  cardAction?: CardAction | undefined;
}) {
  const { data, isPending, isError, isPlaceholderData, refetch, isFetching } = query;
  if (isPending) return <GoodsGridSkeleton columns={COLUMNS} count={PAGE_SIZE} />;
  if (isError && !data) {
    return (
      <LoadFailed
        title="The goods could not be loaded"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.total === 0) return <NoResults state={state} result={data} hrefFor={hrefFor} />;
  if (data.records.length === 0) {
    return (
      <div className="card">
        <EmptyState
          title="This page is past the end of the results"
          description={`There are ${goodsCountLabel(data.total)} in all.`}
          action={
            <Link to={hrefFor({ pageNum: 1 })} className="btn-primary">
              Back to page 1
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div
      aria-busy={isPlaceholderData}
      className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
    >
      <GoodsGrid
        goods={data.records}
        columns={COLUMNS}
        eagerCount={EAGER_CARDS}
        firstScreen={FIRST_SCREEN_CARDS}
        label="Goods"
        cardAction={cardAction}
      />
      <Pager
        pageNum={state.pageNum}
        pageSize={PAGE_SIZE}
        total={data.total}
        className="mt-8"
        hrefFor={(pageNum) => hrefFor({ pageNum })}
      />
    </div>
  );
}

/** The right-hand column of a result page: sort tabs, the filters in use, then the results. */
export function SearchMain({
  state,
  query,
  hrefFor,
  categoryName,
  supplierName,
  showCategoryChip = true,
  cardAction,
}: {
  state: SearchState;
  query: UseQueryResult<GoodsSearchResult>;
  hrefFor: (c: SearchChanges) => string;
  categoryName?: string | undefined;
  supplierName?: string | undefined;
  showCategoryChip?: boolean;
  /** A control on each goods card (the page composes it, e.g. the favourite heart). */
  cardAction?: CardAction | undefined;
}) {
  return (
    <>
      <div className="card mb-3 flex h-[52px] items-center px-3">
        <SortTabs state={state} hrefFor={hrefFor} />
      </div>
      <ActiveFilters
        state={state}
        hrefFor={hrefFor}
        categoryName={categoryName}
        supplierName={supplierName}
        showCategory={showCategoryChip}
      />
      <SearchResultsBody state={state} query={query} hrefFor={hrefFor} cardAction={cardAction} />
    </>
  );
}
