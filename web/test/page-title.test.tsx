import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle, usePageTitle } from '../src/lib/use-document-title.ts';

function Layout() {
  useDocumentTitle();
  return <Outlet />;
}
function SearchLike() {
  usePageTitle('Search results for "tea"');
  return null;
}
function Plain() {
  return null;
}

describe('page titles', () => {
  it('a page that knows its title at once wins over its route title, in the same render', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { path: 'search', handle: { title: 'Search' }, element: <SearchLike /> },
            { path: 'cart', handle: { title: 'Shop Cart' }, element: <Plain /> },
          ],
        },
      ],
      { initialEntries: ['/search'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Search results for "tea" - Kauri Mall');
    await act(() => router.navigate('/cart'));
    expect(document.title).toBe('Shop Cart - Kauri Mall');
    await act(() => router.navigate('/search'));
    expect(document.title).toBe('Search results for "tea" - Kauri Mall');
  });
});
