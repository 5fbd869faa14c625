import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The mode is runtime configuration read from index.html; this file runs the app in supplier mode.
beforeAll(() => {
  document.head.innerHTML = `<meta name="mall-config" content='{"mode":"supplier"}'>`;
  vi.resetModules();
});

function Probe({ hook }: { hook: () => void }) {
  hook();
  return null;
}

// The router too comes from the modules loaded afresh, as the hook's own does.
const load = async () => {
  const mod = await import('../src/state/selected-supplier.ts');
  const storage = await import('../src/lib/storage.ts');
  const { MemoryRouter } = await import('react-router');
  return { ...mod, ...storage, MemoryRouter };
};

describe('the supplier chosen in the top nav (supplier mode)', () => {
  it('takes ?supplier= from the address and keeps it across reloads', async () => {
    const { useSupplierFromUrl, useSelectedSupplier, readStored, STORAGE_KEYS, MemoryRouter } = await load();
    render(
      <MemoryRouter initialEntries={['/pages/search/index?supplier=KFF']}>
        <Probe hook={useSupplierFromUrl} />
      </MemoryRouter>,
    );
    expect(useSelectedSupplier.getState().code).toBe('KFF');
    expect(readStored(STORAGE_KEYS.searchSupplier)).toBe('KFF');
  });

  it('code 0 means all suppliers and forgets the choice', async () => {
    const { useSelectedSupplier, readStored, STORAGE_KEYS } = await load();
    useSelectedSupplier.getState().choose('KFF');
    useSelectedSupplier.getState().choose('0');
    expect(useSelectedSupplier.getState().code).toBeNull();
    expect(readStored(STORAGE_KEYS.searchSupplier)).toBeUndefined();
  });

  it('ignores a malformed supplier parameter', async () => {
    const { useSupplierFromUrl, useSelectedSupplier, MemoryRouter } = await load();
    useSelectedSupplier.getState().choose('SPY');
    render(
      <MemoryRouter initialEntries={['/?supplier=%3Cscript%3E']}>
        <Probe hook={useSupplierFromUrl} />
      </MemoryRouter>,
    );
    expect(useSelectedSupplier.getState().code).toBe('SPY');
  });
});
