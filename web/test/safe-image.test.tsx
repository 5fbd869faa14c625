import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode, qrModules } from '../src/components/QrCode.tsx';
import { SafeImage } from '../src/components/SafeImage.tsx';

describe('SafeImage', () => {
  it('keeps the box size and turns a failing picture into a captioned fallback', () => {
    render(<SafeImage src="/uploads/missing.svg" alt="Winter sale" width={1200} height={400} />);
    const img = screen.getByRole('img', { name: 'Winter sale' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('width')).toBe('1200');
    fireEvent.error(img);
    const fallback = screen.getByRole('img', { name: 'Winter sale' });
    expect(fallback.tagName).toBe('DIV');
    expect(fallback.style.aspectRatio).toBe('1200 / 400');
    expect(fallback.textContent).toContain('Winter sale');
  });

  it('without a picture shows the fallback at once', () => {
    render(<SafeImage src={null} alt="Tasman Tech" width={240} height={120} />);
    expect(screen.getByRole('img', { name: 'Tasman Tech' }).tagName).toBe('DIV');
  });
});

describe('QrCode', () => {
  it('draws the same pattern for the same seed, with three finder squares', () => {
    const a = qrModules('weixin://KauriMallNZ');
    expect(qrModules('weixin://KauriMallNZ')).toEqual(a);
    expect(qrModules('another')).not.toEqual(a);
    expect(a).toHaveLength(29);
    const finderAt = (r: number, c: number) =>
      [0, 1, 2, 3, 4, 5, 6].every(
        (i) => a[r]![c + i] && a[r + 6]![c + i] && a[r + i]![c] && a[r + i]![c + 6],
      ) &&
      a[r + 3]![c + 3] === true &&
      a[r + 1]![c + 1] === false;
    expect(finderAt(0, 0)).toBe(true);
    expect(finderAt(0, 22)).toBe(true);
    expect(finderAt(22, 0)).toBe(true);
    render(<QrCode seed="x" label="WeChat QR code" />);
    expect(screen.getByRole('img', { name: 'WeChat QR code' })).toBeVisible();
  });
});
