import { LIMIT_MESSAGE, MIX_MESSAGE } from '@mall/shared/cart-rules';
import type { CartItem } from '@mall/shared/contract/cart';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, STORAGE_KEYS } from '../src/lib/storage.ts';
import GoodsPage from '../src/pages/GoodsPage.tsx';
import { readCart } from '../src/state/cart/current-cart.ts';
import { stubAccountApi } from './account-api-stub.ts';
import { cartItem, guestCart, memberServer, resetCart, signIn, spyItem } from './cart-fixtures.ts';
import { GOODS_DETAIL } from './catalogue-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const GOODS = {
  'GET /api/sale/good/detail/7': { data: GOODS_DETAIL },
  'GET /api/hot/recommend/app/3': { data: [] },
};

const openGood = async () => {
  const view = renderWithProviders(<GoodsPage />, { route: '/pages/goods/index?id=7' });
  await screen.findByRole('heading', { level: 1, name: 'Merino Crew Top' });
  return view;
};
const choose = async (colour: string, size: string) => {
  await userEvent.click(
    within(screen.getByRole('group', { name: 'colour' })).getByRole('button', { name: colour }),
  );
  await userEvent.click(
    within(screen.getByRole('group', { name: 'size' })).getByRole('button', { name: size }),
  );
};
const addButton = () => screen.getByRole('button', { name: 'Add to Cart' });
const setQuantity = async (n: number) => {
  const input = screen.getByRole('textbox', { name: 'Quantity' });
  await userEvent.clear(input);
  await userEvent.type(input, `${n}{Enter}`);
};

describe('add to cart (goods detail)', () => {
  it('a guest adds the chosen SKU and quantity: kept in local storage, then the added-to-cart page', async () => {
    stubAccountApi(GOODS);
    const { router } = await openGood();
    await choose('Navy', 'S');
    await setQuantity(3);
    await userEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/cart/add-success'));
    expect(router.state.location.search).toBe('?skuId=71&count=3');
    const stored = readStored<CartItem[]>(STORAGE_KEYS.cart)!;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: 71,
      skuId: 71,
      goodsId: 7,
      name: 'Merino Crew Top',
      skuLabel: 'Navy / S',
      price: 20,
      count: 3,
      maxCount: null,
      stock: 5,
      checked: true,
      thumbUrl: '/uploads/goods/7-navy.svg',
      self: false,
      supplierId: 2,
      supplierName: 'Kiwi Fresh Foods',
    });
  });

  it('the same SKU merges its count; a new SKU goes to the top', async () => {
    stubAccountApi(GOODS);
    guestCart([cartItem({ id: 71, skuId: 71, count: 1, stock: 5 })]);
    await openGood();
    await choose('Red', 'S');
    await userEvent.click(addButton());
    await waitFor(() => expect(readCart().items.map((i) => i.skuId)).toEqual([73, 71]));
  });

  it('above the purchase limit: refused with the exact message, nothing added', async () => {
    stubAccountApi(GOODS);
    // Navy M: limit 2 per order; 1 is already in the cart, 2 more would make 3.
    guestCart([cartItem({ id: 72, skuId: 72, count: 1, maxCount: 2, stock: 12 })]);
    const { router } = await openGood();
    await choose('Navy', 'M');
    await setQuantity(2);
    await userEvent.click(addButton());
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(LIMIT_MESSAGE).textContent).toBe(
      'The number of products added to the shopping cart exceeds the purchase limit',
    );
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm']);
    expect(readCart().items[0]!.count).toBe(1);
    expect(router.state.location.pathname).toBe('/pages/goods/index');
  });

  it('above the stock: refused with the stock message', async () => {
    stubAccountApi(GOODS);
    guestCart([cartItem({ id: 73, skuId: 73, count: 3, stock: 3 })]);
    await openGood();
    await choose('Red', 'S');
    await userEvent.click(addButton());
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Only 3 left in stock')).toBeVisible();
  });

  it('mixing with Local SPY goods: the exact message and its two buttons; "I want to see others" stays', async () => {
    stubAccountApi(GOODS);
    guestCart([spyItem({ id: 5 })]);
    const { router } = await openGood();
    await choose('Navy', 'S');
    await userEvent.click(addButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MIX_MESSAGE).textContent).toBe(
      'Products in Local SPY can only be purchased independently and cannot be mixed with products from other suppliers.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['I want to see others', 'Go to the shopping cart']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I want to see others' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/pages/goods/index');
    expect(readCart().items.map((i) => i.skuId)).toEqual([5]);

    await userEvent.click(addButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the shopping cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/cart/index'));
  });

  it('a member adds through the server; its 409 mixing refusal opens the same dialog', async () => {
    const server = memberServer([], {
      ...GOODS,
      'POST /api/cart/app/add': { status: 409, message: MIX_MESSAGE, reason: 'cart.mixing' },
    });
    signIn();
    await openGood();
    await choose('Navy', 'S');
    await setQuantity(2);
    await userEvent.click(addButton());
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(server.called('POST /api/cart/app/add').map((c) => c.body)).toEqual([{ skuId: 71, count: 2 }]);
    expect(screen.getByText(MIX_MESSAGE)).toBeVisible();
  });

  it("tells the server's refusals apart by their reason, whatever their words", async () => {
    const reworded = 'Dieses Produkt kann nicht mit anderen Lieferanten gemischt werden.';
    memberServer([], {
      ...GOODS,
      'POST /api/cart/app/add': { status: 409, message: reworded, reason: 'cart.mixing' },
    });
    signIn();
    await openGood();
    await choose('Navy', 'S');
    await userEvent.click(addButton());
    // The reason, not the words, opens the mixing dialog, in the rule's own words and with its two ways on.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MIX_MESSAGE)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Go to the shopping cart' })).toBeVisible();
    expect(screen.queryByText(reworded)).toBeNull();
  });

  it('a member add succeeds: the server answer replaces the cart', async () => {
    const added = cartItem({ id: 900, skuId: 71, count: 2 });
    const server = memberServer([], { ...GOODS, 'POST /api/cart/app/add': { data: [added] } });
    signIn();
    const { router } = await openGood();
    await choose('Navy', 'S');
    await setQuantity(2);
    await userEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/cart/add-success'));
    expect(readCart().items).toEqual([added]);
    expect(server.called('POST /api/cart/app/add')).toHaveLength(1);
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
  });
});
