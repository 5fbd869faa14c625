import { MESSAGES } from '@mall/shared/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGE } from '../src/features/account/form-schemas.ts';
import { PASSWORD_RESET_NOTICE } from '../src/features/account/PasswordRetrieveForm.tsx';
import PasswordRetrievePage from '../src/pages/PasswordRetrievePage.tsx';
import { fieldRefusal, stubAccountApi } from './account-api-stub.ts';
import { renderWithProviders } from './helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const messageOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  const el = id ? document.getElementById(id) : null;
  return el?.hasAttribute('data-error') ? el.textContent : null;
};
const ROUTE = '/pages/user/password/retrieve?callbackUrl=%2Fpages%2Fcart%2Findex';

describe('password retrieval', () => {
  it.each([
    ['', MESSAGES.required],
    ['aroha@example', ACCOUNT_MESSAGE],
    ['021 555', ACCOUNT_MESSAGE],
    ['aroha@example.co.nz', null],
    ['0211234567', null],
  ])('account %j → %s', async (value, message) => {
    renderWithProviders(<PasswordRetrievePage />, { route: ROUTE });
    if (value) await userEvent.type(field('E-mail or phone'), value);
    else await userEvent.click(field('E-mail or phone'));
    await userEvent.tab();
    await waitFor(() => expect(messageOf('E-mail or phone')).toBe(message));
  });

  it('sends the code for a password to the account, checks the rules, then resets and leads to login', async () => {
    const api = stubAccountApi({
      'PATCH /api/sys/message/send/code/0211234567': {
        data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
      },
      'PATCH /api/sys/user/forget/pwd': { data: null },
    });
    const { router } = renderWithProviders(<PasswordRetrievePage />, { route: ROUTE });
    await userEvent.type(field('E-mail or phone'), '0211234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60s' });
    expect(api.calls[0]!.url.searchParams.get('purpose')).toBe('password');
    expect(api.calls[0]!.headers.get('Authorization')).toBeNull();

    await userEvent.type(field('Verification code'), '12');
    await userEvent.type(field('New password'), 'newpass1');
    await userEvent.type(field('Confirm new password'), 'newpass2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(messageOf('Verification code')).toBe(MESSAGES.captcha));
    expect(messageOf('Confirm new password')).toBe(MESSAGES.passwordsDiffer);
    expect(api.called('PATCH /api/sys/user/forget/pwd')).toHaveLength(0);

    await userEvent.type(field('Verification code'), '34');
    await userEvent.clear(field('Confirm new password'));
    await userEvent.type(field('Confirm new password'), 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset')).toBeVisible();
    expect(api.called('PATCH /api/sys/user/forget/pwd')[0]!.body).toEqual({
      account: '0211234567',
      code: '1234',
      newPassword: 'newpass1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe('/pages/cart/index');
    expect(router.state.location.state).toEqual({ notice: PASSWORD_RESET_NOTICE });
  });

  it('a wrong code is shown under the code field', async () => {
    stubAccountApi({
      'PATCH /api/sys/user/forget/pwd': fieldRefusal(400, 'code', 'the code is wrong or has expired'),
    });
    renderWithProviders(<PasswordRetrievePage />, { route: ROUTE });
    await userEvent.type(field('E-mail or phone'), 'aroha@example.co.nz');
    await userEvent.type(field('Verification code'), '9999');
    await userEvent.type(field('New password'), 'newpass1');
    await userEvent.type(field('Confirm new password'), 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(messageOf('Verification code')).toBe('The code is wrong or has expired'));
  });
});
