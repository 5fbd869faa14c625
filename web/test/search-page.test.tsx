import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageItems } from '../src/components/Pager.tsx';
import { goodsCountLabel, parseSearchParams, searchHref } from '../src/features/catalogue/search-params.ts';
import CategorySearchPage from '../src/pages/CategorySearchPage.tsx';
import SearchPage from '../src/pages/SearchPage.tsx';
import { CATEGORY_DETAIL, CATEGORY_TREE, EMPTY_RESULT, SEARCH_RESULT } from './catalogue-fixtures.ts';
import { Answer, renderWithProviders, stubApi } from './helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

type Router = ReturnType<typeof renderWithProviders>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);
/** The query strings the search call was made with. */
const searchCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/org/sale/good/search')
    .map((u) => Object.fromEntries(u.searchParams));

const SUPPLIERS = [
  { id: 2, code: 'KFF', name: 'Kiwi Fresh Foods', self: false, websiteUrl: null, logoUrl: null },
];
const api = (over: Record<string, unknown> = {}) =>
  stubApi({
    '/api/org/sale/good/search': SEARCH_RESULT,
    '/api/supplier/website/name/list': SUPPLIERS,
    '/api/good/category/app/120': CATEGORY_DETAIL,
    '/api/good/category/headers': CATEGORY_TREE,
    ...over,
  });

