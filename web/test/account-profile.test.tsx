import { AVATAR_MAX_BYTES } from '@mall/shared/contract/account';
import { MESSAGES } from '@mall/shared/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_TYPE_MESSAGE, avatarSizeMessage } from '../src/features/account/AvatarUpload.tsx';
import { PROFILE_SAVED } from '../src/features/account/ProfileForm.tsx';
import { readStored, STORAGE_KEYS } from '../src/lib/storage.ts';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, stubAccountApi } from './account-api-stub.ts';
import { retailMember, wholesaleMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
  vi.mocked(toast.success).mockClear();
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const signIn = (member = retailMember()) =>
  useSession.getState().login({ accessToken: 'acc', refreshToken: 'ref', member });
const field = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' });
const messageOf = (label: string | RegExp) => {
  const id = field(label).getAttribute('aria-describedby');
  const el = id ? document.getElementById(id) : null;
  return el?.hasAttribute('data-error') ? el.textContent : null;
};
const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe('profile (retail)', () => {
  it('checks the nickname rule and calls nothing while it fails', async () => {
    signIn();
    const api = stubAccountApi({ 'GET /api/sys/auth/user/info': { data: retailMember() } });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), '9lives');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf('Nickname')).toBe(MESSAGES.nickname));
    expect(api.called('PUT /api/retail/customer/edit')).toHaveLength(0);
  });

  it('saves name, licence and address, updates the stored member and says so', async () => {
    const member = retailMember();
    signIn(member);
    const api = stubAccountApi({ 'PUT /api/retail/customer/edit': { data: null } });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    expect((field('Nickname') as HTMLInputElement).value).toBe('Aroha');
    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), 'Aroha_NZ');
    await userEvent.clear(field(/^Address/));
    await userEvent.type(field(/^Address/), '2 Wharf Street, Napier');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_SAVED));
    expect(api.called('PUT /api/retail/customer/edit')[0]!.body).toEqual({
      userName: 'Aroha_NZ',
      driverLicense: 'DL123456',
      address: '2 Wharf Street, Napier',
      avatarUrl: null,
    });
    expect(useSession.getState().member).toMatchObject({
      userName: 'Aroha_NZ',
      address: '2 Wharf Street, Napier',
    });
    expect(readStored(STORAGE_KEYS.member)).toMatchObject({ userName: 'Aroha_NZ' });
  });

  it('takes the member the server answers with, when it answers with one', async () => {
    signIn();
    const saved = retailMember({ userName: 'Aroha_NZ', userNo: 'R000012', avatarUrl: '/uploads/a.png' });
    stubAccountApi({ 'PUT /api/retail/customer/edit': { data: saved } });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), 'Aroha_NZ');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(useSession.getState().member).toEqual(saved));
  });

  it('refuses a file that is not a picture, or over 2 MB, without uploading', async () => {
    signIn();
    const api = stubAccountApi({});
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    const input = screen.getByLabelText('Profile picture');
    await userEvent.upload(input, file('notes.pdf', 'application/pdf', 1000), { applyAccept: false });
    expect((await screen.findByRole('alert')).textContent).toBe(AVATAR_TYPE_MESSAGE);
    await userEvent.upload(input, file('huge.png', 'image/png', AVATAR_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toBe(avatarSizeMessage(AVATAR_MAX_BYTES + 1));
    expect(screen.getByRole('alert').textContent).toContain('at most 2 MB');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('uploads a picture of exactly 2 MB as multipart `file`, then saves it with the profile', async () => {
    signIn();
    const api = stubAccountApi({
      'POST /api/sys/file/upload/avatar': { data: { url: '/uploads/avatars/12/me.png', name: 'me.png' } },
      'PUT /api/retail/customer/edit': { data: null },
    });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    await userEvent.upload(
      screen.getByLabelText('Profile picture'),
      file('me.png', 'image/png', AVATAR_MAX_BYTES),
    );
    expect(await screen.findByText('Picture uploaded. Choose Save changes to keep it.')).toBeVisible();
    const [upload] = api.called('POST /api/sys/file/upload/avatar');
    const form = upload!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('me.png');
    expect(upload!.headers.get('Content-Type')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.called('PUT /api/retail/customer/edit')).toHaveLength(1));
    expect(api.called('PUT /api/retail/customer/edit')[0]!.body).toMatchObject({
      avatarUrl: '/uploads/avatars/12/me.png',
    });
    await waitFor(() => expect(useSession.getState().member?.avatarUrl).toBe('/uploads/avatars/12/me.png'));
  });

  it("shows the server's refusal of a picture", async () => {
    signIn();
    stubAccountApi({
      'POST /api/sys/file/upload/avatar': fieldRefusal(
        400,
        'file',
        'this file is not a PNG, JPEG, WebP or GIF picture',
      ),
    });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    await userEvent.upload(screen.getByLabelText('Profile picture'), file('fake.png', 'image/png', 100));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a PNG, JPEG, WebP or GIF picture',
    );
    expect(useSession.getState().member?.avatarUrl).toBeNull();
  });
});

describe('profile (wholesale)', () => {
  it('edits contact name and address (both required); company details are shown, not edited', async () => {
    const member = wholesaleMember();
    signIn(member);
    const api = stubAccountApi({ 'PUT /api/retail/customer/edit': { data: null } });
    renderWithProviders(<ProfilePage />, { route: '/pages/user/profile/index' });
    expect(screen.getByText('Tui Traders Ltd')).toBeVisible();
    expect(screen.getByText('9429041234563')).toBeVisible();
    expect(screen.queryByLabelText(/Driver licence/)).toBeNull();
    await userEvent.clear(field('Contact name'));
    await userEvent.clear(field('Business address'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf('Contact name')).toBe(MESSAGES.required));
    expect(messageOf('Business address')).toBe(MESSAGES.required);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(field('Contact name'), 'Mere Walker');
    await userEvent.type(field('Business address'), '9 Dock Road, Tauranga');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.called('PUT /api/retail/customer/edit')).toHaveLength(1));
    expect(api.called('PUT /api/retail/customer/edit')[0]!.body).toEqual({
      userName: 'Mere Walker',
      address: '9 Dock Road, Tauranga',
      avatarUrl: null,
    });
    await waitFor(() => expect(useSession.getState().member?.userName).toBe('Mere Walker'));
  });
});
