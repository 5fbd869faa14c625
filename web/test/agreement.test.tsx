import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AgreementPage, { safeCallbackUrl } from '../src/pages/AgreementPage.tsx';
import { renderWithProviders } from './helpers.tsx';

describe('agreement page', () => {
  it('only follows local callback paths', () => {
    expect(safeCallbackUrl('/pages/user/login/index')).toBe('/pages/user/login/index');
    expect(safeCallbackUrl('/pages/cart/index?x=1')).toBe('/pages/cart/index?x=1');
    expect(safeCallbackUrl('https://evil.example')).toBe('/');
    expect(safeCallbackUrl('//evil.example')).toBe('/');
    expect(safeCallbackUrl('/\\evil.example')).toBe('/');
    expect(safeCallbackUrl('javascript:alert(1)')).toBe('/');
    expect(safeCallbackUrl(null)).toBe('/');
  });

  it("shows the standard terms (store mode) and 'agree with' goes to the callback", async () => {
    const { router } = renderWithProviders(<AgreementPage />, {
      route: '/pages/user/register/agreement?callbackUrl=%2Fpages%2Fuser%2Flogin%2Findex',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'agreed announcement' })).toBeTruthy();
    expect(screen.getByText(/A coupon cannot be combined with another promotion code/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'agree with' }));
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
  });

  it("'disagree' with no history goes home", async () => {
    const { router } = renderWithProviders(<AgreementPage />, {
      route: '/pages/user/register/agreement?callbackUrl=https://evil.example',
    });
    await userEvent.click(screen.getByRole('button', { name: 'disagree' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
