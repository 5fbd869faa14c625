import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onFirstUse, useOnFirstUse } from '../src/components/on-first-use.ts';

const Late = () => <p>arrived</p>;

function Shows({ part, wanted }: { part: ReturnType<typeof onFirstUse<ComponentType>>; wanted: boolean }) {
  const Loaded = useOnFirstUse(part, wanted);
  return Loaded ? <Loaded /> : <p>waiting</p>;
}

describe('code loaded on first use', () => {
  it('downloads once, only when wanted, and renders once it has arrived', async () => {
    const load = vi.fn(async () => Late);
    const part = onFirstUse(load);
    const { rerender } = render(<Shows part={part} wanted={false} />);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('waiting')).toBeVisible();
    rerender(<Shows part={part} wanted />);
    expect(await screen.findByText('arrived')).toBeVisible();
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download is tried again on the next want', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Late);
    const part = onFirstUse<ComponentType>(load);
    await expect(part.preload()).rejects.toThrow('offline');
    expect(part.get()).toBeNull();
    await part.preload();
    expect(part.get()).toBe(Late);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
