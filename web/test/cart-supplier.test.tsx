import type { Supplier } from '@mall/shared/contract/reference';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../src/app/layout/Header.tsx';
import { relaunch } from '../src/lib/relaunch.ts';
import { useSelectedSupplier } from '../src/state/selected-supplier.ts';
import { cartItem, guestCart, resetCart, spyItem } from './cart-fixtures.ts';
import { renderWithProviders, stubApi } from './helpers.tsx';

vi.mock('../src/lib/relaunch.ts', () => ({ relaunch: vi.fn() }));

const SUPPLIERS: Supplier[] = [
  { id: 1, code: 'SPY', name: 'Local SPY', self: true, websiteUrl: null, logoUrl: null },
  { id: 2, code: 'KFF', name: 'Kiwi Fresh Foods', self: false, websiteUrl: null, logoUrl: null },
  { id: 3, code: 'TWH', name: 'Tasman Homewares', self: false, websiteUrl: null, logoUrl: null },
];

beforeEach(() => {
  resetCart();
  vi.mocked(relaunch).mockClear();
  useSelectedSupplier.setState({ code: null });
  stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
});
afterEach(() => vi.unstubAllGlobals());

const openHeader = async () => {
  const view = renderWithProviders(<Header storeMode={false} />, { route: '/pages/goods/index?id=7' });
  const nav = await screen.findByRole('navigation', { name: 'Suppliers' });
  await within(nav).findAllByRole('link');
  return { ...view, nav };
};

describe('supplier choice guard (mixing rule)', () => {
  it('Local SPY goods in the cart and another supplier chosen: the mixing dialog, and no switch', async () => {
    guestCart([spyItem({ id: 1 })]);
    const { nav, router } = await openHeader();
    await userEvent.click(within(nav).getByRole('link', { name: 'Kiwi Fresh Foods' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Products in Local SPY can only be purchased independently and cannot be mixed with products from other suppliers.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I want to see others' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(relaunch).not.toHaveBeenCalled();
    expect(useSelectedSupplier.getState().code).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/goods/index');
  });

  it('other goods in the cart and Local SPY chosen: the dialog; "Go to the shopping cart" opens the cart', async () => {
    guestCart([cartItem({ id: 1 })]);
    const { nav, router } = await openHeader();
    await userEvent.click(within(nav).getByRole('link', { name: 'Local SPY' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the shopping cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/cart/index'));
    expect(relaunch).not.toHaveBeenCalled();
  });

  it('no conflict (or an empty cart, or All suppliers): the choice reloads as before', async () => {
    guestCart([cartItem({ id: 1 })]);
    const { nav } = await openHeader();
    await userEvent.click(within(nav).getByRole('link', { name: 'Tasman Homewares' }));
    await waitFor(() => expect(relaunch).toHaveBeenLastCalledWith('/pages/goods/index?id=7&supplier=TWH'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'All suppliers' }));
    expect(relaunch).toHaveBeenLastCalledWith('/pages/search/index');
  });

  it('the header dropdown is guarded too', async () => {
    guestCart([spyItem({ id: 1 })]);
    await openHeader();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Supplier' }), 'Kiwi Fresh Foods');
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(useSelectedSupplier.getState().code).toBeNull();
  });
});
