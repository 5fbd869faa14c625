import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { stubApi } from './helpers.tsx';

// While the menus' code is on its way (the first use on a page): each test loads the menus
// afresh, as a new page does. The libraries that render them (the router, the query client,
// Testing Library) run through Vite in these tests, so they are loaded afresh with them, and what
// the fresh Testing Library rendered is cleaned up by it.
let freshCleanup = () => {};
const freshMenus = async () => {
  vi.resetModules();
  const { TopLinks } = await import('../src/app/layout/TopLinks.tsx');
  const { preloadHoverMenus } = await import('../src/components/HoverMenu.tsx');
  const { renderWithProviders } = await import('./helpers.tsx');
  ({ cleanup: freshCleanup } = await import('@testing-library/react'));
  return { TopLinks, preloadHoverMenus, renderWithProviders };
};

const UP_LINKS = [
  {
    name: 'My account',
    linkUrl: '/pages/user/index',
    title: 'Your account',
    key: 'account',
    children: [
      { name: 'Profile', linkUrl: '/pages/user/profile/index', title: 'Profile', key: 'p', children: [] },
    ],
  },
  { name: 'Help Centre', linkUrl: '/pages/home/html?id=5', title: 'Help', key: 'help', children: [] },
];

afterEach(() => {
  freshCleanup();
  vi.unstubAllGlobals();
});

it('a Tab pressed on a link before the code arrived goes into its list once it has', async () => {
  const { TopLinks, renderWithProviders } = await freshMenus();
  stubApi({ '/api/shop/link/up': UP_LINKS });
  renderWithProviders(<TopLinks />);
  await screen.findByRole('link', { name: 'My account' });
  await userEvent.tab();
  await userEvent.tab();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Profile' })));
});

it('the pointer crossing a plain link does not rebuild it, even with the code there', async () => {
  const { TopLinks, preloadHoverMenus, renderWithProviders } = await freshMenus();
  stubApi({ '/api/shop/link/up': UP_LINKS });
  renderWithProviders(<TopLinks />);
  const help = await screen.findByRole('link', { name: 'Help Centre' });
  await userEvent.hover(help);
  await preloadHoverMenus();
  await userEvent.click(help);
  expect(help.isConnected).toBe(true);
  expect(screen.getByRole('link', { name: 'Help Centre' })).toBe(help);
});

it('a press that goes down while the code is on its way becomes its click', async () => {
  const { TopLinks, preloadHoverMenus, renderWithProviders } = await freshMenus();
  stubApi({ '/api/shop/link/up': UP_LINKS });
  const { router } = renderWithProviders(<TopLinks />);
  // The pointer comes to 'My account' (which asks for the code) and presses; the code arrives before the release.
  const account = await screen.findByRole('link', { name: 'My account' });
  fireEvent.pointerEnter(account);
  fireEvent.pointerDown(account);
  await preloadHoverMenus();
  await new Promise((resolve) => setTimeout(resolve));
  expect(account.isConnected).toBe(true);
  fireEvent.pointerUp(account);
  fireEvent.click(account);
  expect(router.state.location.pathname).toBe('/pages/user/index');
});

it('after the release the code goes in: the list opens under the pointer', async () => {
  const { TopLinks, preloadHoverMenus, renderWithProviders } = await freshMenus();
  stubApi({ '/api/shop/link/up': UP_LINKS });
  renderWithProviders(<TopLinks />);
  const account = await screen.findByRole('link', { name: 'My account' });
  fireEvent.pointerEnter(account);
  fireEvent.pointerDown(account);
  await preloadHoverMenus();
  fireEvent.pointerUp(account);
  expect(await screen.findByRole('link', { name: 'Profile' })).toBeVisible();
});
