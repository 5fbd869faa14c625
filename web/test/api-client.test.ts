import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from '@mall/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient } from '../src/api/client.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';

const envelope = (
  data: unknown,
  over: Partial<{ success: boolean; code: number; message: string }> = {},
) => ({
  success: true,
  code: 200,
  message: 'success',
  data,
  ...over,
});

const respond = (body: unknown, init: ResponseInit = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    ...init,
  });

let fetchMock: ReturnType<typeof vi.fn>;
const toasts: string[] = [];
const expired: string[] = [];

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  toasts.length = 0;
  expired.length = 0;
  configureApiClient({ toast: (m) => toasts.push(m), sessionExpired: (m) => expired.push(m) });
  useSession.setState({ token: null, refreshToken: null, member: null, orgId: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const sentHeaders = () => new Headers((fetchMock.mock.calls[0]![1] as RequestInit).headers);

describe('the API client', () => {
  it('unwraps the envelope and resolves with data', async () => {
    fetchMock.mockResolvedValue(respond(envelope({ id: 7 })));
    await expect(api.get('/api/sys/org/nz/stock')).resolves.toEqual({ id: 7 });
  });

  it('sends the store header on every call and the session headers when known', async () => {
    fetchMock.mockResolvedValue(respond(envelope(null)));
    await api.get('/api/x');
    let h = sentHeaders();
    expect(h.get('store')).toBe('1');
    expect(h.get('Authorization')).toBeNull();
    expect(h.get('orgId')).toBeNull();

    fetchMock.mockClear();
    fetchMock.mockResolvedValue(respond(envelope(null)));
    useSession.setState({ token: 'acc', refreshToken: 'ref', orgId: 3 });
    await api.get('/api/x');
    h = sentHeaders();
    expect(h.get('Authorization')).toBe('Bearer acc');
    expect(h.get('X-Refresh-Token')).toBe('ref');
    expect(h.get('orgId')).toBe('3');
  });

  it('leaves the token off a call marked unauthenticated', async () => {
    useSession.setState({ token: 'acc', refreshToken: 'ref' });
    fetchMock.mockResolvedValue(respond(envelope(null)));
    await api.get('/api/x', { auth: false });
    expect(sentHeaders().get('Authorization')).toBeNull();
  });

  it('encodes query parameters and JSON bodies', async () => {
    fetchMock.mockResolvedValue(respond(envelope(null)));
    await api.post('/api/cart/app/add', { skuId: 1, count: 2 }, { query: { a: 'x y', b: undefined, c: 0 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/cart/app/add?a=x+y&c=0');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"skuId":1,"count":2}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('shows success:false as a toast and rejects with the message and code', async () => {
    fetchMock.mockResolvedValue(
      respond(envelope(null, { success: false, code: 409, message: 'Out of stock' })),
    );
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Out of stock', code: 409 });
    expect(toasts).toEqual(['Out of stock']);
  });

  it("carries the refusal's reason, the status's when the answer gives none, and none without an answer", async () => {
    fetchMock.mockResolvedValueOnce(
      respond(
        {
          ...envelope(null, { success: false, code: 409, message: 'Reworded at will' }),
          reason: 'cart.mixing',
        },
        { status: 409 },
      ),
    );
    expect(await api.get('/api/x').catch((e: unknown) => e)).toMatchObject({ reason: 'cart.mixing' });
    fetchMock.mockResolvedValueOnce(respond('<html>Bad gateway</html>', { status: 502 }));
    expect(await api.get('/api/x').catch((e: unknown) => e)).toMatchObject({ reason: 'server.upstream' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await api.get('/api/x').catch((e: unknown) => e)).toMatchObject({ reason: null, code: 0 });
  });

  it('a refusal naming fields carries them (data.errors) beside its message; one in plain words carries none', async () => {
    const errors = [{ field: 'postcode', message: 'A New Zealand postcode is 4 digits' }];
    fetchMock.mockResolvedValueOnce(
      respond(
        envelope(
          { errors },
          { success: false, code: 400, message: 'postcode: A New Zealand postcode is 4 digits' },
        ),
        { status: 400 },
      ),
    );
    await expect(api.post('/api/x', {})).rejects.toMatchObject({
      message: 'postcode: A New Zealand postcode is 4 digits',
      code: 400,
      fieldErrors: errors,
    });
    fetchMock.mockResolvedValueOnce(
      respond(envelope(null, { success: false, code: 409, message: 'Out of stock' })),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ fieldErrors: [] });
  });

  it('lets a call turn the toast off', async () => {
    fetchMock.mockResolvedValue(respond(envelope(null, { success: false, code: 400, message: 'Nope' })));
    await expect(api.get('/api/x', { toast: false })).rejects.toThrow('Nope');
    expect(toasts).toEqual([]);
  });

  it('treats a non-2xx status as a failure even without an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, code: 502 });
    expect(toasts[0]).toContain('502');
  });

  it('leaves the call unresolved when catching is off', async () => {
    fetchMock.mockResolvedValue(respond(envelope(null, { success: false, code: 400, message: 'Bad' })));
    const settled = vi.fn();
    api.get('/api/x', { catch: false }).then(settled, settled);
    // The toast is shown once the failure is handled; a call that settled would have done so by now.
    await vi.waitFor(() => expect(toasts).toEqual(['Bad']));
    expect(settled).not.toHaveBeenCalled();
  });

  it('aborts after the 60 s timeout with a clear message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const pending = api.get('/api/slow');
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ message: 'The request timed out. Please try again.' });
  });

  it('stores refreshed tokens from the response headers with their lifetimes', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    useSession.setState({ token: 'old', refreshToken: 'old-r' });
    fetchMock.mockResolvedValue(
      respond(envelope(1), { headers: { 'X-Access-Token': 'new-a', 'X-Refresh-Token': 'new-r' } }),
    );
    await api.get('/api/x');
    expect(useSession.getState()).toMatchObject({ token: 'new-a', refreshToken: 'new-r' });
    expect(readStored(STORAGE_KEYS.token, 1_000_000 + ACCESS_TOKEN_TTL_MS - 1)).toBe('new-a');
    expect(readStored(STORAGE_KEYS.token, 1_000_000 + ACCESS_TOKEN_TTL_MS)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.refreshToken, 1_000_000 + REFRESH_TOKEN_TTL_MS - 1)).toBe('new-r');
  });

  it("ignores the token value 'invalid_token'", async () => {
    useSession.setState({ token: 'good', refreshToken: 'good-r' });
    fetchMock.mockResolvedValue(
      respond(envelope(1), {
        headers: { 'X-Access-Token': 'invalid_token', 'X-Refresh-Token': 'invalid_token' },
      }),
    );
    await api.get('/api/x');
    expect(useSession.getState()).toMatchObject({ token: 'good', refreshToken: 'good-r' });
  });

  it('on body code 401 while logged in clears the session and raises the Tip with the server message', async () => {
    useSession
      .getState()
      .login({ accessToken: 'a', refreshToken: 'r', member: retailMember({ userName: 'Mere' }) });
    writeStored(STORAGE_KEYS.cart, [{ id: 1 }]);
    fetchMock.mockResolvedValue(
      respond(envelope(null, { success: false, code: 401, message: 'Your session has expired.' })),
    );
    await expect(api.get('/api/sys/auth/user/info')).rejects.toMatchObject({ code: 401 });
    expect(expired).toEqual(['Your session has expired.']);
    expect(toasts).toEqual([]);
    expect(useSession.getState()).toMatchObject({ token: null, refreshToken: null, member: null });
    expect(readStored(STORAGE_KEYS.token)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.member)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
  });

  it('on 401 as a guest just fails like any other call', async () => {
    fetchMock.mockResolvedValue(
      respond(envelope(null, { success: false, code: 401, message: 'Please log in first.' })),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(expired).toEqual([]);
    expect(toasts).toEqual(['Please log in first.']);
  });

  it("with another token source (the back office's) sends its token only, and a refused token goes back to it, never ending the member's session", async () => {
    useSession
      .getState()
      .login({ accessToken: 'member', refreshToken: 'r', member: retailMember({ userName: 'Mere' }) });
    useSession.getState().setOrgId(3);
    const refused: string[] = [];
    const credentials = { token: () => 'operator', refused: (m: string) => refused.push(m) };
    fetchMock.mockResolvedValue(
      respond(envelope({ id: 1 }), { headers: { 'X-Access-Token': 'x', 'X-Refresh-Token': 'y' } }),
    );
    await expect(api.get('/api/admin/me', { credentials })).resolves.toEqual({ id: 1 });
    const h = sentHeaders();
    expect(h.get('Authorization')).toBe('Bearer operator');
    expect(h.get('X-Refresh-Token')).toBeNull();
    expect(h.get('orgId')).toBeNull();
    // The answer's token headers are not the member's: the member's tokens stay as they were.
    expect(useSession.getState()).toMatchObject({ token: 'member', refreshToken: 'r' });

    fetchMock.mockResolvedValue(
      respond(envelope(null, { success: false, code: 401, message: 'Please log in again.' }), {
        status: 401,
      }),
    );
    await expect(api.get('/api/admin/me', { credentials, toast: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(refused).toEqual(['Please log in again.']);
    expect(expired).toEqual([]);
    expect(useSession.getState().member).not.toBeNull();
  });

  it('passes binary responses straight through', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([80, 75, 3, 4]), { status: 200 }));
    const blob = await api.get<Blob>('/api/sale/order/sale/import/template', { responseType: 'blob' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });

  it('reports a network failure as a toast and a rejection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 0 });
    expect(toasts[0]).toMatch(/Network error/);
  });

  it('a 401 answer to a call sent without the token (a wrong password at login) leaves the session alone', async () => {
    useSession.getState().login({ accessToken: 'a', refreshToken: 'r', member: retailMember() });
    fetchMock.mockResolvedValue(
      respond(envelope(null, { success: false, code: 401, message: 'The account or password is wrong.' }), {
        status: 401,
      }),
    );
    await expect(
      api.post('/api/sys/auth/retail/login', { account: 'x', password: 'y' }, { auth: false, toast: false }),
    ).rejects.toMatchObject({ code: 401, message: 'The account or password is wrong.' });
    expect(sentHeaders().get('Authorization')).toBeNull();
    expect(expired).toEqual([]);
    expect(useSession.getState().token).toBe('a');
  });

  it('uploads one file as multipart form data (field `file` unless told), without a JSON content type', async () => {
    useSession.setState({ token: 'acc', refreshToken: 'ref' });
    fetchMock.mockResolvedValue(respond(envelope({ url: '/uploads/a.png', name: 'a.png' })));
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    await expect(api.upload('/api/sys/file/upload/avatar', file)).resolves.toEqual({
      url: '/uploads/a.png',
      name: 'a.png',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/sys/file/upload/avatar');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('a.png');
    const headers = sentHeaders();
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toBe('Bearer acc');

    fetchMock.mockClear();
    fetchMock.mockResolvedValue(respond(envelope(null)));
    await api.upload('/api/org/sale/good/app/import/query', file, {
      field: 'sheet',
      fileName: 'order.xlsx',
      fields: { supplier: 'KFF' },
    });
    const other = (fetchMock.mock.calls[0]![1] as RequestInit).body as FormData;
    expect((other.get('sheet') as File).name).toBe('order.xlsx');
    expect(other.get('supplier')).toBe('KFF');
  });
});
