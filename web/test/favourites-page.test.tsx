import { LIMIT_MESSAGE, MIX_MESSAGE } from '@mall/shared/cart-rules';
import type { Favourite } from '@mall/shared/contract/favourite';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_QUESTION } from '../src/features/favourites/FavouritesView.tsx';
import FavoritesPage from '../src/pages/FavoritesPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';
import { cartItem, memberServer, resetCart, spyItem } from './cart-fixtures.ts';
import { GOODS_DETAIL, goodsCard } from './catalogue-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const sku = (id: number, over: Partial<NonNullable<Favourite['sku']>> = {}) => ({
  id: id * 10,
  goodsId: id,
  code: `KM${String(id).padStart(6, '0')}-1`,
  gtin: null,
  options: {},
  price: 12.5,
  originalPrice: null,
  onPromotion: false,
  promotionEndsAt: null,
  stock: 30,
  maxCount: null,
  pictureUrl: null,
  ...over,
});

/** A favourite on sale with one SKU. */
const onSale = (id: number, over: Partial<Favourite> = {}): Favourite => ({
  goodsId: id,
  name: `Good ${id}`,
  thumbUrl: `/uploads/goods/${id}.svg`,
  collectedAt: '2026-11-20T10:00:00.000Z',
  goods: goodsCard({ id, stock: 30 }),
  skuCount: 1,
  sku: sku(id),
  ...over,
});

const page = (records: Favourite[]) => ({
  data: { records, total: records.length, pageNum: 1, pageSize: 10 },
});

const signInMember = () =>
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember() });

const open = () =>
  renderWithProviders(
    <>
      <FavoritesPage />
      <Toaster />
    </>,
    { route: '/pages/user/favorite/index' },
  );
const row = (id: number) => document.querySelector(`[data-favourite-row="${id}"]`) as HTMLElement;

describe('Favorite Goods', () => {
  it("lists each good with the member's price, stock and a link; a good no longer sold only with Remove", async () => {
    const promo = onSale(1, {
      goods: goodsCard({
        id: 1,
        name: 'Good 1',
        price: 9.99,
        originalPrice: 12.5,
        onPromotion: true,
        stock: 30,
      }),
      sku: sku(1, { price: 9.99, originalPrice: 12.5, onPromotion: true }),
    });
    const gone = onSale(2, { name: 'Old Good', goods: null, sku: null, skuCount: 0 });
    memberServer([], { 'GET /api/user/favorite': page([promo, gone]) });
    signInMember();
    open();
    await screen.findByRole('link', { name: 'Good 1' });
    expect(within(row(1)).getByRole('link', { name: 'Good 1' }).getAttribute('href')).toBe(
      '/pages/goods/index?id=1',
    );
    expect(row(1).querySelector('[data-favourite-price]')!.textContent).toBe('$9.99');
    expect(row(1).querySelector('[data-favourite-stock]')!.textContent).toBe('In stock: 30');
    expect(within(row(1)).getByText('Promotion')).toBeVisible();
    expect(within(row(2)).getByText('No longer sold')).toBeVisible();
    expect(within(row(2)).queryByRole('link')).toBeNull();
    expect(within(row(2)).queryByRole('button', { name: /to cart/ })).toBeNull();
    expect(within(row(2)).getByRole('button', { name: 'Remove Old Good from favourites' })).toBeEnabled();
  });

  it('an empty list says so and leads to the goods; Clear is off', async () => {
    memberServer([], { 'GET /api/user/favorite': page([]) });
    signInMember();
    open();
    expect(await screen.findByText('No favourites yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse All Goods' }).getAttribute('href')).toBe(
      '/pages/search/index?keyword=all',
    );
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('adds a good with one SKU directly, through the cart', async () => {
    const added = cartItem({ id: 500, skuId: 10, goodsId: 1, count: 1 });
    const server = memberServer([], {
      'GET /api/user/favorite': page([onSale(1)]),
      'POST /api/cart/app/add': { data: [added] },
    });
    signInMember();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Good 1 to cart' }));
    // Toasts are global: an earlier test's may still show.
    expect((await screen.findAllByText('Added to your cart.')).length).toBeGreaterThan(0);
    expect(server.called('POST /api/cart/app/add').map((c) => c.body)).toEqual([{ skuId: 10, count: 1 }]);
  });

  it('obeys the cart rules: the mixing dialog with Local SPY goods in the cart, the purchase limit', async () => {
    const limited = onSale(3, { sku: sku(3, { maxCount: 1 }) });
    const server = memberServer(
      [spyItem({ id: 40, skuId: 400 }), cartItem({ id: 41, skuId: 30, count: 1 })],
      {
        'GET /api/user/favorite': page([onSale(1), limited]),
      },
    );
    signInMember();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Good 1 to cart' }));
    expect(await screen.findByText(MIX_MESSAGE)).toBeVisible();
    expect(server.called('POST /api/cart/app/add')).toHaveLength(0);
  });

  it('refuses an add past the purchase limit with the rule', async () => {
    const limited = onSale(3, { sku: sku(3, { maxCount: 1 }) });
    const server = memberServer([cartItem({ id: 41, skuId: 30, goodsId: 3, count: 1, maxCount: 1 })], {
      'GET /api/user/favorite': page([limited]),
    });
    signInMember();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Good 3 to cart' }));
    expect(await screen.findByText(LIMIT_MESSAGE)).toBeVisible();
    expect(server.called('POST /api/cart/app/add')).toHaveLength(0);
  });

  it('a good with several SKUs opens its SKU choice, and adds the chosen SKU', async () => {
    const multi = onSale(7, {
      name: 'Merino Crew Top',
      goods: goodsCard({ id: 7, name: 'Merino Crew Top', stock: 20 }),
      sku: null,
      skuCount: 4,
    });
    const server = memberServer([], {
      'GET /api/user/favorite': page([multi]),
      'GET /api/sale/good/detail/7': { data: GOODS_DETAIL },
      'POST /api/cart/app/add': { data: [cartItem({ id: 501, skuId: 71, goodsId: 7 })] },
    });
    signInMember();
    open();
    const add = await screen.findByRole('button', { name: 'Add Merino Crew Top to cart' });
    expect(add).toHaveTextContent('Choose options');
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Merino Crew Top' });
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'colour' })).getByRole('button', { name: 'Navy' }),
    );
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'size' })).getByRole('button', { name: 'S' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(server.called('POST /api/cart/app/add')).toHaveLength(1));
    // Toasts are global: an earlier test's may still show.
    expect((await screen.findAllByText('Added to your cart.')).length).toBeGreaterThan(0);
    expect(server.called('POST /api/cart/app/add').map((c) => c.body)).toEqual([{ skuId: 71, count: 1 }]);
  });

  it("Clear asks in the shop's confirm dialog; Cancel keeps the list, Clear empties it", async () => {
    let records = [onSale(1), onSale(2)];
    const server = memberServer([], {
      'GET /api/user/favorite': () => page(records),
      'DELETE /api/user/favorite/clear': () => {
        const removed = records.length;
        records = [];
        return { data: { removed } };
      },
    });
    signInMember();
    open();
    await screen.findByRole('link', { name: 'Good 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CLEAR_QUESTION)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.called('DELETE /api/user/favorite/clear')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No favourites yet')).toBeVisible();
    expect(server.called('DELETE /api/user/favorite/clear')).toHaveLength(1);
  });
});