describe('search page', () => {
  it('the address drives the search call', async () => {
    const fetchMock = api();
    renderWithProviders(<SearchPage />, {
      route:
        '/pages/search/index?keyword=honey&supplier=KFF&categoryId=120&priceMin=10&priceMax=50.5&sort=priceAsc&pageNum=2',
    });
    await screen.findByText('Manuka Honey UMF 10+ 500 g');
    expect(searchCalls(fetchMock)).toEqual([
      {
        keyword: 'honey',
        supplier: 'KFF',
        categoryId: '120',
        priceMin: '10',
        priceMax: '50.5',
        sort: 'priceAsc',
        pageNum: '2',
        pageSize: '20',
      },
    ]);
  });

  it('shows the heading, breadcrumb, count and a grid of goods cards', async () => {
    api();
    renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=honey' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "honey"' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      'Home>Search results for "honey"',
    );
    expect(document.title).toBe('Search results for "honey" - Kauri Mall');
    expect(await screen.findByText('2,143 goods')).toBeVisible();

    const cards = within(screen.getByRole('list', { name: 'Goods' })).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const [manuka, clover, spy] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(manuka).getByRole('link', { name: 'Manuka Honey UMF 10+ 500 g' }).getAttribute('href'),
    ).toBe('/pages/goods/index?id=1');
    expect(manuka.textContent).toContain('$39.90');
    expect(manuka.textContent).toContain('Kiwi Fresh Foods');
    expect(manuka.textContent).toContain('1,234 sold');
    expect(within(manuka).queryByText('Promotion')).toBeNull();
    // Promotion: badge and the struck-through original price.
    expect(within(clover).getByText('Promotion')).toBeVisible();
    expect(clover.querySelector('s')?.textContent).toBe('Was $15.00');
    // The own supplier is badged; amounts are grouped; out of stock is said.
    expect(within(spy).getByText('Local SPY')).toBeVisible();
    expect(spy.textContent).toContain('$1,234.50');
    expect(within(spy).getByText('Out of stock')).toBeVisible();
    // Square thumbnails with their size reserved; the first row loads at once.
    const img = manuka.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['240', '240']);
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('keyword=all shows All Goods', async () => {
    api();
    renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=all' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Goods' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home>All Goods');
    await screen.findByText('2,143 goods');
  });

  it('a category search names the category and walks its path in the breadcrumb', async () => {
    api();
    renderWithProviders(<SearchPage />, { route: '/pages/search/index?categoryId=120' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub 120' })).toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Top 1>Sub 120');
    expect(within(crumbs).getByRole('link', { name: 'Top 1' }).getAttribute('href')).toBe(
      '/pages/search/index?categoryId=1',
    );
    await waitFor(() => expect(document.title).toBe('Sub 120 - Kauri Mall'));
  });

  it('sort tabs change the sort in the address and go back to page 1, keeping the rest', async () => {
    api();
    const { router } = renderWithProviders(<SearchPage />, {
      route: '/pages/search/index?keyword=honey&supplier=KFF&pageNum=3',
    });
    const sort = screen.getByRole('navigation', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Relevance', 'Price ↑', 'Price ↓', 'Sales', 'Newest']);
    expect(within(sort).getByRole('link', { name: 'Relevance' }).getAttribute('aria-current')).toBe('true');
    await userEvent.click(within(sort).getByRole('link', { name: 'Price ↓' }));
    expect(Object.fromEntries(query(router))).toEqual({
      keyword: 'honey',
      supplier: 'KFF',
      sort: 'priceDesc',
    });
    expect(within(sort).getByRole('link', { name: 'Price ↓' }).getAttribute('aria-current')).toBe('true');
  });

  it('facets filter by category and supplier (with counts) and by a price range', async () => {
    const fetchMock = api();
    const { router } = renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=honey' });
    const categories = await screen.findByRole('list', { name: 'Categories' });
    const top2 = within(categories).getByRole('link', { name: /Top 2/ });
    expect(top2.textContent).toBe('Top 2643');
    await userEvent.click(top2);
    expect(query(router).get('categoryId')).toBe('2');

    const suppliers = screen.getByRole('list', { name: 'Suppliers' });
    await userEvent.click(within(suppliers).getByRole('link', { name: /Local SPY/ }));
    expect(Object.fromEntries(query(router))).toEqual({ keyword: 'honey', categoryId: '2', supplier: 'SPY' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum price' }), '50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum price' }), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The bounds are put in order.
    expect(query(router).get('priceMin')).toBe('12.5');
    expect(query(router).get('priceMax')).toBe('50');
    await waitFor(() =>
      expect(searchCalls(fetchMock).at(-1)).toMatchObject({
        keyword: 'honey',
        categoryId: '2',
        supplier: 'SPY',
        priceMin: '12.5',
        priceMax: '50',
      }),
    );

    // The filters in use are chips that remove themselves.
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    await userEvent.click(within(chips).getByRole('link', { name: 'Remove $12.50 – $50.00' }));
    expect(query(router).has('priceMin')).toBe(false);
    expect(query(router).get('supplier')).toBe('SPY');
  });

  it('a bad price is explained and not applied', async () => {
    api();
    const { router } = renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=honey' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum price' }), 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter amounts like 25 or 19.99.');
    expect(query(router).has('priceMin')).toBe(false);
  });

  it('pagination moves between pages and keeps the other parameters', async () => {
    api();
    const { router } = renderWithProviders(<SearchPage />, {
      route: '/pages/search/index?keyword=honey&sort=sales',
    });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    // 2,143 goods at 20 a page: 108 pages.
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Page 108' })).toBeVisible();
    expect(within(pager).getByText('Prev').closest('[aria-disabled]')).toBeVisible();
    await userEvent.click(within(pager).getByRole('link', { name: /Next/ }));
    expect(Object.fromEntries(query(router))).toEqual({ keyword: 'honey', sort: 'sales', pageNum: '2' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Page 4' }),
    );
    expect(query(router).get('pageNum')).toBe('4');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: /Prev/ }),
    );
    expect(query(router).get('pageNum')).toBe('3');
  });

  it('shows skeletons while the first results load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const { container } = renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=honey' });
    expect(container.querySelectorAll('.skeleton').length).toBeGreaterThan(20);
    expect(screen.queryByRole('list', { name: 'Goods' })).toBeNull();
  });

  it('an empty result shows the server suggestions as links, never a blank page', async () => {
    api({ '/api/org/sale/good/search': EMPTY_RESULT });
    renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=chocolat&supplier=KFF' });
    expect(await screen.findByText('No goods match "chocolat"')).toBeVisible();
    const suggested = within(screen.getByRole('list', { name: 'Suggested searches' })).getAllByRole('link');
    expect(suggested.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['chocolate', '/pages/search/index?keyword=chocolate&supplier=KFF'],
      ['chocolate biscuits', '/pages/search/index?keyword=chocolate%20biscuits&supplier=KFF'],
    ]);
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe(
      '/pages/search/index?keyword=chocolat',
    );
    expect(screen.getByRole('link', { name: 'Browse All Goods' })).toBeVisible();
    expect(screen.getByText('0 goods')).toBeVisible();
  });

  it('a failed search offers to try again', async () => {
    let fail = true;
    api({
      '/api/org/sale/good/search': new Answer(() => (fail ? undefined : SEARCH_RESULT)),
    });
    renderWithProviders(<SearchPage />, { route: '/pages/search/index?keyword=honey' });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Manuka Honey UMF 10+ 500 g')).toBeVisible();
  });
});

