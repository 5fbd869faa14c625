import { MESSAGES } from '@mall/shared/validation';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RegisterRetailPage from '../src/pages/RegisterRetailPage.tsx';
import RegisterWholesalePage from '../src/pages/RegisterWholesalePage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, type Reply, stubAccountApi } from './account-api-stub.ts';
import { loginResult, retailMember, wholesaleMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
  vi.mocked(toast.success).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const field = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' });
/** The message shown under a field (its description), or null. */
const messageOf = (label: string | RegExp) => {
  const input = field(label);
  const id = input.getAttribute('aria-describedby');
  const el = id ? document.getElementById(id) : null;
  return el?.hasAttribute('data-error') ? el.textContent : null;
};
const typeInto = async (label: string | RegExp, value: string) => {
  const input = field(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  await userEvent.tab();
};

const RETAIL_OK: [string | RegExp, string][] = [
  ['Nickname', 'Aroha_22'],
  [/^Phone/, '0211234567'],
  ['E-mail', 'aroha@example.co.nz'],
  ['Password', 'secret1'],
  ['Confirm password', 'secret1'],
  ['Verification code', '1234'],
  [/^Driver licence/, 'DL123456'],
  [/^Address/, '1 Queen Street, Auckland'],
];

describe('retail register: the form rules at their edges', () => {
  it.each([
    ['Nickname', 'A', MESSAGES.nickname],
    ['Nickname', '1abc', MESSAGES.nickname],
    ['Nickname', `a${'b'.repeat(21)}`, MESSAGES.nickname],
    ['Nickname', 'Ab', null],
    ['Nickname', `a${'b'.repeat(20)}`, null],
    ['Nickname', 'Māui_7', null],
    ['E-mail', '', MESSAGES.required],
    ['E-mail', 'aroha@example', MESSAGES.email],
    ['E-mail', 'aroha@example.c', MESSAGES.email],
    ['E-mail', 'aroha@example.nz', null],
    ['E-mail', 'aroha@192.168.1.20', null],
    [/^Phone/, '021 123', MESSAGES.phone],
    [/^Phone/, '+6421', MESSAGES.phone],
    [/^Phone/, '', null],
    ['Password', '12345', MESSAGES.password],
    ['Password', '123456', null],
    ['Verification code', '123', MESSAGES.captcha],
    ['Verification code', '12a4', MESSAGES.captcha],
    ['Verification code', '1234', null],
  ])('%s = %j → %s', async (label, value, message) => {
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await typeInto(label, value);
    await waitFor(() => expect(messageOf(label)).toBe(message));
  });

  it('the two passwords must match, and the message follows the first password', async () => {
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await typeInto('Password', 'secret1');
    await typeInto('Confirm password', 'secret2');
    await waitFor(() => expect(messageOf('Confirm password')).toBe(MESSAGES.passwordsDiffer));
    await typeInto('Password', 'secret2');
    await waitFor(() => expect(messageOf('Confirm password')).toBeNull());
  });

  it('typing the password does not flag the confirmation before it is filled in', async () => {
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await typeInto('Password', 'secret1');
    await userEvent.type(field('Password'), 'x');
    await waitFor(() => expect(messageOf('Password')).toBeNull());
    expect(messageOf('Confirm password')).toBeNull();
  });

  it('submitting an invalid form shows every message and calls nothing', async () => {
    const api = stubAccountApi({});
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(messageOf('Nickname')).toBe(MESSAGES.nickname));
    expect(messageOf('E-mail')).toBe(MESSAGES.required);
    expect(messageOf('Password')).toBe(MESSAGES.password);
    expect(messageOf('Confirm password')).toBe(MESSAGES.required);
    expect(messageOf('Verification code')).toBe(MESSAGES.captcha);
    expect(messageOf(/^Phone/)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});

describe('send code', () => {
  it('is refused while the e-mail is not valid (no call)', async () => {
    const api = stubAccountApi({});
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await userEvent.type(field('E-mail'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(messageOf('E-mail')).toBe(MESSAGES.email));
    expect(api.calls).toHaveLength(0);
  });

  it('sends to the e-mail for register, then counts down 60 s before another send', async () => {
    vi.useFakeTimers();
    const api = stubAccountApi({
      'PATCH /api/sys/message/send/code/aroha@example.co.nz': {
        data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
      },
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    fireEvent.input(field('E-mail'), { target: { value: 'aroha@example.co.nz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const button = screen.getByRole('button', { name: 'Resend in 60s' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const [call] = api.calls;
    expect(call!.method).toBe('PATCH');
    expect(call!.url.pathname).toBe('/api/sys/message/send/code/aroha%40example.co.nz');
    expect(call!.url.searchParams.get('purpose')).toBe('register');
    expect(
      screen.getByText('We sent a 4-digit code to aroha@example.co.nz. It is valid for 10 minutes.'),
    ).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Resend in 59s' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Resend in 1s' }));
    expect(api.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const again = screen.getByRole('button', { name: 'Resend code' });
    expect(again.hasAttribute('disabled')).toBe(false);
    fireEvent.click(again);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.calls).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Resend in 60s' })).toBeVisible();
  });

  it('a refused send shows under the e-mail it was for (the call names it `target`)', async () => {
    stubAccountApi({
      'PATCH /api/sys/message/send/code/taken@example.co.nz': fieldRefusal(
        409,
        'target',
        'this e-mail is already registered',
      ),
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await userEvent.type(field('E-mail'), 'taken@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(messageOf('E-mail')).toBe('This e-mail is already registered'));
    expect(screen.getByRole('button', { name: 'Send code' }).hasAttribute('disabled')).toBe(false);
  });

  it('any other refused send (e.g. too soon) shows under the code', async () => {
    stubAccountApi({
      'PATCH /api/sys/message/send/code/aroha@example.co.nz': {
        status: 429,
        message: 'Please wait 42 seconds before asking for another code.',
      },
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await userEvent.type(field('E-mail'), 'aroha@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(messageOf('Verification code')).toBe('Please wait 42 seconds before asking for another code.'),
    );
  });
});

describe('retail register: submit', () => {
  const fillAll = async () => {
    for (const [label, value] of RETAIL_OK) await userEvent.type(field(label), value);
  };

  it('sends every field but the confirmation, signs in and opens the personal centre with a welcome', async () => {
    const member = retailMember({ userName: 'Aroha_22' });
    const api = stubAccountApi({ 'POST /api/retail/customer/register': { data: loginResult(member) } });
    const { router } = renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/index'));
    expect(api.called('POST /api/retail/customer/register')[0]!.body).toEqual({
      userName: 'Aroha_22',
      userPhone: '0211234567',
      userAccount: 'aroha@example.co.nz',
      password: 'secret1',
      code: '1234',
      driverLicense: 'DL123456',
      address: '1 Queen Street, Auckland',
    });
    expect(useSession.getState()).toMatchObject({ token: 'access-new', member });
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('Welcome to Kauri Mall, Aroha_22'));
  });

  it('goes back to the callbackUrl when one was given', async () => {
    stubAccountApi({ 'POST /api/retail/customer/register': { data: loginResult() } });
    const { router } = renderWithProviders(<RegisterRetailPage />, {
      route: '/pages/user/register/index?callbackUrl=%2Fpages%2Fcart%2Findex',
    });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/cart/index'));
  });

  it('a server message naming a field shows under that field; others show above the form', async () => {
    let reply: Reply = fieldRefusal(409, 'userAccount', 'this e-mail is already registered');
    stubAccountApi({ 'POST /api/retail/customer/register': () => reply });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(messageOf('E-mail')).toBe('This e-mail is already registered'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useSession.getState().token).toBeNull();

    reply = { status: 400, message: 'The verification code is wrong or has expired.' };
    await userEvent.clear(field('E-mail'));
    await userEvent.type(field('E-mail'), 'other@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The verification code is wrong or has expired.',
    );
  });
});

describe('retail register: field errors from the server', () => {
  const fillAll = async () => {
    for (const [label, value] of RETAIL_OK) await userEvent.type(field(label), value);
  };

  it('each field the server names in data.errors lands under its own field, the first of each', async () => {
    stubAccountApi({
      'POST /api/retail/customer/register': {
        status: 400,
        message: 'userName: must start with a letter',
        errors: [
          { field: 'userName', message: 'must start with a letter' },
          { field: 'userPhone', message: 'this phone number is already registered' },
          { field: 'userName', message: 'a second word about the nickname' },
          { field: 'somethingElse', message: 'not a field of this form' },
        ],
      },
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(messageOf('Nickname')).toBe('Must start with a letter'));
    expect(messageOf(/^Phone/)).toBe('This phone number is already registered');
    expect(messageOf('E-mail')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(field('Nickname'));
  });

  it('a message that only looks like "field: message", without data.errors, shows above the form as sent', async () => {
    stubAccountApi({
      'POST /api/retail/customer/register': {
        status: 409,
        message: 'userAccount: this e-mail is already registered',
      },
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'userAccount: this e-mail is already registered',
    );
    expect(messageOf('E-mail')).toBeNull();
  });

  it('a nested field path names the form field by its last step', async () => {
    stubAccountApi({
      'POST /api/retail/customer/register': fieldRefusal(
        400,
        'member.driverLicense',
        'is not a licence number',
      ),
    });
    renderWithProviders(<RegisterRetailPage />, { route: '/pages/user/register/index' });
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(messageOf(/^Driver licence/)).toBe('Is not a licence number'));
  });
});

describe('wholesale register', () => {
  const WHOLESALE_OK: [string | RegExp, string][] = [
    ['Company trading name', 'Tui Traders Ltd'],
    ['Company number', '1234567'],
    ['NZBN', '9429041234563'],
    ['Business address', '7 Dock Road, Tauranga'],
    ['Contact name', 'Hemi Walker'],
    ['Phone', '093334444'],
    ['E-mail', 'buying@tuitraders.co.nz'],
    ['Password', 'secret1'],
    ['Confirm password', 'secret1'],
    ['Verification code', '1234'],
  ];

  it('shows every company and contact field', () => {
    renderWithProviders(<RegisterWholesalePage />, { route: '/pages/user/register/windex' });
    for (const [label] of WHOLESALE_OK) expect(field(label)).toBeVisible();
  });

  it.each([
    ['NZBN', '9429041234564', MESSAGES.nzbn],
    ['NZBN', '942904123456', MESSAGES.nzbn],
    ['NZBN', '94290412345', MESSAGES.nzbn],
    ['NZBN', '942904123456a', MESSAGES.nzbn],
    ['NZBN', '9429041234563', null],
    ['Company number', '12a4', 'A company number has digits only'],
    ['Company number', '', MESSAGES.required],
    ['Company trading name', '', MESSAGES.required],
    ['Business address', '', MESSAGES.required],
    ['Contact name', '', MESSAGES.required],
    ['Phone', '', MESSAGES.required],
    ['Phone', '09-333', MESSAGES.phone],
  ])('%s = %j → %s', async (label, value, message) => {
    renderWithProviders(<RegisterWholesalePage />, { route: '/pages/user/register/windex' });
    await typeInto(label, value);
    await waitFor(() => expect(messageOf(label)).toBe(message));
  });

  it('an invalid form calls nothing', async () => {
    const api = stubAccountApi({});
    renderWithProviders(<RegisterWholesalePage />, { route: '/pages/user/register/windex' });
    for (const [label, value] of WHOLESALE_OK)
      if (label !== 'NZBN') await userEvent.type(field(label), value);
    await userEvent.type(field('NZBN'), '9429041234560');
    await userEvent.click(screen.getByRole('button', { name: 'Open my wholesale account' }));
    await waitFor(() => expect(messageOf('NZBN')).toBe(MESSAGES.nzbn));
    expect(api.calls).toHaveLength(0);
  });

  it('registers, signs in and welcomes the company', async () => {
    const member = wholesaleMember();
    const api = stubAccountApi({ 'POST /api/wholesale/customer/register': { data: loginResult(member) } });
    const { router } = renderWithProviders(<RegisterWholesalePage />, {
      route: '/pages/user/register/windex',
    });
    for (const [label, value] of WHOLESALE_OK) await userEvent.type(field(label), value);
    await userEvent.click(screen.getByRole('button', { name: 'Open my wholesale account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/index'));
    expect(api.called('POST /api/wholesale/customer/register')[0]!.body).toEqual({
      companyTradingName: 'Tui Traders Ltd',
      companyNumber: '1234567',
      nzbn: '9429041234563',
      address: '7 Dock Road, Tauranga',
      userName: 'Hemi Walker',
      userAccount: 'buying@tuitraders.co.nz',
      userPhone: '093334444',
      password: 'secret1',
      code: '1234',
    });
    expect(useSession.getState().member).toEqual(member);
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('Tui Traders Ltd'));
  });

  it('a refusal naming the NZBN shows under the NZBN', async () => {
    stubAccountApi({
      'POST /api/wholesale/customer/register': fieldRefusal(409, 'nzbn', 'this NZBN already has an account'),
    });
    renderWithProviders(<RegisterWholesalePage />, { route: '/pages/user/register/windex' });
    for (const [label, value] of WHOLESALE_OK) await userEvent.type(field(label), value);
    await userEvent.click(screen.getByRole('button', { name: 'Open my wholesale account' }));
    await waitFor(() => expect(messageOf('NZBN')).toBe('This NZBN already has an account'));
  });
});
