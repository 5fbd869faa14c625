import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ServicePage from '../src/pages/ServicePage.tsx';
import { renderWithProviders, stubApi } from './helpers.tsx';

const GROUPS = [
  {
    id: 2,
    name: 'Shopping guide',
    children: [
      { id: 5, title: 'How to order', summary: 'Five steps', icon: 'store' },
      { id: 6, title: 'Payment methods', summary: '', icon: 'shield' },
    ],
  },
];
const DETAIL = {
  id: 5,
  title: 'How to order',
  summary: 'From search to doorstep in five steps',
  icon: 'store',
  groupName: 'Shopping guide',
  content: '<h2>Find it</h2><p>Search by <strong>keyword</strong>.</p>',
  updatedAt: '2025-06-12T09:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('service page', () => {
  it('shows the article with Home > group > title, its group nav and the updated date', async () => {
    stubApi({ '/api/shop/introduce/main': GROUPS, '/api/shop/introduce/detail/5': DETAIL });
    renderWithProviders(<ServicePage />, { route: '/pages/home/html?id=5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How to order' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      'Home>Shopping guide>How to order',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Find it' })).toBeVisible();
    expect(screen.getByText('keyword').tagName).toBe('STRONG');
    expect(screen.getByText('12 June 2025')).toBeVisible();
    const nav = await screen.findByRole('navigation', { name: 'Shopping guide pages' });
    const current = within(nav).getByRole('link', { name: 'How to order' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe(
      '/pages/home/html?id=6',
    );
    expect(document.title).toContain('How to order');
  });

  it('an unknown id shows a friendly not-found state with the way home', async () => {
    stubApi({ '/api/shop/introduce/main': GROUPS });
    renderWithProviders(<ServicePage />, { route: '/pages/home/html?id=999' });
    expect(await screen.findByText("We couldn't find that page")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('an invalid id does not call the server', async () => {
    const fetchMock = stubApi({ '/api/shop/introduce/main': GROUPS });
    renderWithProviders(<ServicePage />, { route: '/pages/home/html?id=abc' });
    expect(screen.getByText("We couldn't find that page")).toBeVisible();
    await screen.findByRole('link', { name: 'How to order' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/detail/'))).toBe(false);
  });
});
