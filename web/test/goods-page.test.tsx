import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHOOSE_SKU_NOTE } from '../src/features/catalogue/GoodsDetailView.tsx';
import { clampQuantity, quantityLimit, toggleValue } from '../src/features/catalogue/sku.ts';
import GoodsPage from '../src/pages/GoodsPage.tsx';
import { GOODS_DETAIL, goodsCard, recommendation } from './catalogue-fixtures.ts';
import { calledPaths, renderWithProviders, stubApi } from './helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const api = () =>
  stubApi({
    '/api/sale/good/detail/7': GOODS_DETAIL,
    '/api/hot/recommend/app/3': [
      recommendation(1, 'Often bought together', [
        goodsCard({ id: 7, name: 'Merino Crew Top' }),
        goodsCard({ id: 8, name: 'Merino Beanie' }),
        goodsCard({ id: 9, name: 'Possum Gloves' }),
      ]),
      recommendation(2, 'Best sellers', [
        goodsCard({ id: 8, name: 'Merino Beanie' }),
        goodsCard({ id: 10, name: 'Wool Socks' }),
      ]),
    ],
  });

const openGood = async () => {
  api();
  const view = renderWithProviders(<GoodsPage />, { route: '/pages/goods/index?id=7' });
  await screen.findByRole('heading', { level: 1, name: 'Merino Crew Top' });
  return view;
};

const option = (group: string, value: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name: value });
const price = () => document.querySelector('[data-price]')!.textContent;
const stock = () => document.querySelector('[data-stock]')!.textContent;
const quantity = () => screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });

