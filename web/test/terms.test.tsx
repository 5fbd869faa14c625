import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StandardTermsPage from '../src/pages/StandardTermsPage.tsx';
import WholesaleTermsPage from '../src/pages/WholesaleTermsPage.tsx';
import { renderWithProviders } from './helpers.tsx';

describe('terms pages', () => {
  it('wholesale: showroom 9:00-17:00 daily, no pickup, minimum orders $600 and $2,000', () => {
    renderWithProviders(<WholesaleTermsPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('9:00-17:00 daily');
    expect(text).toContain('There is no pickup.');
    expect(text).toContain('North Island: $600.00');
    expect(text).toContain('South Island: $2,000.00');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home>Wholesale Terms');
  });

  it('standard: prices, privacy, cookies, discounts and competitions, with the two rules', () => {
    renderWithProviders(<StandardTermsPage />);
    for (const name of ['Prices', 'Privacy', 'Cookies', 'Discounts, coupons and cash-back', 'Competitions'])
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    const text = document.body.textContent ?? '';
    expect(text).toContain('A coupon cannot be combined with another promotion code.');
    expect(text).toContain('Cash-back goes back to the original payment account.');
    expect(text).toContain('Privacy Act 2020');
    expect(text).toContain('include GST');
  });
});
