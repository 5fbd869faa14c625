import type { ImportCheck, ImportRow } from '@mall/shared/contract/order-import';
import { UPLOAD_FAILED } from '@mall/shared/contract/order-import';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderImport } from '../src/features/order-import/OrderImport.tsx';
import { readCart } from '../src/state/cart/current-cart.ts';
import { resetCart } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

/**
 * A stand-in XMLHttpRequest: the test says when bytes go out and when the answer comes, as a
 * real upload does over a slow line (a local one is over before a bar could render).
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    this.body = body;
  }
  sent(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent));
  }
  allSent() {
    act(() => this.upload.onload?.());
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const row = (over: Partial<ImportRow> & { row: number }): ImportRow => ({
  code: `KM00000${over.row}-1`,
  countText: '2',
  count: 2,
  note: '',
  status: 'ok',
  reasons: [],
  notice: null,
  mergedInto: null,
  sku: {
    skuId: 100 + over.row,
    goodsId: 10 + over.row,
    code: `KM00000${over.row}-1`,
    name: `Good ${over.row}`,
    skuLabel: '',
    thumbUrl: '',
    price: 10,
    originalPrice: null,
    stock: 50,
    maxCount: null,
    self: false,
    supplierId: 2,
    supplierCode: 'KFF',
    supplierName: 'Kiwi Fresh Foods',
  },
  ...over,
});

const CHECK: ImportCheck = {
  fileName: 'order.xlsx',
  rows: [
    row({ row: 2 }),
    row({ row: 3, code: 'NOPE', sku: null, status: 'problem', reasons: ['Unknown SKU code.'] }),
    row({ row: 4, count: 3, countText: '3' }),
  ],
  summary: { rows: 3, matched: 2, problems: 1, merged: 0 },
};

beforeEach(() => {
  resetCart();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom lays nothing out: the table's scroller is given a size so the virtual rows show.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(480);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const choose = async () => {
  renderWithProviders(<OrderImport />);
  const file = new File([new Uint8Array(1000)], 'order.xlsx');
  await userEvent.upload(screen.getByLabelText('Upload sheet'), file);
  return FakeXhr.last!;
};

describe('order import', () => {
  it('shows the bytes sent on a progress bar, then checking, then the preview', async () => {
    const xhr = await choose();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/org/sale/good/app/import/query');
    expect((xhr.body!.get('file') as File).name).toBe('order.xlsx');
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    xhr.sent(250, 1000);
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Uploading... 25%')).toBeTruthy();
    xhr.sent(600, 1000);
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    xhr.allSent();
    expect(screen.getByText('Checking your sheet...')).toBeTruthy();
    xhr.answer(200, { success: true, code: 200, message: 'success', data: CHECK });
    expect(await screen.findByText('2 matched')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('1 with problems')).toBeTruthy();
  });

  it('filters to the problem rows and adds the matched rows to a guest cart', async () => {
    const xhr = await choose();
    xhr.answer(200, { success: true, code: 200, message: 'success', data: CHECK });
    const table = await screen.findByRole('region', { name: 'Rows of your sheet' });
    expect(table.querySelectorAll('[data-status]')).toHaveLength(3);
    await userEvent.click(screen.getByLabelText('Show only rows with problems'));
    expect([...table.querySelectorAll('[data-status]')].map((r) => r.getAttribute('data-status'))).toEqual([
      'problem',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 matched rows to cart' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^2 lines added to your cart/),
    );
    // The first row of the sheet on top, as the cart shows its newest line.
    expect(readCart().items.map((i) => [i.skuId, i.count, i.skuCode])).toEqual([
      [102, 2, 'KM000002-1'],
      [104, 3, 'KM000004-1'],
    ]);
  });

  it('says the server’s reason for a bad file, and "Upload failed" when no answer came', async () => {
    let xhr = await choose();
    xhr.answer(400, { success: false, code: 400, message: 'The file is empty.', data: null });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is empty.');
    await userEvent.upload(screen.getByLabelText('Upload sheet'), new File(['x'], 'again.csv'));
    xhr = FakeXhr.last!;
    act(() => xhr.onerror?.());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UPLOAD_FAILED));
    await userEvent.upload(screen.getByLabelText('Upload sheet'), new File(['x'], 'third.csv'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    FakeXhr.last!.answer(502, 'Bad gateway');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UPLOAD_FAILED));
  });
});
