import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_SAVED, RATING_REQUIRED } from '../src/features/comments/CommentForm.tsx';
import OrderCommentDetailPage from '../src/pages/OrderCommentDetailPage.tsx';
import OrderCommentsPage from '../src/pages/OrderCommentsPage.tsx';
import { stubAccountApi } from './account-api-stub.ts';
import { renderWithProviders } from './helpers.tsx';
import {
  comment,
  orderDetail,
  orderLine,
  orderSummary,
  page,
  signInMember,
  signOut,
} from './orders-fixtures.ts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeEach(() => {
  signInMember();
  toast.success.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const COMPLETED = orderDetail({
  id: 5,
  status: '3',
  lines: [orderLine({ id: 51, name: 'Manuka Honey 500g' }), orderLine({ id: 52, commented: true })],
});

const serve = (
  post: () => { data: unknown } | { status: number; message: string } = () => ({ data: comment({ id: 1 }) }),
) =>
  stubAccountApi({
    'GET /api/sale/order/app/detail/5': { data: COMPLETED },
    'POST /api/sale/order/comment': post,
    'GET /api/sale/order/comment/app': { data: page([comment({ id: 1, content: 'Lovely honey' })]) },
    'GET /api/sale/order/app/list': { data: page([]) },
    'GET /api/retail/customer/order/badge': { data: null },
  });

const openForm = (lineId = 51) =>
  renderWithProviders(<OrderCommentDetailPage />, {
    route: `/pages/order/comment/detail?orderId=5&lineId=${lineId}`,
  });
const review = () => screen.getByRole('textbox', { name: 'Your review' }) as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: 'Submit review' });

describe('rating a line', () => {
  it('shows the good and a keyboard-friendly 1 to 5 star radio group', async () => {
    serve();
    openForm();
    expect(await screen.findByText('Manuka Honey 500g')).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    const stars = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(stars.map((s) => s.labels?.[0]?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(stars[2]!.checked).toBe(true);
    // Arrow keys move the choice within the group (native radios).
    expect(document.activeElement).toBe(stars[2]);
    await userEvent.keyboard('{ArrowRight}');
    expect(stars[3]!.checked).toBe(true);
    expect(group.textContent).toContain('Very good');
  });

  it('refuses an empty text and a missing rating, and sends nothing', async () => {
    const server = serve();
    openForm();
    await screen.findByText('Manuka Honey 500g');
    await userEvent.click(submit());
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(screen.getByText(RATING_REQUIRED)).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(review(), '   ');
    await userEvent.click(submit());
    await waitFor(() => expect(review().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(RATING_REQUIRED)).toBeNull();
    expect(server.called('POST /api/sale/order/comment')).toHaveLength(0);
  });

  it('counts the text up to 500 characters', async () => {
    serve();
    openForm();
    await screen.findByText('Manuka Honey 500g');
    expect(document.querySelector('[data-comment-count]')!.textContent).toBe('0/500');
    await userEvent.type(review(), 'Sweet');
    expect(document.querySelector('[data-comment-count]')!.textContent).toBe('5/500');
    expect(review().maxLength).toBe(500);
  });

  it('sends the line, the rating and the text, then returns to the comment list', async () => {
    const server = serve();
    const { router } = openForm();
    await screen.findByText('Manuka Honey 500g');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(review(), '  Rich and creamy. ');
    await userEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/comment/index'));
    expect(server.called('POST /api/sale/order/comment').map((c) => c.body)).toEqual([
      { orderLineId: 51, rating: 4, content: 'Rich and creamy.' },
    ]);
    expect(toast.success).toHaveBeenCalledWith(COMMENT_SAVED);
  });

  it('shows the server refusal (409) and stays on the form', async () => {
    serve(() => ({ status: 409, message: 'This line has been rated already' }));
    const { router } = openForm();
    await screen.findByText('Manuka Honey 500g');
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.type(review(), 'Late');
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('This line has been rated already');
    expect(router.state.location.pathname).toBe('/pages/order/comment/detail');
  });

  it('a line already rated is not offered the form', async () => {
    serve();
    openForm(52);
    expect(await screen.findByText('You have rated this already')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });
});

describe('one review (?id=)', () => {
  it('shows the stars, text, good and date', async () => {
    stubAccountApi({
      'GET /api/sale/order/comment/8': {
        data: comment({ id: 8, rating: 3, content: 'Fine, a bit small.', name: 'Wool Socks', orderId: 5 }),
      },
    });
    renderWithProviders(<OrderCommentDetailPage />, { route: '/pages/order/comment/detail?id=8' });
    expect(await screen.findByText('Fine, a bit small.')).toBeVisible();
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Wool Socks' })).toBeVisible();
    expect(screen.getByText('21 Nov 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=5',
    );
  });
});

describe('order comments page', () => {
  it('lists what waits for a rating (completed orders, unrated lines) and the reviews written', async () => {
    const server = stubAccountApi({
      'GET /api/sale/order/app/list': {
        data: page([
          orderSummary({
            id: 5,
            status: '3',
            lines: [orderLine({ id: 51, name: 'Manuka Honey 500g' }), orderLine({ id: 52, commented: true })],
          }),
          orderSummary({ id: 6, status: '3', lines: [orderLine({ id: 61, name: 'Pinot Noir' })] }),
        ]),
      },
      'GET /api/sale/order/comment/app': {
        data: page([comment({ id: 1, content: 'Lovely honey', rating: 4 })], { total: 11 }),
      },
    });
    renderWithProviders(<OrderCommentsPage />, { route: '/pages/order/comment/index' });
    const waiting = await screen.findByRole('region', { name: /Waiting for your rating/ });
    expect(within(waiting).getByRole('link', { name: 'Rate Manuka Honey 500g' }).getAttribute('href')).toBe(
      '/pages/order/comment/detail?orderId=5&lineId=51',
    );
    expect(within(waiting).getByRole('link', { name: 'Rate Pinot Noir' })).toBeVisible();
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(2);
    expect(server.called('GET /api/sale/order/app/list')[0]!.url.searchParams.get('status')).toBe('3');

    const mine = screen.getByRole('region', { name: /My reviews/ });
    expect(await within(mine).findByText('Lovely honey')).toBeVisible();
    expect(within(mine).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await userEvent.click(within(mine).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(server.called('GET /api/sale/order/comment/app').at(-1)!.url.searchParams.get('pageNum')).toBe(
        '2',
      ),
    );
  });
});