describe('goods detail', () => {
  it('says the points the good earns: its whole dollars times the rate (1 a dollar by default)', async () => {
    await openGood();
    const earn = () => document.querySelector('[data-earn-points]')!.textContent;
    expect(earn()).toBe('Earn 18–22 points');
    await userEvent.click(option('colour', 'Red'));
    await userEvent.click(option('size', 'S'));
    expect(earn()).toBe('Earn 18 points');
  });

  it('shows the breadcrumb down the category path, gallery, name, supplier and the price range before a choice', async () => {
    await openGood();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Top 1>Sub 120>Third 120-0>Merino Crew Top');
    expect(within(crumbs).getByRole('link', { name: 'Sub 120' }).getAttribute('href')).toBe(
      '/pages/search/index?categoryId=120',
    );
    await waitFor(() => expect(document.title).toBe('Merino Crew Top - Kauri Mall'));
    expect(screen.getByRole('link', { name: 'Kiwi Fresh Foods' }).getAttribute('href')).toBe(
      '/pages/search/index?supplier=KFF',
    );
    expect(price()).toBe('$18.00 – $22.00');
    expect(stock()).toBe('In stock: 20');
    const main = document.querySelector('[data-gallery] img')!;
    expect(main.getAttribute('src')).toBe('/uploads/goods/7-1.svg');
    expect(main.getAttribute('alt')).toBe('Merino Crew Top');
    expect(within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('button')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Show picture 2' }));
    expect(document.querySelector('[data-gallery] img')!.getAttribute('src')).toBe('/uploads/goods/7-2.svg');
    expect(screen.getByRole('heading', { level: 2, name: 'Soft and warm' })).toBeVisible();
  });

  it('choosing a SKU by its options updates price, promotion, stock and picture; impossible combinations are disabled', async () => {
    await openGood();
    await userEvent.click(option('colour', 'Red'));
    expect(option('colour', 'Red').getAttribute('aria-pressed')).toBe('true');
    // Red exists only in S.
    expect((option('size', 'M') as HTMLButtonElement).disabled).toBe(true);
    expect((option('size', 'L') as HTMLButtonElement).disabled).toBe(true);
    expect((option('size', 'S') as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(option('size', 'S'));
    expect(price()).toBe('$18.00');
    expect(document.querySelector('[data-original-price]')!.textContent).toBe('Was $25.00');
    expect(
      within(document.querySelector('[data-price-block]') as HTMLElement).getByText('Promotion'),
    ).toBeVisible();
    expect(screen.getByText('Promotion ends 24 December 2026')).toBeVisible();
    expect(stock()).toBe('In stock: 3');
    expect(document.querySelector('[data-gallery] img')!.getAttribute('src')).toBe(
      '/uploads/goods/7-red.svg',
    );

    // Choosing a colour again clears it; Navy M then has its own price, stock and limit.
    await userEvent.click(option('colour', 'Red'));
    expect(option('colour', 'Red').getAttribute('aria-pressed')).toBe('false');
    expect(price()).toBe('$18.00 – $20.00'); // the S SKUs
    // Another size replaces S at once; Red has no M.
    await userEvent.click(option('size', 'M'));
    expect(option('size', 'S').getAttribute('aria-pressed')).toBe('false');
    expect((option('colour', 'Red') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(option('colour', 'Navy'));
    expect(price()).toBe('$22.00');
    expect(document.querySelector('[data-original-price]')).toBeNull();
    expect(stock()).toBe('In stock: 12');
    expect(screen.getByText('Limit 2 per order')).toBeVisible();
  });

  it('the quantity stepper is bounded by the purchase limit', async () => {
    await openGood();
    await userEvent.click(option('colour', 'Navy'));
    await userEvent.click(option('size', 'M'));
    expect(quantity().value).toBe('1');
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(plus());
    expect(quantity().value).toBe('2');
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    // Typing more than allowed is brought back to the limit.
    await userEvent.clear(quantity());
    await userEvent.type(quantity(), '9{Enter}');
    expect(quantity().value).toBe('2');
  });

  it('the quantity stepper is bounded by the stock, and follows a SKU with less', async () => {
    await openGood();
    await userEvent.click(option('colour', 'Navy'));
    await userEvent.click(option('size', 'S')); // stock 5, no limit
    expect(screen.queryByText(/per order/)).toBeNull();
    for (let i = 0; i < 6; i += 1) await userEvent.click(plus()).catch(() => {});
    expect(quantity().value).toBe('5');
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(option('size', 'S'));
    await userEvent.click(option('colour', 'Navy'));
    await userEvent.click(option('colour', 'Red'));
    await userEvent.click(option('size', 'S')); // stock 3
    expect(quantity().value).toBe('3');
  });

  it('an out-of-stock SKU says so and cannot be counted', async () => {
    await openGood();
    await userEvent.click(option('colour', 'Navy'));
    await userEvent.click(option('size', 'L'));
    expect(stock()).toBe('Out of stock');
    expect(quantity().disabled).toBe(true);
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
  });

  it('Add to Cart waits for a SKU; the Favourite heart is a toggle, not pressed for a guest', async () => {
    await openGood();
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    const fav = screen.getByRole('button', { name: 'Favourite' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe(CHOOSE_SKU_NOTE);
    await userEvent.click(option('colour', 'Navy'));
    await userEvent.click(option('size', 'M'));
    expect(add.disabled).toBe(false);
    expect(fav.disabled).toBe(false);
    expect(fav.getAttribute('aria-pressed')).toBe('false');
  });

  it('"You may also like" lists the placement 3 goods once each, without this good', async () => {
    await openGood();
    const section = (await screen.findByRole('heading', { name: 'You may also like' })).closest('section')!;
    expect(
      within(section)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('link').textContent),
    ).toEqual(['Merino Beanie', 'Possum Gloves', 'Wool Socks']);
  });

  it('a missing good shows a not-found state', async () => {
    const fetchMock = stubApi({ '/api/hot/recommend/app/3': [] });
    renderWithProviders(<GoodsPage />, { route: '/pages/goods/index?id=404' });
    expect(await screen.findByText("We couldn't find that good")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse All Goods' }).getAttribute('href')).toBe(
      '/pages/search/index?keyword=all',
    );
    expect(calledPaths(fetchMock)).toContain('/api/sale/good/detail/404');
  });

  it('an id that is not a number does not call the server', () => {
    const fetchMock = stubApi({});
    renderWithProviders(<GoodsPage />, { route: '/pages/goods/index?id=abc' });
    expect(screen.getByText("We couldn't find that good")).toBeVisible();
    expect(calledPaths(fetchMock)).not.toContain('/api/sale/good/detail/abc');
  });
});

describe('SKU rules', () => {
  it('limits by stock and maxCount and keeps quantities in range', () => {
    expect(quantityLimit(12, 2)).toBe(2);
    expect(quantityLimit(3, null)).toBe(3);
    expect(quantityLimit(0, 5)).toBe(0);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it('ignores a value no SKU has with the other choices', () => {
    const chosen = toggleValue(GOODS_DETAIL.skus, {}, 'colour', 'Red');
    expect(toggleValue(GOODS_DETAIL.skus, chosen, 'size', 'M')).toBe(chosen);
  });
});
