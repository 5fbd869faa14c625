import type { Supplier } from '@mall/shared/contract/reference';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../src/app/layout/Header.tsx';
import { relaunch } from '../src/lib/relaunch.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { useSelectedSupplier } from '../src/state/selected-supplier.ts';
import { renderWithProviders, stubApi } from './helpers.tsx';

vi.mock('../src/lib/relaunch.ts', () => ({ relaunch: vi.fn() }));

const SUPPLIERS: Supplier[] = [
  { id: 1, code: 'SPY', name: 'Local SPY', self: true, websiteUrl: null, logoUrl: null },
  {
    id: 2,
    code: 'KFF',
    name: 'Kiwi Fresh Foods',
    self: false,
    websiteUrl: 'https://kff.example.co.nz',
    logoUrl: null,
  },
  {
    id: 3,
    code: 'TWH',
    name: 'Tasman Homewares',
    self: false,
    websiteUrl: 'https://twh.example.co.nz',
    logoUrl: null,
  },
];
const UP_LINKS = [
  { name: 'Help Centre', linkUrl: '/pages/home/html?id=5', title: 'Help', key: 'help', children: [] },
];

beforeEach(() => {
  vi.mocked(relaunch).mockClear();
  useSelectedSupplier.setState({ code: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('store mode: supplier websites open in a new tab; logo goes home; All Goods; search; cart', async () => {
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS, '/api/shop/link/up': UP_LINKS });
    renderWithProviders(<Header storeMode />);
    const nav = await screen.findByRole('navigation', { name: 'Suppliers' });
    const links = await within(nav).findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Kiwi Fresh Foods', 'Tasman Homewares']);
    expect(links[0]!.getAttribute('href')).toBe('https://kff.example.co.nz');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: /Kauri Mall home/ }).getAttribute('href')).toBe('/');
    for (const allGoods of screen.getAllByRole('link', { name: 'All Goods' }))
      expect(allGoods.getAttribute('href')).toBe('/pages/search/index?keyword=all');
    expect(
      within(screen.getByRole('navigation', { name: 'Shop' })).getByRole('link', { name: 'All Categories' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shop Cart (0)' }).getAttribute('href')).toBe(
      '/pages/cart/index',
    );
    expect((await screen.findByRole('link', { name: 'Help Centre' })).getAttribute('href')).toBe(
      '/pages/home/html?id=5',
    );
  });

  it('supplier mode: All suppliers first; a supplier reloads the page with ?supplier=, code 0 opens search', async () => {
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    renderWithProviders(<Header storeMode={false} />, { route: '/pages/goods/index?id=7' });
    const nav = await screen.findByRole('navigation', { name: 'Suppliers' });
    const links = await within(nav).findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'All suppliers',
      'Local SPY',
      'Kiwi Fresh Foods',
      'Tasman Homewares',
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('true');

    await userEvent.click(within(nav).getByRole('link', { name: 'Kiwi Fresh Foods' }));
    expect(relaunch).toHaveBeenLastCalledWith('/pages/goods/index?id=7&supplier=KFF');
    expect(readStored(STORAGE_KEYS.searchSupplier)).toBe('KFF');

    await userEvent.click(within(nav).getByRole('link', { name: 'All suppliers' }));
    expect(relaunch).toHaveBeenLastCalledWith('/pages/search/index');
    expect(readStored(STORAGE_KEYS.searchSupplier)).toBeUndefined();
  });

  it('renders the stored supplier list before the call answers', () => {
    writeStored(STORAGE_KEYS.suppliers, SUPPLIERS);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<Header storeMode />);
    expect(screen.getByRole('link', { name: 'Kiwi Fresh Foods' })).toBeVisible();
  });

  it('search: Enter or the button opens the search page for the words, an empty box opens All Goods', async () => {
    stubApi({});
    const { router } = renderWithProviders(<Header storeMode />);
    const box = screen.getByRole('combobox', { name: 'Search goods' });
    await userEvent.type(box, 'manuka honey{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/pages/search/index?keyword=manuka%20honey',
    );
    await userEvent.clear(screen.getByRole('combobox', { name: 'Search goods' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?keyword=all');
  });

  it('store mode has no supplier dropdown', () => {
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    renderWithProviders(<Header storeMode />);
    expect(screen.queryByRole('combobox', { name: 'Supplier' })).toBeNull();
  });

  it('supplier mode: the dropdown lists the suppliers except self; choosing one sets the search supplier', async () => {
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    const { router } = renderWithProviders(<Header storeMode={false} />);
    const dropdown = screen.getByRole('combobox', { name: 'Supplier' }) as HTMLSelectElement;
    await waitFor(() => expect(dropdown.options).toHaveLength(3));
    expect([...dropdown.options].map((o) => o.text)).toEqual([
      'All suppliers',
      'Kiwi Fresh Foods',
      'Tasman Homewares',
    ]);
    await userEvent.selectOptions(dropdown, 'TWH');
    expect(useSelectedSupplier.getState().code).toBe('TWH');
    expect(relaunch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('combobox', { name: 'Search goods' }), 'rug{Enter}');
    expect(router.state.location.search).toBe('?keyword=rug&supplier=TWH');
  });

  it('supplier mode: on a result page the dropdown changes the supplier of the results', async () => {
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    useSelectedSupplier.setState({ code: 'KFF' });
    const { router } = renderWithProviders(<Header storeMode={false} />, {
      route: '/pages/search/index?keyword=tea&supplier=KFF&pageNum=3',
    });
    const dropdown = screen.getByRole('combobox', { name: 'Supplier' }) as HTMLSelectElement;
    await waitFor(() => expect(dropdown.value).toBe('KFF'));
    await userEvent.selectOptions(dropdown, '0');
    expect(router.state.location.search).toBe('?keyword=tea');
    expect(useSelectedSupplier.getState().code).toBeNull();
  });
});
