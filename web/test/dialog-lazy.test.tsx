import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('a dialog whose code has not been downloaded yet', () => {
  it('opens once its modal code arrives, named by its title', async () => {
    vi.resetModules();
    const { Dialog } = await import('../src/components/Dialog.tsx');
    render(
      <Dialog open title="Follow us" onClose={() => {}}>
        QR
      </Dialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Follow us' })).toBeVisible();
  });

  it('renders nothing and downloads nothing while closed', async () => {
    vi.resetModules();
    const { Dialog } = await import('../src/components/Dialog.tsx');
    const { container } = render(<Dialog open={false} title="Closed" onClose={() => {}} />);
    expect(container.childElementCount).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
