import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_QUESTION, DELETE_QUESTION, RECEIPT_QUESTION } from '../src/features/orders/OrderActions.tsx';
import OrderListPage from '../src/pages/OrderListPage.tsx';
import { renderWithProviders } from './helpers.tsx';
import { orderLine, orderServer, orderSummary, signInMember, signOut } from './orders-fixtures.ts';

beforeEach(signInMember);
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const openList = (route = '/pages/order/index') => renderWithProviders(<OrderListPage />, { route });
const tab = (status: string) => document.querySelector<HTMLAnchorElement>(`[data-tab="${status}"]`)!;
const tabCount = (status: string) => tab(status).querySelector('[data-tab-count]')?.textContent ?? null;
const card = (orderNo: string) => screen.getByRole('article', { name: `Order ${orderNo}` });
const actionNames = (el: HTMLElement) =>
  [
    ...within(el.querySelector('[data-order-actions]') as HTMLElement).queryAllByRole('button'),
    ...within(el.querySelector('[data-order-actions]') as HTMLElement).queryAllByRole('link'),
  ]
    .map((b) => b.textContent)
    .sort();
const listCalls = (server: ReturnType<typeof orderServer>) => server.called('GET /api/sale/order/app/list');

const MIXED = [
  orderSummary({ id: 6, status: '4', payStatus: '0' }),
  orderSummary({ id: 5, status: '3' }),
  orderSummary({ id: 4, status: '2' }),
  orderSummary({ id: 3, status: '1' }),
  orderSummary({ id: 2, status: '1' }),
  orderSummary({ id: 1, status: '0', payStatus: '0', payDeadline: '2099-01-01T00:00:00.000Z' }),
];

describe('My Order: tabs', () => {
  it('shows each tab with its badge count and opens the tab named in the URL', async () => {
    const server = orderServer(MIXED);
    openList('/pages/order/index?status=1');
    await screen.findByRole('article', { name: 'Order NZ20261123003' });
    expect(tab('1').getAttribute('aria-current')).toBe('page');
    expect(tab('all').getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(tabCount('all')).toBe('6'));
    expect(['0', '1', '2', '3', '4'].map(tabCount)).toEqual(['1', '2', '1', '1', '1']);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Order NZ20261123003',
      'Order NZ20261123002',
    ]);
    const query = listCalls(server)[0]!.url.searchParams;
    expect([query.get('status'), query.get('pageNum'), query.get('pageSize')]).toEqual(['1', '1', '10']);
  });

  it('a tab puts its status in the URL, and back returns to the previous tab', async () => {
    const server = orderServer(MIXED);
    const { router } = openList('/pages/order/index?status=1');
    await screen.findByRole('article', { name: 'Order NZ20261123003' });
    await userEvent.click(tab('2'));
    await screen.findByRole('article', { name: 'Order NZ20261123004' });
    expect(router.state.location.search).toBe('?status=2');
    expect(tab('2').getAttribute('aria-current')).toBe('page');
    expect(listCalls(server).at(-1)!.url.searchParams.get('status')).toBe('2');
    await userEvent.click(tab('all'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(router.state.location.search).toBe('');
    expect(listCalls(server).at(-1)!.url.searchParams.has('status')).toBe(false);
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?status=2'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('an unknown status in the URL shows All', async () => {
    orderServer(MIXED);
    openList('/pages/order/index?status=9');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(tab('all').getAttribute('aria-current')).toBe('page');
  });

  it('each tab has its own empty state', async () => {
    orderServer([orderSummary({ id: 2, status: '1' })]);
    openList('/pages/order/index?status=4');
    expect(await screen.findByText('No cancelled orders')).toBeVisible();
    await userEvent.click(tab('0'));
    expect(await screen.findByText('Nothing waiting for payment')).toBeVisible();
  });

  it('pages ten at a time, the page kept in the URL', async () => {
    const many = Array.from({ length: 12 }, (_, i) => orderSummary({ id: 12 - i, status: '1' }));
    const server = orderServer(many);
    const { router } = openList();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(router.state.location.search).toBe('?pageNum=2');
    expect(listCalls(server).at(-1)!.url.searchParams.get('pageNum')).toBe('2');
  });

  it('a list that cannot load says so and tries again', async () => {
    const server = orderServer([], { 'GET /api/sale/order/app/list': { status: 500, message: 'Boom' } });
    openList();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
  });
});

