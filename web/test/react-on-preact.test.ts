import { describe, expect, it } from 'vitest';

// The shop runs React's API on Preact (vite.config.ts: reactOnPreact); the tests render with what ships.
describe('React, as the shop and its libraries see it', () => {
  it('is Preact: react, react-dom and the JSX runtime resolve to preact/compat', async () => {
    const compat = await import('preact/compat');
    expect((await import('react')).createElement).toBe(compat.createElement);
    expect((await import('react-dom')).createPortal).toBe(compat.createPortal);
    expect((await import('react-dom/client')).createRoot).toBe(
      (await import('preact/compat/client')).createRoot,
    );
    expect((await import('react/jsx-runtime')).jsx).toBe((await import('preact/jsx-runtime')).jsx);
  });

  it("has React 19's useOptimistic, which React Router calls: the state passed in is the state", async () => {
    const { useOptimistic } = (await import('react')) as unknown as {
      useOptimistic: <S>(state: S) => [S, (action: unknown) => void];
    };
    const [state, addOptimistic] = useOptimistic('shown');
    expect(state).toBe('shown');
    expect(() => addOptimistic('ignored')).not.toThrow();
  });
});
