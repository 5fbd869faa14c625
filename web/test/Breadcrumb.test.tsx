import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from '../src/components/Breadcrumb.tsx';
import { renderWithProviders } from './helpers.tsx';

describe('Breadcrumb', () => {
  it('begins with Home linking to the home route', () => {
    renderWithProviders(<Breadcrumb items={[{ name: 'Help' }]} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    const home = within(items[0]!).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it("separates the items with '>'", () => {
    renderWithProviders(
      <Breadcrumb items={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Order Detail' }]} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.textContent).toBe('Home>My Order>Order Detail');
    expect(nav.querySelectorAll('[data-separator]')).toHaveLength(2);
  });

  it('makes only the items with a link clickable and marks the last as the current page', () => {
    renderWithProviders(
      <Breadcrumb
        items={[
          { name: 'Personal Center', linkUrl: '/pages/user/index' },
          { name: 'Shop information' },
          { name: 'Delivery' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Personal Center']);
    expect(links[1]!.getAttribute('href')).toBe('/pages/user/index');
    expect(screen.queryByRole('link', { name: 'Shop information' })).toBeNull();
    expect(screen.getByText('Delivery').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Shop information').getAttribute('aria-current')).toBeNull();
  });

  it('with no items, Home is the whole trail', () => {
    renderWithProviders(<Breadcrumb items={[]} />);
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('navigation').textContent).toBe('Home');
  });
});