describe('My Order: actions per status', () => {
  it('shows only what each status allows', async () => {
    const rated = orderSummary({ id: 7, status: '3', lines: [orderLine({ id: 71, commented: true })] });
    orderServer([...MIXED, rated]);
    openList();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(7));
    expect(actionNames(card('NZ20261123001'))).toEqual(['Cancel order', 'Pay now', 'View detail']);
    expect(actionNames(card('NZ20261123002'))).toEqual(['Invoice', 'View detail']);
    expect(actionNames(card('NZ20261123004'))).toEqual(['Confirm receipt', 'Invoice', 'View detail']);
    expect(actionNames(card('NZ20261123005'))).toEqual(['Delete', 'Invoice', 'Rate goods', 'View detail']);
    expect(actionNames(card('NZ20261123007'))).toEqual(['Delete', 'Invoice', 'View detail']);
    expect(actionNames(card('NZ20261123006'))).toEqual(['Delete', 'View detail']);

    const pending = within(card('NZ20261123001'));
    expect(pending.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/pages/order/pay/index?orderId=1',
    );
    expect(pending.getByRole('link', { name: 'View detail' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=1',
    );
    expect(within(card('NZ20261123005')).getByRole('link', { name: 'Rate goods' }).getAttribute('href')).toBe(
      '/pages/order/comment/detail?orderId=5&lineId=51',
    );
    expect(card('NZ20261123001').textContent).toContain('to pay');
    expect(card('NZ20261123002').querySelector('[data-order-total]')!.textContent).toBe('$33.00');
  });

  it('Rate goods of an order with several unrated lines opens the comment page', async () => {
    orderServer([
      orderSummary({ id: 5, status: '3', lines: [orderLine({ id: 51 }), orderLine({ id: 52 })] }),
    ]);
    openList();
    expect((await screen.findByRole('link', { name: 'Rate goods' })).getAttribute('href')).toBe(
      '/pages/order/comment/index',
    );
  });

  it('cancel asks first, then PATCHes and refreshes the list and the badges', async () => {
    const server = orderServer(MIXED);
    openList('/pages/order/index?status=0');
    const pending = await screen.findByRole('article', { name: 'Order NZ20261123001' });
    await waitFor(() => expect(tabCount('0')).toBe('1'));

    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(CANCEL_QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.called('PATCH /api/sale/order/cancel/1')).toHaveLength(0);

    const badgeCalls = server.called('GET /api/retail/customer/order/badge').length;
    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(server.called('PATCH /api/sale/order/cancel/1')).toHaveLength(1));
    expect(await screen.findByText('Nothing waiting for payment')).toBeVisible();
    await waitFor(() => expect(tabCount('4')).toBe('2'));
    expect(tabCount('0')).toBeNull();
    expect(server.called('GET /api/retail/customer/order/badge').length).toBeGreaterThan(badgeCalls);
  });

  it('confirm receipt asks, then completes the order', async () => {
    const server = orderServer(MIXED);
    openList();
    const shipped = await screen.findByRole('article', { name: 'Order NZ20261123004' });
    await userEvent.click(within(shipped).getByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(RECEIPT_QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, received' }));
    await waitFor(() => expect(server.called('PATCH /api/sale/order/confirm/receipt/4')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Order NZ20261123004' })).getByRole('link', {
          name: 'Rate goods',
        }),
      ).toBeVisible(),
    );
  });

  it('delete asks, then DELETEs and the order leaves the list', async () => {
    const server = orderServer(MIXED);
    openList();
    const cancelled = await screen.findByRole('article', { name: 'Order NZ20261123006' });
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(DELETE_QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.called('DELETE /api/sale/order/del/6')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order NZ20261123006' })).toBeNull());
  });
});
