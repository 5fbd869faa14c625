import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandBar, MEGA_CLOSE_DELAY_MS } from '../src/features/catalogue/BrandBar.tsx';
import { barLabel, megaPanelWidth, panelThirdLevel } from '../src/features/catalogue/mega-menu.ts';
import { CATEGORY_TREE } from './catalogue-fixtures.ts';
import { renderWithProviders, stubApi } from './helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByRole('navigation', { name: 'Shop' });
const topLink = (name: string) => within(bar()).getByRole('link', { name });
const panel = () => document.querySelector<HTMLElement>('[data-mega-panel]');

describe('mega panel width', () => {
  it('is 248 px per column of 6 sub-categories, at most 3 columns, for 1..20 sub-categories', () => {
    const expected = [
      248,
      248,
      248,
      248,
      248,
      248, // 1-6: one column
      496,
      496,
      496,
      496,
      496,
      496, // 7-12: two
      744,
      744,
      744,
      744,
      744,
      744, // 13-18: three
      744,
      744, // 19-20: still three
    ];
    for (let n = 1; n <= 20; n += 1) {
      expect(megaPanelWidth(n), `${n} sub-categories`).toBe(expected[n - 1]);
      expect(megaPanelWidth(n)).toBe(Math.min(Math.ceil(n / 6), 3) * 248);
    }
  });
});

describe('brand bar labels', () => {
  it('shortens a long top-level name to its first part; the link keeps the full name', async () => {
    expect(barLabel('Clothing & Footwear')).toBe('Clothing');
    expect(barLabel('Home and Living')).toBe('Home');
    expect(barLabel('Office, Stationery')).toBe('Office');
    expect(barLabel('Pets')).toBe('Pets');
    expect(barLabel('& Co')).toBe('& Co');
    stubApi({ '/api/good/category/headers': [{ ...CATEGORY_TREE[0]!, name: 'Pantry & Groceries' }] });
    renderWithProviders(<BrandBar />);
    const link = await screen.findByRole('link', { name: 'Pantry & Groceries' });
    expect(link.textContent).toBe('Pantry');
    expect(link.getAttribute('title')).toBe('Pantry & Groceries');
  });
});

describe('brand bar and mega menu', () => {
  it('shows at most 10 top-level categories, each searching by categoryId, with All Categories and All Goods', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await screen.findByRole('link', { name: 'Top 1' });
    const tops = within(bar()).getAllByRole('link', { name: /^Top / });
    expect(tops).toHaveLength(10);
    expect(tops.map((a) => a.getAttribute('href'))).toEqual(
      CATEGORY_TREE.slice(0, 10).map((c) => `/pages/search/index?categoryId=${c.id}`),
    );
    expect(within(bar()).queryByRole('link', { name: 'Top 11' })).toBeNull();
    expect(topLink('All Categories').getAttribute('href')).toBe('/pages/search/category');
    expect(topLink('All Goods').getAttribute('href')).toBe('/pages/search/index?keyword=all');
  });

  it('hovering a category opens its panel: at most 10 sub-categories and 24 third-level pictures, all linking to search', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await userEvent.hover(await screen.findByRole('link', { name: 'Top 1' }));
    expect(topLink('Top 1').getAttribute('aria-expanded')).toBe('true');
    expect(topLink('Top 1').getAttribute('aria-controls')).toBe(panel()!.id);

    const subs = within(screen.getByRole('list', { name: 'Top 1 sub-categories' })).getAllByRole('link');
    expect(subs).toHaveLength(10); // of 13
    const top = CATEGORY_TREE[0]!;
    expect(subs.map((a) => a.getAttribute('href'))).toEqual(
      top.children.slice(0, 10).map((s) => `/pages/search/index?categoryId=${s.id}`),
    );
    const third = within(screen.getByRole('list', { name: 'Top 1 categories' })).getAllByRole('link');
    expect(third).toHaveLength(24);
    for (const link of third) {
      expect(link.getAttribute('href')).toMatch(/^\/pages\/search\/index\?categoryId=\d+$/);
      expect(link.querySelector('img')?.getAttribute('src')).toMatch(/^\/uploads\/categories\/\d+\.svg$/);
      expect(link.textContent).toMatch(/^Third /);
    }
    // 10 sub-categories: two columns of 248 px.
    expect(panel()!.querySelector<HTMLElement>('[data-sub-area]')!.style.width).toBe('496px');
  });

  it('pointing at a sub-category pictures its own third level (at most 24)', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await userEvent.hover(await screen.findByRole('link', { name: 'Top 1' }));
    await userEvent.hover(screen.getByRole('link', { name: 'Sub 120' }));
    const third = within(screen.getByRole('list', { name: 'Sub 120 categories' })).getAllByRole('link');
    expect(third).toHaveLength(24); // of 30
    expect(third[0]!.textContent).toBe('Third 120-0');
    expect(screen.getByRole('link', { name: 'See all Sub 120' }).getAttribute('href')).toBe(
      '/pages/search/index?categoryId=120',
    );
  });

  it('without a sub-category pointed at, the third level is taken in turn from every sub-category', () => {
    const top = CATEGORY_TREE[1]!; // 4 subs of 3
    expect(panelThirdLevel(top).map((n) => n.name)).toEqual([
      'Third 140-0',
      'Third 141-0',
      'Third 142-0',
      'Third 143-0',
      'Third 140-1',
      'Third 141-1',
      'Third 142-1',
      'Third 143-1',
      'Third 140-2',
      'Third 141-2',
      'Third 142-2',
      'Third 143-2',
    ]);
  });

  it('the panel width follows the number of sub-categories', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await userEvent.hover(await screen.findByRole('link', { name: 'Top 2' }));
    expect(panel()!.querySelector<HTMLElement>('[data-sub-area]')!.style.width).toBe('248px');
  });

  it('keyboard focus opens the panel and Escape closes it, back on the category', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await screen.findByRole('link', { name: 'Top 1' });
    await userEvent.tab(); // All Categories
    await userEvent.tab(); // Top 1
    expect(document.activeElement).toBe(topLink('Top 1'));
    expect(topLink('Top 1').getAttribute('aria-expanded')).toBe('true');
    await userEvent.tab(); // into the panel: the first sub-category
    expect(document.activeElement?.textContent).toBe('Sub 120');
    await userEvent.keyboard('{Escape}');
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(topLink('Top 1'));
  });

  it('closes shortly after the pointer leaves the bar', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />);
    await screen.findByRole('link', { name: 'Top 3' });
    fireEvent.mouseEnter(topLink('Top 3').parentElement!);
    expect(panel()).not.toBeNull();
    fireEvent.mouseLeave(bar());
    act(() => vi.advanceTimersByTime(MEGA_CLOSE_DELAY_MS - 1));
    expect(panel()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(panel()).toBeNull();
  });

  it('marks the top-level category whose goods are shown', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    renderWithProviders(<BrandBar />, { route: '/pages/search/index?categoryId=5800' });
    expect((await screen.findByRole('link', { name: 'Top 1' })).getAttribute('aria-current')).toBe('true');
    expect(topLink('Top 2').getAttribute('aria-current')).toBeNull();
  });

  it('a followed link closes the panel', async () => {
    stubApi({ '/api/good/category/headers': CATEGORY_TREE });
    const { router } = renderWithProviders(<BrandBar />);
    await userEvent.hover(await screen.findByRole('link', { name: 'Top 1' }));
    await userEvent.click(screen.getByRole('link', { name: 'Sub 121' }));
    expect(router.state.location.search).toBe('?categoryId=121');
    await waitFor(() => expect(panel()).toBeNull());
  });
});
