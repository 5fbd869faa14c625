import { DEFAULT_APP_CONFIG } from '@mall/shared/app-config';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { FollowUsDialog } from '../src/app/layout/FollowUsDialog.tsx';
import { QrCode } from '../src/components/QrCode.tsx';
import { renderWithProviders } from './helpers.tsx';

/**
 * Reads a drawn QR code the way a phone does: the SVG's modules (its `M x y h1v1h-1z` squares
 * on a white square of viewBox size) painted as pixels, then decoded by jsQR.
 */
const scan = (svg: Element): string | undefined => {
  const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 6;
  const side = modules * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
  }
  return jsQR(pixels, side, side)?.data;
};

describe('QR code', () => {
  it('is a real code: a QR decoder reads back the address it was made from', () => {
    for (const value of [
      'https://weixin.qq.com/r/KauriMallNZ',
      'https://example.co.nz/follow?id=42&ref=footer',
    ]) {
      const { unmount } = render(<QrCode value={value} label="Follow link" />);
      expect(scan(screen.getByRole('img', { name: 'Follow link' }))).toBe(value);
      unmount();
    }
  });

  it('the follow-us dialog shows the code of the configured WeChat follow link', async () => {
    renderWithProviders(<FollowUsDialog />);
    expect(document.querySelector('svg[role="img"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Follow us on WeChat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow us on WeChat' });
    const code = within(dialog).getByRole('img', { name: /QR code/ });
    expect(scan(code)).toBe(DEFAULT_APP_CONFIG.wechatFollowUrl);
    await waitFor(() => expect(dialog.textContent).toContain('WeChat ID: KauriMallNZ'));
  });
});
