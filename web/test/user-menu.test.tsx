import type { Member } from '@mall/shared/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountNav } from '../src/app/layout/AccountNav.tsx';
import { userMenuPart } from '../src/app/layout/user-menu-part.ts';
import { relaunch } from '../src/lib/relaunch.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';
import { calledPaths, renderWithProviders, stubApi } from './helpers.tsx';

vi.mock('../src/lib/relaunch.ts', () => ({ relaunch: vi.fn() }));

const signIn = (member: Partial<Member>) => {
  useSession.getState().login({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    member: retailMember({ userName: 'Aroha Ngata', ...member }),
  });
};

// The member's menu downloads when a member is signed in; here it is there from the start.
beforeAll(() => userMenuPart.preload());
beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
  vi.mocked(relaunch).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account corner of the header', () => {
  it('logged out: Login | Register, register by mode, each through the agreement', () => {
    /** Where a link leads once its agreement is accepted. */
    const leadsTo = (link: HTMLElement) => {
      const href = new URL(link.getAttribute('href')!, 'http://x');
      expect(href.pathname).toBe('/pages/user/register/agreement');
      return new URL(href.searchParams.get('callbackUrl')!, 'http://x').pathname;
    };
    const { unmount } = renderWithProviders(<AccountNav storeMode />);
    const login = screen.getByRole('link', { name: 'Login' });
    expect(leadsTo(login)).toBe('/pages/user/login/index');
    expect(login.parentElement!.textContent).toBe('Login|Register');
    expect(leadsTo(screen.getByRole('link', { name: 'Register' }))).toBe('/pages/user/register/index');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    renderWithProviders(<AccountNav storeMode={false} />);
    expect(leadsTo(screen.getByRole('link', { name: 'Register' }))).toBe('/pages/user/register/windex');
  });

  it('logged in (store mode): the user name and exactly the five items in order', async () => {
    signIn({});
    renderWithProviders(<AccountNav storeMode />);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    const button = screen.getByRole('button', { name: /Aroha Ngata/ });
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Personal Center',
      'Favorite Goods',
      'Account security',
      'Log Out',
      'My Order',
    ]);
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/pages/user/index',
      '/pages/user/favorite/index',
      '/pages/user/security/index',
      null,
      '/pages/order/index',
    ]);
  });

  it('logged in (supplier mode): no Favorite Goods; wholesale shows the trading name', async () => {
    signIn({ kind: 'wholesale', userName: 'buyer01', companyTradingName: 'Tui Traders Ltd' });
    renderWithProviders(<AccountNav storeMode={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Tui Traders Ltd/ }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Personal Center', 'Account security', 'Log Out', 'My Order']);
  });

  it('the menu works from the keyboard', async () => {
    signIn({});
    renderWithProviders(<AccountNav storeMode />);
    const button = screen.getByRole('button', { name: /Aroha Ngata/ });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Personal Center'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('My Order');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('pointing at the name opens the menu without taking the focus; it closes once the pointer leaves', async () => {
    signIn({});
    renderWithProviders(
      <>
        <input aria-label="Search goods" />
        <AccountNav storeMode />
      </>,
    );
    const search = screen.getByRole('textbox', { name: 'Search goods' });
    search.focus();
    await userEvent.hover(screen.getByRole('button', { name: /Aroha Ngata/ }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')).toHaveLength(5);
    expect(document.activeElement).toBe(search);
    await userEvent.unhover(screen.getByRole('button', { name: /Aroha Ngata/ }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(search);
  });

  it('Log Out asks the exact question; Cancel keeps the session', async () => {
    signIn({});
    const fetchMock = stubApi({ '/api/sys/auth/logout': null });
    renderWithProviders(<AccountNav storeMode />);
    await userEvent.click(screen.getByRole('button', { name: /Aroha Ngata/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to log out？')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSession.getState().token).toBe('access-1');
    expect(calledPaths(fetchMock)).not.toContain('/api/sys/auth/logout');
  });

  it('Confirm calls logout, clears the session and storage, and relaunches at home', async () => {
    signIn({});
    writeStored(STORAGE_KEYS.cart, [{ id: 1 }]);
    writeStored(STORAGE_KEYS.orgId, 3);
    const fetchMock = stubApi({ '/api/sys/auth/logout': null });
    renderWithProviders(<AccountNav storeMode />);
    await userEvent.click(screen.getByRole('button', { name: /Aroha Ngata/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(relaunch).toHaveBeenCalledWith('/'));
    expect(calledPaths(fetchMock)).toContain('/api/sys/auth/logout');
    const state = useSession.getState();
    expect([state.token, state.refreshToken, state.member, state.orgId]).toEqual([null, null, null, null]);
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.member, STORAGE_KEYS.cart, STORAGE_KEYS.orgId])
      expect(readStored(key)).toBeUndefined();
  });

  it('a failing logout call still logs out, without a toast', async () => {
    signIn({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    renderWithProviders(<AccountNav storeMode />);
    await userEvent.click(screen.getByRole('button', { name: /Aroha Ngata/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(relaunch).toHaveBeenCalledWith('/'));
    expect(useSession.getState().token).toBeNull();
  });
});
