import { AGREEMENT_DIALOG_SIZE } from '@mall/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountNav } from '../src/app/layout/AccountNav.tsx';
import { routes } from '../src/app/routes.tsx';
import { appConfig } from '../src/lib/app-config.ts';
import { safeCallbackUrl } from '../src/lib/routes.ts';
import AgreementPage from '../src/pages/AgreementPage.tsx';
import { renderWithProviders, stubApi } from './helpers.tsx';
import { shopTermsAnswers } from './terms-stub.ts';

describe('agreement page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('only follows local callback paths', () => {
    expect(safeCallbackUrl('/pages/user/login/index')).toBe('/pages/user/login/index');
    expect(safeCallbackUrl('/pages/cart/index?x=1')).toBe('/pages/cart/index?x=1');
    expect(safeCallbackUrl('https://evil.example')).toBe('/');
    expect(safeCallbackUrl('//evil.example')).toBe('/');
    expect(safeCallbackUrl('/\\evil.example')).toBe('/');
    expect(safeCallbackUrl('javascript:alert(1)')).toBe('/');
    expect(safeCallbackUrl(null)).toBe('/');
  });

  it("shows the standard terms (store mode) and 'agree with' goes to the callback", async () => {
    stubApi(shopTermsAnswers());
    const { router } = renderWithProviders(<AgreementPage />, {
      route: '/pages/user/register/agreement?callbackUrl=%2Fpages%2Fuser%2Flogin%2Findex',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'agreed announcement' })).toBeVisible();
    expect(await screen.findByText(/A coupon cannot be combined with another promotion code/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'agree with' }));
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
  });

  it("'disagree' with no history goes home", async () => {
    const { router } = renderWithProviders(<AgreementPage />, {
      route: '/pages/user/register/agreement?callbackUrl=https://evil.example',
    });
    await userEvent.click(screen.getByRole('button', { name: 'disagree' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('agreement dialog before login or register (docs/routes.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("store mode: 'agreed announcement', 800x420, the standard terms in a frame, both buttons", async () => {
    renderWithProviders(<AccountNav storeMode />, { route: '/pages/goods/index?id=7' });
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'agreed announcement' });
    expect(dialog.style.width).toBe(`${AGREEMENT_DIALOG_SIZE.width}px`);
    expect(dialog.style.height).toBe(`${AGREEMENT_DIALOG_SIZE.height}px`);
    expect([dialog.style.width, dialog.style.height]).toEqual(['800px', '420px']);
    const frame = within(dialog).getByTitle('Terms and conditions');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/pages/terms/standard?embed=1');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Close', 'disagree', 'agree with']);
  });

  it("'agree with' goes to the target with the current route as callbackUrl", async () => {
    const { router } = renderWithProviders(<AccountNav storeMode />, { route: '/pages/goods/index?id=7' });
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'agree with' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login/index'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe(
      '/pages/goods/index?id=7',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'disagree' and the close button only close the dialog", async () => {
    const { router } = renderWithProviders(<AccountNav storeMode />, {
      route: '/pages/search/index?keyword=tea',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'disagree' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/pages/search/index');

    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/pages/search/index');
  });

  it('store mode: Register leads to the retail register', async () => {
    const { router } = renderWithProviders(<AccountNav storeMode />, { route: '/' });
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'agree with' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/register/index'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe('/');
  });

  it('supplier mode: titled with the brand, the wholesale terms, Register leads to the wholesale register', async () => {
    const { router } = renderWithProviders(<AccountNav storeMode={false} />, { route: '/pages/cart/index' });
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: appConfig.brand });
    expect(appConfig.brand).toBe('Kauri Mall');
    expect(within(dialog).getByTitle('Wholesale terms').getAttribute('src')).toBe(
      '/pages/terms/wholesale?embed=1',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'agree with' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/register/windex'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe('/pages/cart/index');
  });

  it('the link itself is the agreement page leading to the same place (for a new tab)', () => {
    renderWithProviders(<AccountNav storeMode />, { route: '/pages/goods/index?id=7' });
    const href = screen.getByRole('link', { name: 'Login' }).getAttribute('href')!;
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/pages/user/register/agreement');
    const next = new URL(url.searchParams.get('callbackUrl')!, 'http://x');
    expect(next.pathname).toBe('/pages/user/login/index');
    expect(next.searchParams.get('callbackUrl')).toBe('/pages/goods/index?id=7');
  });

  it('the agreement page follows a login-with-callback chain', async () => {
    const { router } = renderWithProviders(<AgreementPage />, {
      route: `/pages/user/register/agreement?${new URLSearchParams({ callbackUrl: '/pages/user/login/index?callbackUrl=%2Fpages%2Fcart%2Findex' })}`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'agree with' }));
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe('/pages/cart/index');
  });
});

describe('terms framed by the agreement dialog (?embed=1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the terms alone: no header, footer or breadcrumb, and no minimum width', async () => {
    stubApi(shopTermsAnswers());
    const router = createMemoryRouter(routes, { initialEntries: ['/pages/terms/standard?embed=1'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/cannot be combined with another promotion code/)).toBeVisible();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    expect(document.documentElement.dataset.embedded).toBe('');
  });
});
