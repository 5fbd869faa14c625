import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../src/app/routes.tsx';
import { UserCenter } from '../src/features/account/UserCenter.tsx';
import UserCenterPage from '../src/pages/UserCenterPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { stubAccountApi } from './account-api-stub.ts';
import { accountInfo, orderBadge, retailMember, wholesaleMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
});
afterEach(() => vi.unstubAllGlobals());

const signIn = (member = retailMember()) =>
  useSession.getState().login({ accessToken: 'acc', refreshToken: 'ref', member });

const balance = (label: string) => document.querySelector(`[data-balance="${label}"]`)?.textContent;

describe('personal centre', () => {
  it('retail VIP: picture, name, kind, VIP badge, member number, balances (0 shown), badges', async () => {
    const member = retailMember({ userIsVIP: true, userName: 'Aroha' });
    signIn(member);
    const api = stubAccountApi({
      'GET /api/sys/auth/user/info': { data: member },
      'GET /api/retail/customer/account/info': {
        data: accountInfo(member, { points: 1250, cashBalance: 1234.5, coupons: 0, favourites: 3 }),
      },
      'GET /api/retail/customer/order/badge': { data: orderBadge({ pendingPayment: 2, toComment: 0 }) },
      'GET /api/club/member/app': {
        data: { vip: true, vipUntil: '2027-03-31T11:00:00.000Z', history: [] },
      },
    });
    renderWithProviders(<UserCenterPage />, { route: '/pages/user/index' });
    const card = screen.getByRole('region', { name: 'Member' });
    expect(within(card).getByRole('heading', { name: 'Aroha' })).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Aroha' })).toBeVisible();
    expect(within(card).getByText('Retail')).toBeVisible();
    expect(within(card).getByText('VIP')).toBeVisible();
    expect(within(card).getByText('R000012')).toBeVisible();
    expect((await within(card).findByText('VIP until')).nextElementSibling!.textContent).toBe(
      new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date('2027-03-31T11:00:00.000Z'),
      ),
    );

    await waitFor(() => expect(balance('Points')).toBe('1250'));
    expect(balance('Cash balance')).toBe('$1,234.50');
    expect(balance('Coupons')).toBe('0');
    expect(balance('Favourites')).toBe('3');

    const pending = await screen.findByRole('link', { name: 'Pending payment: 2' });
    expect(pending.getAttribute('href')).toBe('/pages/order/index?status=0');
    expect(screen.getByRole('link', { name: 'To ship: 0' }).getAttribute('href')).toBe(
      '/pages/order/index?status=1',
    );
    expect(screen.getByRole('link', { name: 'Shipped: 0' }).getAttribute('href')).toBe(
      '/pages/order/index?status=2',
    );
    expect(screen.getByRole('link', { name: 'To comment: 0' }).getAttribute('href')).toBe(
      '/pages/order/comment/index',
    );
    expect(document.querySelector('[data-badge="toComment"]')?.textContent).toBe('0');

    const paths = api.calls.map((c) => c.path);
    expect(paths).toContain('/api/retail/customer/account/info');
    expect(paths).toContain('/api/retail/customer/order/badge');
  });

  it('store mode shortcuts: profile, security, addresses, favourites, orders, club membership', () => {
    signIn();
    stubAccountApi({});
    renderWithProviders(<UserCenter member={retailMember()} storeMode />, { route: '/pages/user/index' });
    const links = within(screen.getByRole('navigation', { name: 'Shortcuts' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/pages/user/profile/index',
      '/pages/user/security/index',
      '/pages/user/profile/shipping-address',
      '/pages/user/favorite/index',
      '/pages/order/index',
      '/pages/user/vip/index',
    ]);
  });

  it('wholesale (supplier mode): the wholesale calls, no VIP, no favourites', async () => {
    const member = wholesaleMember({ userIsVIP: true });
    signIn(member);
    const api = stubAccountApi({
      'GET /api/wholesale/customer/account/info': { data: accountInfo(member) },
      'GET /api/wholesale/customer/order/badge': { data: orderBadge() },
    });
    renderWithProviders(<UserCenter member={member} storeMode={false} />, { route: '/pages/user/index' });
    const card = screen.getByRole('region', { name: 'Member' });
    expect(within(card).getByRole('heading', { name: 'Tui Traders Ltd' })).toBeVisible();
    expect(within(card).getByText('Wholesale')).toBeVisible();
    expect(within(card).queryByText('VIP')).toBeNull();
    await waitFor(() => expect(balance('Points')).toBe('0'));
    expect(balance('Cash balance')).toBe('$0.00');
    expect(balance('Favourites')).toBeUndefined();
    expect(
      within(screen.getByRole('navigation', { name: 'Shortcuts' })).queryByRole('link', { name: /Favorite/ }),
    ).toBeNull();
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/api/wholesale/customer/account/info',
      '/api/wholesale/customer/order/badge',
    ]);
  });

  it('the wallet figures: points, cash as money, usable coupons and discount cards together', async () => {
    const member = retailMember();
    signIn(member);
    const api = stubAccountApi({
      'GET /api/retail/customer/account/info': {
        data: accountInfo(member, { points: 75, cashBalance: 20.05, coupons: 2, discountCards: 1 }),
      },
    });
    renderWithProviders(<UserCenter member={member} />, { route: '/pages/user/index' });
    await waitFor(() => expect(balance('Points')).toBe('75'));
    expect(balance('Cash balance')).toBe('$20.05');
    expect(balance('Coupons')).toBe('3');
    // Not a club member: the club's status is not asked for.
    expect(api.calls.map((c) => c.path)).not.toContain('/api/club/member/app');
  });

  it('the account info refreshes the stored member', async () => {
    signIn(retailMember({ userName: 'Old' }));
    const fresh = retailMember({ userName: 'Fresh' });
    stubAccountApi({ 'GET /api/retail/customer/account/info': { data: accountInfo(fresh) } });
    renderWithProviders(<UserCenter member={retailMember()} />, { route: '/pages/user/index' });
    await waitFor(() => expect(useSession.getState().member?.userName).toBe('Fresh'));
  });
});

/** The real routes under a bare root (no header), at `url`. */
const renderRoutes = (url: string) => {
  const router = createMemoryRouter([{ path: '/', children: pageRoutes } satisfies RouteObject], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('members-only pages (app/require-member.ts)', () => {
  it.each([
    '/pages/user/index',
    '/pages/user/profile/index',
    '/pages/user/security/index',
    '/pages/user/favorite/index',
    '/pages/order/index?status=1',
    '/pages/order/checkout',
  ])('a guest opening %s is sent to login with it as the callbackUrl', async (url) => {
    stubAccountApi({});
    const router = renderRoutes(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login/index'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  it.each([
    '/pages/user/login/index',
    '/pages/user/register/index',
    '/pages/user/register/windex',
    '/pages/user/password/retrieve',
    '/pages/user/register/agreement',
  ])('a guest may open %s', async (url) => {
    stubAccountApi({});
    const router = renderRoutes(url);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(url);
  });

  it('a member opens the personal centre', async () => {
    const member = retailMember();
    signIn(member);
    stubAccountApi({
      'GET /api/sys/auth/user/info': { data: member },
      'GET /api/retail/customer/account/info': { data: accountInfo(member) },
      'GET /api/retail/customer/order/badge': { data: orderBadge() },
    });
    const router = renderRoutes('/pages/user/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Center' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/pages/user/index');
  });
});
