import type { Supplier } from '@mall/shared/contract/reference';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupplierLinks } from '../src/app/layout/SupplierLinks.tsx';
import { TopLinks } from '../src/app/layout/TopLinks.tsx';
import { HOVER_MENU_CLOSE_DELAY_MS } from '../src/components/HoverMenu.tsx';
import { MiniCart } from '../src/features/cart/MiniCart.tsx';
import { cartItem, guestCart, resetCart } from './cart-fixtures.ts';
import { renderWithProviders, stubApi } from './helpers.tsx';

const UP_LINKS = [
  {
    name: 'My account',
    linkUrl: '/pages/user/index',
    title: 'Your account',
    key: 'account',
    children: [
      { name: 'Profile', linkUrl: '/pages/user/profile/index', title: 'Profile', key: 'p', children: [] },
      { name: 'Coupons', linkUrl: '/pages/user/coupon/index', title: 'Coupons', key: 'c', children: [] },
    ],
  },
  { name: 'Help Centre', linkUrl: '/pages/home/html?id=5', title: 'Help', key: 'help', children: [] },
];

const supplier = (id: number, code: string, name: string): Supplier => ({
  id,
  code,
  name,
  self: false,
  websiteUrl: `https://${code.toLowerCase()}.example.co.nz`,
  logoUrl: null,
});
const SUPPLIERS = [
  supplier(2, 'KFF', 'Kiwi Fresh Foods'),
  supplier(3, 'TWH', 'Tasman Homewares'),
  supplier(4, 'SAO', 'Southern Alps Outdoor'),
  supplier(5, 'AHL', 'Aotea Home Living'),
];

beforeEach(resetCart);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const accountLink = () => screen.getByRole('link', { name: 'My account' });
const accountList = () => screen.queryByRole('link', { name: 'Profile' });

describe('mini cart by keyboard', () => {
  it('Tab opens the panel, Tab walks into it, Escape closes it back on the label', async () => {
    guestCart([cartItem({ id: 1, name: 'Manuka Honey' })]);
    renderWithProviders(<MiniCart />);
    // The menu's code arrives on the first focus and rebuilds the label: look it up afresh.
    const label = () => screen.getByRole('link', { name: 'Shop Cart (1)' });
    await userEvent.tab();
    const panel = await screen.findByRole('region', { name: 'Mini cart' });
    expect(document.activeElement).toBe(label());
    expect(label()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Manuka Honey' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Mini cart' })).toBeNull();
    expect(document.activeElement).toBe(label());
    expect(label()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('empty mini cart by keyboard', () => {
  it('Tab goes on past the empty panel, Shift+Tab comes back to the label, Escape closes it there', async () => {
    renderWithProviders(
      <>
        <MiniCart />
        <button type="button">Next</button>
      </>,
    );
    const label = () => screen.getByRole('link', { name: 'Shop Cart (0)' });
    await userEvent.tab();
    await screen.findByRole('region', { name: 'Mini cart' });
    expect(document.activeElement).toBe(label());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(label());
    await waitFor(() => expect(label()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Mini cart' })).toBeNull();
    expect(document.activeElement).toBe(label());
  });
});

describe('top links', () => {
  it('pointing at a link with children opens its list at once; it closes 150 ms after the pointer leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/shop/link/up': UP_LINKS });
    renderWithProviders(<TopLinks />);
    await screen.findByRole('link', { name: 'My account' });
    fireEvent.pointerEnter(accountLink());
    await waitFor(() => expect(accountList()).not.toBeNull());
    expect(accountList()!.getAttribute('href')).toBe('/pages/user/profile/index');
    fireEvent.mouseLeave(screen.getByRole('navigation', { name: 'Shop links' }));
    act(() => vi.advanceTimersByTime(HOVER_MENU_CLOSE_DELAY_MS - 1));
    expect(accountList()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(accountList()).toBeNull();
  });

  it('pointing at a link without children closes the open list', async () => {
    stubApi({ '/api/shop/link/up': UP_LINKS });
    renderWithProviders(<TopLinks />);
    await userEvent.hover(await screen.findByRole('link', { name: 'My account' }));
    await waitFor(() => expect(accountList()).not.toBeNull());
    await userEvent.hover(screen.getByRole('link', { name: 'Help Centre' }));
    expect(accountList()).toBeNull();
  });

  it('by keyboard: focus opens the list, Tab walks into it, Escape closes it back on the link', async () => {
    stubApi({ '/api/shop/link/up': UP_LINKS });
    renderWithProviders(<TopLinks />);
    await screen.findByRole('link', { name: 'My account' });
    await userEvent.tab();
    await waitFor(() => expect(accountLink()).toHaveAttribute('aria-expanded', 'true'));
    expect(document.activeElement).toBe(accountLink());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Profile' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Coupons' }));
    await userEvent.keyboard('{Escape}');
    expect(accountList()).toBeNull();
    expect(document.activeElement).toBe(accountLink());
    // Tab from the closed link goes on to the next top link.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Help Centre' }));
  });
});

describe("the supplier links' More", () => {
  // Room for two supplier names besides 'More': the other two go under it.
  const narrowBar = () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
  };
  const more = () => screen.getByRole('button', { name: 'More' });

  it('Enter opens the list, Tab walks into it, Escape closes it back on More', async () => {
    narrowBar();
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    renderWithProviders(<SupplierLinks storeMode />);
    const nav = await screen.findByRole('navigation', { name: 'Suppliers' });
    await within(nav).findByRole('button', { name: 'More' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kiwi Fresh Foods', 'Tasman Homewares']);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(more());
    // The focus alone does not open it: a button opens on a press.
    expect(more()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(more()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Southern Alps Outdoor');
    expect(document.activeElement).toHaveAttribute('href', 'https://sao.example.co.nz');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /Southern Alps Outdoor/ })).toBeNull();
    expect(document.activeElement).toBe(more());
  });

  it('pointing at More opens it; a click does not close it again', async () => {
    narrowBar();
    stubApi({ '/api/supplier/website/name/list': SUPPLIERS });
    renderWithProviders(<SupplierLinks storeMode />);
    await userEvent.hover(await screen.findByRole('button', { name: 'More' }));
    await waitFor(() => expect(more()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.click(more());
    expect(more()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Aotea Home Living/ })).toBeVisible();
  });
});
