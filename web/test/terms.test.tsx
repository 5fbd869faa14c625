import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StandardTermsPage from '../src/pages/StandardTermsPage.tsx';
import WholesaleTermsPage from '../src/pages/WholesaleTermsPage.tsx';
import { renderWithProviders, stubApi } from './helpers.tsx';
import { shopTermsAnswers } from './terms-stub.ts';

describe('terms pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('wholesale: showroom 9:00-17:00 daily, no pickup, minimum orders $600 and $2,000', async () => {
    stubApi(shopTermsAnswers());
    renderWithProviders(<WholesaleTermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: /Minimum order/ })).toBeVisible();
    const text = document.body.textContent ?? '';
    expect(text).toContain('9:00-17:00 daily');
    expect(text).toContain('There is no pickup.');
    expect(text).toContain('North Island: $600.00');
    expect(text).toContain('South Island: $2,000.00');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home>Wholesale Terms');
  });

  it('standard: prices, privacy, cookies, discounts and competitions, with the two rules', async () => {
    stubApi(shopTermsAnswers());
    renderWithProviders(<StandardTermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: /Prices/ })).toBeVisible();
    for (const name of ['Privacy', 'Cookies', 'Discounts, coupons and cash-back', 'Competitions'])
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    expect(screen.getByRole('link', { name: /Discounts, coupons and cash-back/ }).getAttribute('href')).toBe(
      '#discounts',
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('A coupon cannot be combined with another promotion code.');
    expect(text).toContain('Cash-back goes back to the original payment account.');
    expect(text).toContain('Privacy Act 2020');
    expect(text).toContain('include GST');
  });

  it('shows the terms an operator saved, numbered in their order', async () => {
    stubApi({
      '/api/shop/terms/standard': {
        key: 'standard',
        sections: [
          { id: 'welcome', title: 'Welcome', html: '<p>Shop happy.</p>' },
          { id: 'returns', title: 'Returns', html: '<ul><li>30 days to return.</li></ul>' },
        ],
        updatedAt: '2026-11-25T07:00:00.000Z',
      },
    });
    renderWithProviders(<StandardTermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: '2.Returns' })).toBeVisible();
    expect(screen.getByText('30 days to return.')).toBeVisible();
    expect(screen.queryByText(/A coupon cannot be combined/)).toBeNull();
  });

  it('says so with Try again when the terms cannot be loaded, and shows them once they can', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<StandardTermsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The terms could not be loaded.');
    stubApi(shopTermsAnswers());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Prices/ })).toBeVisible();
    expect(fetchMock).toHaveBeenCalled();
  });
});
