import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

function Where() {
  return <p>{useLocation().pathname}</p>;
}

// The shop and its libraries run on React 19 itself (react and react-dom), in the build and in
// these tests alike: this fails if anything resolves `react` to another library (an alias in
// web/vite.config.ts, a compatibility layer, a second copy of React).
describe('React, as the shop and its libraries see it', () => {
  it('is React 19: react, react-dom and the JSX runtime are the same release of React', async () => {
    const react = await import('react');
    const reactDom = await import('react-dom');
    expect(react.version).toMatch(/^19\./);
    expect(reactDom.version).toBe(react.version);
    // Hooks that only React itself has (a compatibility layer lacks them or stubs them).
    expect(typeof react.useOptimistic).toBe('function');
    expect(typeof react.useActionState).toBe('function');
    expect(typeof reactDom.useFormStatus).toBe('function');
    const jsx = await import('react/jsx-runtime');
    // React 19's element type: another library's JSX runtime makes elements React cannot render.
    expect(react.isValidElement(jsx.jsx('i', {}))).toBe(true);
    expect((jsx.jsx('i', {}) as unknown as { $$typeof: symbol }).$$typeof).toBe(
      Symbol.for('react.transitional.element'),
    );
  });

  it('renders with react-dom: the rendered elements carry React fibers', () => {
    render(<p>Kia ora</p>);
    const shown = screen.getByText('Kia ora');
    expect(Object.keys(shown).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
  });

  it("shares one React with the libraries: a router hook runs inside the shop's render", () => {
    render(
      <MemoryRouter initialEntries={['/pages/cart/index']}>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('/pages/cart/index')).toBeInTheDocument();
  });
});
