import type { Banner } from '@mall/shared/contract/content';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, SlidesCarouselView } from '../src/features/home/SlidesCarousel.tsx';
import { renderWithProviders } from './helpers.tsx';

const slides: Banner[] = [1, 2, 3].map((id) => ({
  id,
  title: `Slide ${id}`,
  subtitle: `Subtitle ${id}`,
  imageUrl: `/uploads/demo/slide-${id}.svg`,
  linkUrl: '/pages/search/index?keyword=all',
}));

const current = () =>
  screen
    .getAllByRole('button', { name: /^Show slide/ })
    .findIndex((b) => b.getAttribute('aria-current') === 'true');

// jsdom has no layout, so no observers of it and no media queries; Embla asks for them. These
// never report (nothing is resized or scrolled into view) and match no query: Embla runs, and
// the slide shown is the carousel's own state, as in a browser.
class NoLayoutObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', NoLayoutObserver);
  vi.stubGlobal('IntersectionObserver', NoLayoutObserver);
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home carousel', () => {
  it('advances every 5 s and wraps around', () => {
    renderWithProviders(<SlidesCarouselView slides={slides} />);
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(0);
  });

  it('pauses while hovered and resumes after', () => {
    renderWithProviders(<SlidesCarouselView slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Featured offers' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
  });

  it('dots, arrows and the pause button work; hidden slides are inert', () => {
    renderWithProviders(<SlidesCarouselView slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Slide 3' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(2);
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups.map((g) => g.getAttribute('aria-hidden'))).toEqual(['true', 'true', 'false']);
    expect(groups[0]!.hasAttribute('inert')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    // Focus inside also pauses; leave it so only the pause button decides.
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(2);
  });

  it('once the shopper uses it, Embla moves the slides, and the carousel keeps its own count', async () => {
    renderWithProviders(<SlidesCarouselView slides={slides} />);
    const track = document.getElementById(
      screen.getByRole('button', { name: 'Next slide' }).getAttribute('aria-controls')!,
    )!;
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Slide 3' }));
    await act(async () => {});
    expect(current()).toBe(2);
    expect(track.style.transform).toMatch(/^translate3d\(/);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
  });

  it('a single slide has no controls', () => {
    renderWithProviders(<SlidesCarouselView slides={slides.slice(0, 1)} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img', { name: 'Slide 1. Subtitle 1' })).toBeVisible();
  });
});
