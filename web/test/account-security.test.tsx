import { MESSAGES } from '@mall/shared/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHANGED_NOTICE } from '../src/features/account/SecurityForms.tsx';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import LoginPage from '../src/pages/LoginPage.tsx';
import SecurityPage from '../src/pages/SecurityPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, stubAccountApi } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const signIn = (member = retailMember()) =>
  useSession.getState().login({ accessToken: 'acc', refreshToken: 'ref', member });
const card = (name: string) => within(screen.getByRole('region', { name }));
const inCard = (name: string, label: string) => card(name).getByLabelText(label, { selector: 'input' });
const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  const el = id ? document.getElementById(id) : null;
  return el?.hasAttribute('data-error') ? el.textContent : null;
};

describe('change password', () => {
  it('checks the rules (new at least 6, typed twice) and calls nothing while they fail', async () => {
    signIn();
    const api = stubAccountApi({});
    renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    await userEvent.type(inCard('Password', 'New password'), '12345');
    await userEvent.type(inCard('Password', 'Confirm new password'), '123456');
    await userEvent.click(card('Password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messageOf(inCard('Password', 'Current password'))).toBe(MESSAGES.required));
    expect(messageOf(inCard('Password', 'New password'))).toBe(MESSAGES.password);
    expect(messageOf(inCard('Password', 'Confirm new password'))).toBe(MESSAGES.passwordsDiffer);
    expect(api.called('PATCH /api/sys/user/pwd')).toHaveLength(0);
  });

  it('a wrong current password is shown under it and the session stays', async () => {
    signIn();
    stubAccountApi({
      'PATCH /api/sys/user/pwd': fieldRefusal(400, 'oldPassword', 'the current password is wrong'),
    });
    renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    await userEvent.type(inCard('Password', 'Current password'), 'guess');
    await userEvent.type(inCard('Password', 'New password'), 'newpass1');
    await userEvent.type(inCard('Password', 'Confirm new password'), 'newpass1');
    await userEvent.click(card('Password').getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(messageOf(inCard('Password', 'Current password'))).toBe('The current password is wrong'),
    );
    expect(useSession.getState().token).toBe('acc');
  });

  it('on success clears the session and sends the member to login with the message', async () => {
    signIn();
    writeStored(STORAGE_KEYS.cart, [{ id: 1 }]);
    const api = stubAccountApi({ 'PATCH /api/sys/user/pwd': { data: null } });
    const { router } = renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    await userEvent.type(inCard('Password', 'Current password'), 'secret1');
    await userEvent.type(inCard('Password', 'New password'), 'newpass1');
    await userEvent.type(inCard('Password', 'Confirm new password'), 'newpass1');
    await userEvent.click(card('Password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login/index'));
    expect(api.called('PATCH /api/sys/user/pwd')[0]!.body).toEqual({
      oldPassword: 'secret1',
      newPassword: 'newpass1',
    });
    const state = useSession.getState();
    expect([state.token, state.refreshToken, state.member]).toEqual([null, null, null]);
    expect(readStored(STORAGE_KEYS.token)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.member)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
    expect(router.state.location.state).toEqual({ notice: PASSWORD_CHANGED_NOTICE });
    expect(PASSWORD_CHANGED_NOTICE).toBe('Your password has changed. Please log in again.');
  });

  it('the login page then shows the message', async () => {
    const { router } = renderWithProviders(<LoginPage />, { route: '/pages/user/security/index' });
    await router.navigate('/pages/user/login/index', { state: { notice: PASSWORD_CHANGED_NOTICE } });
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_CHANGED_NOTICE);
  });
});

describe('change e-mail', () => {
  it('sends the code to the new e-mail (purpose email) and saves it', async () => {
    signIn();
    const api = stubAccountApi({
      'PATCH /api/sys/message/send/code/new@example.co.nz': {
        data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
      },
      'PATCH /api/sys/user/email': { data: null },
    });
    renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    expect(card('E-mail').getByText('aroha@example.co.nz')).toBeVisible();
    await userEvent.click(card('E-mail').getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(messageOf(inCard('E-mail', 'New e-mail'))).toBe(MESSAGES.required));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.type(inCard('E-mail', 'New e-mail'), 'new@example.co.nz');
    await userEvent.click(card('E-mail').getByRole('button', { name: 'Send code' }));
    await card('E-mail').findByRole('button', { name: 'Resend in 60s' });
    const [send] = api.calls.filter((c) => c.method === 'PATCH');
    expect(send!.url.searchParams.get('purpose')).toBe('email');
    expect(send!.headers.get('Authorization')).toBe('Bearer acc');

    await userEvent.type(inCard('E-mail', 'Verification code'), '4321');
    await userEvent.click(card('E-mail').getByRole('button', { name: 'Change e-mail' }));
    // The current password is asked for too.
    await waitFor(() => expect(messageOf(inCard('E-mail', 'Current password'))).toBe(MESSAGES.required));
    expect(api.called('PATCH /api/sys/user/email')).toHaveLength(0);
    await userEvent.type(inCard('E-mail', 'Current password'), 'secret1');
    await userEvent.click(card('E-mail').getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(useSession.getState().member?.userAccount).toBe('new@example.co.nz'));
    expect(api.called('PATCH /api/sys/user/email')[0]!.body).toEqual({
      email: 'new@example.co.nz',
      code: '4321',
      password: 'secret1',
    });
    expect(toast.success).toHaveBeenCalledWith('Your e-mail is now new@example.co.nz.');
    expect(readStored(STORAGE_KEYS.member)).toMatchObject({ userAccount: 'new@example.co.nz' });
  });
});

describe('change phone', () => {
  it('requires digits, sends the code to the new phone (purpose phone) and saves it', async () => {
    signIn();
    const api = stubAccountApi({
      'PATCH /api/sys/message/send/code/0279876543': {
        data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
      },
      'PATCH /api/sys/user/phone/0279876543': { data: null },
    });
    renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    await userEvent.type(inCard('Phone', 'New phone'), '027 987');
    await userEvent.click(card('Phone').getByRole('button', { name: 'Change phone' }));
    await waitFor(() => expect(messageOf(inCard('Phone', 'New phone'))).toBe(MESSAGES.phone));
    expect(messageOf(inCard('Phone', 'Verification code'))).toBe(MESSAGES.captcha);
    expect(messageOf(inCard('Phone', 'Current password'))).toBe(MESSAGES.required);
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.clear(inCard('Phone', 'New phone'));
    await userEvent.type(inCard('Phone', 'New phone'), '0279876543');
    await userEvent.click(card('Phone').getByRole('button', { name: 'Send code' }));
    await card('Phone').findByRole('button', { name: 'Resend in 60s' });
    expect(api.calls.find((c) => c.method === 'PATCH')!.url.searchParams.get('purpose')).toBe('phone');
    await userEvent.type(inCard('Phone', 'Verification code'), '1234');
    await userEvent.type(inCard('Phone', 'Current password'), 'secret1');
    await userEvent.click(card('Phone').getByRole('button', { name: 'Change phone' }));
    await waitFor(() => expect(useSession.getState().member?.userPhone).toBe('0279876543'));
    // The code and the password go in the JSON body, never in the address.
    const [change] = api.called('PATCH /api/sys/user/phone/0279876543');
    expect([...change!.url.searchParams.keys()]).toEqual([]);
    expect(change!.body).toEqual({ code: '1234', password: 'secret1' });
  });
});

describe('a wrong current password', () => {
  it('is shown under the password of the e-mail change, and nothing else changes', async () => {
    signIn();
    stubAccountApi({
      'PATCH /api/sys/user/email': fieldRefusal(400, 'password', 'The current password is not correct.'),
    });
    renderWithProviders(<SecurityPage />, { route: '/pages/user/security/index' });
    await userEvent.type(inCard('E-mail', 'New e-mail'), 'new@example.co.nz');
    await userEvent.type(inCard('E-mail', 'Verification code'), '4321');
    await userEvent.type(inCard('E-mail', 'Current password'), 'guess1');
    await userEvent.click(card('E-mail').getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() =>
      expect(messageOf(inCard('E-mail', 'Current password'))).toBe('The current password is not correct.'),
    );
    expect(useSession.getState().member?.userAccount).toBe('aroha@example.co.nz');
    expect(inCard('E-mail', 'New e-mail')).toHaveValue('new@example.co.nz');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