describe('category search page', () => {
  it('browses by category: the tree on the left, the same grid on the right', async () => {
    const fetchMock = api();
    const { router } = renderWithProviders(<CategorySearchPage />, {
      route: '/pages/search/category?categoryId=120',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub 120' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      'Home>All Categories>Top 1>Sub 120',
    );
    expect(searchCalls(fetchMock)[0]).toMatchObject({ categoryId: '120', pageNum: '1' });
    const tree = await screen.findByRole('navigation', { name: 'Category tree' });
    // Opened down to the chosen category, which is marked.
    const chosen = within(tree).getByRole('link', { name: 'Sub 120' });
    expect(chosen.getAttribute('aria-current')).toBe('page');
    expect(within(tree).getByRole('link', { name: 'Third 120-0' }).getAttribute('href')).toBe(
      '/pages/search/category?categoryId=5800',
    );
    expect(await screen.findByRole('list', { name: 'Goods' })).toBeVisible();

    // Another category from the tree stays on the category page.
    await userEvent.click(within(tree).getByRole('button', { name: 'Show Top 2 sub-categories' }));
    await userEvent.click(within(tree).getByRole('link', { name: 'Sub 141' }));
    expect(router.state.location.pathname).toBe('/pages/search/category');
    expect(query(router).get('categoryId')).toBe('141');
  });

  it('without a category it shows All Categories', async () => {
    api();
    renderWithProviders(<CategorySearchPage />, { route: '/pages/search/category' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible();
    await screen.findByText('2,143 goods');
  });
});

describe('search address helpers', () => {
  it('reads and cleans the parameters', () => {
    expect(
      parseSearchParams(
        new URLSearchParams(
          'keyword=%20tea%20&categoryId=x&priceMin=9&priceMax=3&sort=bogus&pageNum=-2&supplier=<b>',
        ),
      ),
    ).toEqual({
      keyword: 'tea',
      supplier: null,
      categoryId: null,
      priceMin: 3,
      priceMax: 9,
      sort: 'relevance',
      pageNum: 1,
    });
  });

  it('changes one parameter, drops the page unless it is the change, and leaves defaults out', () => {
    const current = new URLSearchParams('keyword=tea&supplier=KFF&pageNum=4&sort=sales');
    expect(searchHref('/p', current, { sort: 'relevance' })).toBe('/p?keyword=tea&supplier=KFF');
    expect(searchHref('/p', current, { pageNum: 5 })).toBe(
      '/p?keyword=tea&supplier=KFF&pageNum=5&sort=sales',
    );
    expect(searchHref('/p', current, { pageNum: 1 })).toBe('/p?keyword=tea&supplier=KFF&sort=sales');
    expect(searchHref('/p', current, { supplier: null, keyword: null })).toBe('/p?sort=sales');
  });

  it('lists page numbers around the current page with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('counts goods', () => {
    expect(goodsCountLabel(2143)).toBe('2,143 goods');
    expect(goodsCountLabel(1)).toBe('1 good');
    expect(goodsCountLabel(0)).toBe('0 goods');
  });
});
