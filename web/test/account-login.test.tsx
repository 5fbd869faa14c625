import { MESSAGES } from '@mall/shared/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../src/features/account/LoginForm.tsx';
import { readStored, STORAGE_KEYS } from '../src/lib/storage.ts';
import LoginPage from '../src/pages/LoginPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, stubAccountApi } from './account-api-stub.ts';
import { loginResult, retailMember, wholesaleMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
});
afterEach(() => vi.unstubAllGlobals());

const fill = async (account: string, password: string) => {
  if (account) await userEvent.type(screen.getByLabelText('E-mail or phone'), account);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
};
const submit = () => userEvent.click(screen.getByRole('button', { name: /^Log in as/ }));

describe('login page', () => {
  it('store mode opens on retail; the tabs switch the kind; supplier mode opens on wholesale', async () => {
    const { unmount } = renderWithProviders(<LoginForm storeMode />, { route: '/pages/user/login/index' });
    expect(screen.getByRole('tab', { name: 'Retail customer' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Wholesale customer' }));
    expect(screen.getByRole('tab', { name: 'Wholesale customer' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Log in as a wholesale customer' })).toBeVisible();
    unmount();
    renderWithProviders(<LoginForm storeMode={false} />, { route: '/pages/user/login/index' });
    expect(screen.getByRole('tab', { name: 'Wholesale customer' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('the arrow keys move between the kinds; what was typed stays, in the panel of the chosen tab', async () => {
    renderWithProviders(<LoginForm storeMode />, { route: '/pages/user/login/index' });
    await fill('aroha@example.co.nz', '');
    screen.getByRole('tab', { name: 'Retail customer' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const wholesale = screen.getByRole('tab', { name: 'Wholesale customer' });
    expect(document.activeElement).toBe(wholesale);
    expect(wholesale.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(wholesale.id);
    expect((screen.getByLabelText('E-mail or phone') as HTMLInputElement).value).toBe('aroha@example.co.nz');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Retail customer' }).getAttribute('aria-selected')).toBe('true');
  });

  it('empty fields show the rule under each field and call nothing', async () => {
    const api = stubAccountApi({});
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await submit();
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    expect(screen.getByLabelText('E-mail or phone').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('validates a field when it loses focus', async () => {
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await userEvent.click(screen.getByLabelText('E-mail or phone'));
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.required)).toBeVisible();
  });

  it('success stores tokens and member and returns to the callbackUrl', async () => {
    const member = retailMember({ orgId: 9 });
    const api = stubAccountApi({ 'POST /api/sys/auth/retail/login': { data: loginResult(member) } });
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/pages/user/login/index?callbackUrl=%2Fpages%2Fgoods%2Findex%3Fid%3D7',
    });
    await fill('aroha@example.co.nz', 'secret1');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/goods/index'));
    expect(router.state.location.search).toBe('?id=7');
    const [call] = api.called('POST /api/sys/auth/retail/login');
    expect(call!.body).toEqual({ account: 'aroha@example.co.nz', password: 'secret1' });
    expect(call!.headers.get('Authorization')).toBeNull();
    expect(useSession.getState()).toMatchObject({
      token: 'access-new',
      refreshToken: 'refresh-new',
      member,
      orgId: 9,
    });
    expect(readStored(STORAGE_KEYS.token)).toBe('access-new');
    expect(readStored(STORAGE_KEYS.member)).toEqual(member);
  });

  it('the wholesale tab calls the wholesale login', async () => {
    const api = stubAccountApi({
      'POST /api/sys/auth/wholesale/login': { data: loginResult(wholesaleMember()) },
    });
    const { router } = renderWithProviders(<LoginForm storeMode />, { route: '/pages/user/login/index' });
    await userEvent.click(screen.getByRole('tab', { name: 'Wholesale customer' }));
    await fill('093334444', 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in as a wholesale customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/sys/auth/wholesale/login']);
    expect(useSession.getState().member?.kind).toBe('wholesale');
  });

  it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example'])(
    'refuses the external callbackUrl %s and goes home',
    async (callbackUrl) => {
      stubAccountApi({ 'POST /api/sys/auth/retail/login': { data: loginResult() } });
      const { router } = renderWithProviders(<LoginPage />, {
        route: `/pages/user/login/index?${new URLSearchParams({ callbackUrl })}`,
      });
      await fill('aroha@example.co.nz', 'secret1');
      await submit();
      await waitFor(() => expect(useSession.getState().token).toBe('access-new'));
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.search).toBe('');
    },
  );

  it('a server refusal naming a field (data.errors) shows under that field, not above the form', async () => {
    stubAccountApi({
      'POST /api/sys/auth/retail/login': fieldRefusal(400, 'password', 'must be at most 128 characters'),
    });
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await fill('aroha@example.co.nz', 'secret1');
    await submit();
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Must be at most 128 characters');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server refusal (401) above the form and stays signed out', async () => {
    stubAccountApi({
      'POST /api/sys/auth/retail/login': { status: 401, message: 'The account or password is wrong.' },
    });
    const { router } = renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await fill('aroha@example.co.nz', 'wrong-one');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The account or password is wrong.');
    expect(alert.compareDocumentPosition(screen.getByLabelText('E-mail or phone'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
    expect(screen.getByRole('button', { name: /^Log in as/ }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a 429 (too many tries) with its retry time', async () => {
    stubAccountApi({
      'POST /api/sys/auth/retail/login': {
        status: 429,
        message: 'Too many failed logins. Try again in 15 minutes.',
      },
    });
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await fill('aroha@example.co.nz', 'secret1');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed logins. Try again in 15 minutes.',
    );
  });

  it('says "Processing......" and is off while the call runs', async () => {
    let answer!: () => void;
    stubAccountApi({
      'POST /api/sys/auth/retail/login': () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: loginResult() });
        }),
    });
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    await fill('aroha@example.co.nz', 'secret1');
    await submit();
    const busy = await screen.findByRole('button', { name: 'Processing......' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer();
    await waitFor(() => expect(useSession.getState().token).toBe('access-new'));
  });

  it('shows the password on request', async () => {
    renderWithProviders(<LoginPage />, { route: '/pages/user/login/index' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('shows a notice passed by another page, links to password retrieval and both registers', async () => {
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/pages/user/login/index?callbackUrl=%2Fpages%2Fcart%2Findex',
    });
    await router.navigate('/pages/user/login/index?callbackUrl=%2Fpages%2Fcart%2Findex', {
      state: { notice: 'Your password has changed. Please log in again.' },
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has changed. Please log in again.',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/pages/user/password/retrieve?callbackUrl=%2Fpages%2Fcart%2Findex',
    );
    // Both registers go through the agreement and keep the callback.
    await userEvent.click(screen.getByRole('link', { name: 'Open a wholesale account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'agree with' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/register/windex'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe('/pages/cart/index');
  });
});
