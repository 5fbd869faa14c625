import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The payment provider is runtime configuration read from index.html; here a real gateway takes the money.
beforeAll(() => {
  document.head.innerHTML = `<meta name="mall-config" content='{"paymentsSimulated":false}'>`;
  vi.resetModules();
});

describe('the simulated payments note', () => {
  it('says nothing while a real gateway takes the money', async () => {
    const { SimulatedPaymentsNote } = await import('../src/components/SimulatedPaymentsNote.tsx');
    render(<SimulatedPaymentsNote />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
