import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryHeroSlot, HERO_LIMIT, HotRecommendSlot } from '../src/features/catalogue/HomeSlots.tsx';
import RecommendPage from '../src/pages/RecommendPage.tsx';
import { goodsCard, recommendation } from './catalogue-fixtures.ts';
import { calledPaths, renderWithProviders, stubApi } from './helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const HERO = Array.from({ length: 14 }, (_, i) => ({
  id: i + 1,
  name: `Category ${i + 1}`,
  pictureUrl: `/uploads/categories/${i + 1}.svg`,
  goodsCount: 1000 + i,
}));

describe('home: category hero', () => {
  it('pictures the featured categories with their goods counts, each searching by categoryId', async () => {
    const fetchMock = stubApi({ '/api/good/category/hero': HERO });
    renderWithProviders(<CategoryHeroSlot />);
    const section = await screen.findByRole('region', { name: 'Shop by category' });
    await waitFor(() =>
      expect(within(section).getAllByRole('listitem')[0]!.textContent).toContain('Category 1'),
    );
    const tiles = within(section).getAllByRole('listitem');
    expect(tiles).toHaveLength(HERO_LIMIT);
    const first = within(tiles[0]!).getByRole('link');
    expect(first.getAttribute('href')).toBe('/pages/search/index?categoryId=1');
    expect(first.textContent).toBe('Category 11,000 goods');
    const img = first.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('loading')]).toEqual(['104', 'lazy']);
    const asked = fetchMock.mock.calls.map(([u]) => String(u));
    expect(asked).toContain(`/api/good/category/hero?limit=${HERO_LIMIT}`);
  });

  it('takes no room when there are no featured categories', async () => {
    const fetchMock = stubApi({ '/api/good/category/hero': [] });
    const { container } = renderWithProviders(<CategoryHeroSlot />);
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/good/category/hero'));
    await waitFor(() => expect(container.querySelector('[data-slot="category-hero"]')).toBeNull());
  });
});

describe('home: hot recommendations', () => {
  it('shows each block of placement 1 as goods cards, with the way to the recommendations page', async () => {
    stubApi({
      '/api/hot/recommend/app/1': [
        recommendation(1, 'Hot right now', [
          goodsCard({ id: 1, name: 'Kawakawa Balm', price: 24.9, originalPrice: 29.9, onPromotion: true }),
          goodsCard({ id: 2, name: 'Feijoa Jam' }),
        ]),
        recommendation(2, 'Empty block', []),
        recommendation(3, 'New in', [goodsCard({ id: 3, name: 'Pāua Pendant' })]),
      ],
    });
    renderWithProviders(<HotRecommendSlot />);
    const hot = await screen.findByRole('region', { name: 'Hot right now' });
    const cards = within(hot).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('$24.90');
    expect(cards[0]!.textContent).toContain('Promotion');
    expect(
      within(hot)
        .getByRole('link', { name: /More recommendations/ })
        .getAttribute('href'),
    ).toBe('/pages/recommend/index');
    expect(screen.queryByRole('region', { name: 'Empty block' })).toBeNull();
    expect(screen.getByRole('region', { name: 'New in' })).toBeVisible();
  });

  it('without recommendations invites to browse All Goods', async () => {
    stubApi({ '/api/hot/recommend/app/1': [] });
    renderWithProviders(<HotRecommendSlot />);
    expect((await screen.findByRole('link', { name: 'Browse All Goods' })).getAttribute('href')).toBe(
      '/pages/search/index?keyword=all',
    );
  });
});

describe('recommendations page', () => {
  it('shows the blocks of placement 2', async () => {
    const fetchMock = stubApi({
      '/api/hot/recommend/app/2': [
        recommendation(5, 'Winter warmers', [goodsCard({ id: 5, name: 'Wool Throw' })]),
        recommendation(6, 'Pantry staples', [goodsCard({ id: 6, name: 'Rolled Oats' })]),
      ],
    });
    renderWithProviders(<RecommendPage />, { route: '/pages/recommend/index' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recommendations' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Winter warmers' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Pantry staples' }).textContent).toContain('Rolled Oats');
    expect(calledPaths(fetchMock)).toEqual(['/api/hot/recommend/app/2']);
  });

  it('says so when there are none', async () => {
    stubApi({ '/api/hot/recommend/app/2': [] });
    renderWithProviders(<RecommendPage />, { route: '/pages/recommend/index' });
    expect(await screen.findByText('No recommendations right now')).toBeVisible();
  });
});
