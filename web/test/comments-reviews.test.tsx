import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoodsReviews, NO_REVIEWS } from '../src/features/comments/GoodsReviews.tsx';
import { stubAccountApi } from './account-api-stub.ts';
import { renderWithProviders } from './helpers.tsx';
import { comment, page } from './orders-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('goods reviews', () => {
  it('lists the reviews with stars, masked author, date and text, and pages', async () => {
    const server = stubAccountApi({
      'GET /api/sale/good/comment/7': (c) =>
        c.url.searchParams.get('pageNum') === '2'
          ? {
              data: page([comment({ id: 3, author: 'W***i', content: 'Second page' })], {
                total: 6,
                pageNum: 2,
                pageSize: 5,
              }),
            }
          : {
              data: page(
                [
                  comment({ id: 1, author: 'A***a', rating: 5, content: 'Warm and soft.' }),
                  comment({
                    id: 2,
                    author: 'H***i',
                    rating: 2,
                    content: 'Runs small.',
                    createdAt: '2026-10-02T00:00:00.000Z',
                  }),
                ],
                { total: 6, pageSize: 5 },
              ),
            },
    });
    renderWithProviders(<GoodsReviews goodsId={7} />);
    const section = await screen.findByRole('region', { name: /Reviews/ });
    await within(section).findByText('Warm and soft.');
    const items = section.querySelectorAll('[data-review]');
    expect([...items].map((i) => i.querySelector('[data-review-author]')!.textContent)).toEqual([
      'A***a',
      'H***i',
    ]);
    expect(within(items[1] as HTMLElement).getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
    expect(items[1]!.textContent).toContain('2 Oct 2026');
    expect(section.querySelector('h2')!.textContent).toBe('Reviews(6)');
    expect(server.called('GET /api/sale/good/comment/7')[0]!.url.searchParams.get('pageSize')).toBe('5');
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('Second page')).toBeVisible();
    await waitFor(() => expect(section.querySelectorAll('[data-review]')).toHaveLength(1));
  });

  it('says there are no reviews yet', async () => {
    stubAccountApi({ 'GET /api/sale/good/comment/7': { data: page([]) } });
    renderWithProviders(<GoodsReviews goodsId={7} />);
    expect(await screen.findByText(NO_REVIEWS)).toBeVisible();
  });

  it('a failure offers to try again', async () => {
    const server = stubAccountApi({ 'GET /api/sale/good/comment/7': { status: 500, message: 'Boom' } });
    renderWithProviders(<GoodsReviews goodsId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.called('GET /api/sale/good/comment/7')).toHaveLength(2));
  });
});
