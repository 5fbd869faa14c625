import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from './helpers.tsx';

/** Pages a later release fills: each shows its final frame (breadcrumb + heading) and the coming-soon body. */
const FRAMED: [string, string, string][] = [['OrderUploadPage', '/pages/order/upload', 'Order Import']];

afterEach(() => vi.unstubAllGlobals());

describe('framed pages', () => {
  it.each(FRAMED)(
    '%s: breadcrumb from Home, heading, honest coming-soon body',
    async (file, route, title) => {
      stubApi({});
      const mod = (await import(`../src/pages/${file}.tsx`)) as { default: ComponentType };
      const Page = mod.default;
      expect(Page.name).toBe(file);
      renderWithProviders(<Page />, { route });
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(within(crumbs).getAllByRole('listitem')[0]!.textContent).toBe('Home');
      expect(crumbs.textContent?.endsWith(title)).toBe(true);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(screen.getByText(/opens? soon$/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    },
  );
});
