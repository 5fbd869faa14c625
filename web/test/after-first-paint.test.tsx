import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AfterFirstPaint,
  holdUntilFirstPaint,
  isFirstScreenPending,
} from '../src/components/AfterFirstPaint.tsx';

// One file, one module state: the first test runs before main.tsx's hold, the second after it.
describe('AfterFirstPaint (the start-up renders in two turns)', () => {
  it('renders at once unless the start-up holds back (the tests, later pages)', () => {
    render(
      <AfterFirstPaint placeholder={<p>placeholder</p>}>
        <p>footer</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('footer')).toBeInTheDocument();
    expect(isFirstScreenPending()).toBe(false);
  });

  it('held, shows the placeholder on the first screen and the part once it has painted', async () => {
    holdUntilFirstPaint();
    expect(isFirstScreenPending()).toBe(true);
    render(
      <>
        <p>header</p>
        <AfterFirstPaint placeholder={<p>placeholder</p>}>
          <p>footer</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('header')).toBeInTheDocument();
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('footer')).toBeNull();
    expect(await screen.findByText('footer')).toBeInTheDocument();
    expect(isFirstScreenPending()).toBe(false);
    // Later parts render at once.
    render(
      <AfterFirstPaint>
        <p>later</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('later')).toBeInTheDocument();
  });
});
