import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
