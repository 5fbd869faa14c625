import { DIALOG_CLOSE_ANIMATION_MS } from '@mall/shared/constants';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../src/components/AlertDialog.tsx';
import { ConfirmDialog } from '../src/components/ConfirmDialog.tsx';
import { Dialog } from '../src/components/Dialog.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('Dialog', () => {
  it('is 880x500 by default, named by its title', () => {
    render(
      <Dialog open onClose={() => {}} title="Delivery details">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delivery details' });
    expect(dialog.style.width).toBe('880px');
    expect(dialog.style.height).toBe('500px');
  });

  it('takes a width and height', () => {
    render(<Dialog open onClose={() => {}} title="Small" width={400} height={300} />);
    const dialog = screen.getByRole('dialog', { name: 'Small' });
    expect(dialog.style.width).toBe('400px');
    expect(dialog.style.height).toBe('300px');
  });

  it('animates out for about 100 ms before emitting close', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="Animated" footer={<span>Footer</span>} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog').getAttribute('data-dialog-state')).toBe('closing');
    act(() => vi.advanceTimersByTime(DIALOG_CLOSE_ANIMATION_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(DIALOG_CLOSE_ANIMATION_MS).toBe(100);
  });

  it('Escape also closes after the animation, once', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="Escapable" />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(150));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(<Dialog open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('shows the message with Confirm and Cancel', () => {
    render(
      <ConfirmDialog
        open
        message="Are you sure you want to log out？"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to log out？');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Confirm']);
  });

  it('calls onConfirm for Confirm', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open message="Remove it?" onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls onCancel for Cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open message="Remove it?" onConfirm={onConfirm} onCancel={onCancel} title="Remove" />,
    );
    expect(screen.getByRole('dialog', { name: 'Remove' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('AlertDialog', () => {
  it('is an alertdialog named by its title with only a Confirm button', async () => {
    const onConfirm = vi.fn();
    render(<AlertDialog open title="Tip" message="Your session has expired." onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Tip' });
    expect(dialog.textContent).toContain('Your session has expired.');
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe('Confirm');
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('renders nothing when closed', () => {
    render(<AlertDialog open={false} title="Tip" message="x" onConfirm={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
