import { ONLINE_SERVICE_POPUP } from '@mall/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../src/app/layout/Footer.tsx';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { renderWithProviders, stubApi } from './helpers.tsx';

const CONTENT = {
  '/api/shop/introduce/app': [
    { id: 11, title: 'Nationwide delivery', summary: 'Free over $99', icon: 'truck' },
    { id: 12, title: 'Easy returns', summary: '30 days', icon: 'return' },
  ],
  '/api/shop/introduce/main': [
    {
      id: 1,
      name: 'Shopping guide',
      children: [
        { id: 21, title: 'How to order', summary: '', icon: 'tag' },
        { id: 22, title: 'Returns policy', summary: '', icon: 'return' },
      ],
    },
    { id: 2, name: 'About us', children: [{ id: 23, title: 'Our story', summary: '', icon: 'store' }] },
  ],
  '/api/shop/link/down': [
    {
      name: 'Careers',
      linkUrl: '/pages/home/html?id=30',
      title: 'Work with us',
      key: 'careers',
      children: [],
    },
    {
      name: 'Sitemap',
      linkUrl: 'https://www.example.co.nz/sitemap',
      title: '',
      key: 'sitemap',
      children: [],
    },
  ],
  '/api/consolidation/mall/list': [
    { id: 1, name: 'Kauri Fresh', url: 'https://fresh.example.co.nz', description: 'Groceries delivered' },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Footer', () => {
  it('always shows service highlights, introduction pages, site links, sister sites and online service', async () => {
    stubApi(CONTENT);
    renderWithProviders(<Footer storeMode={false} />);
    const delivery = await screen.findByRole('link', { name: /Nationwide delivery/ });
    expect(delivery.getAttribute('href')).toBe('/pages/home/html?id=11');
    expect((await screen.findByRole('link', { name: 'How to order' })).getAttribute('href')).toBe(
      '/pages/home/html?id=21',
    );
    const siteLinks = screen.getByRole('navigation', { name: 'Site links' });
    expect((await within(siteLinks).findByRole('link', { name: 'Careers' })).getAttribute('href')).toBe(
      '/pages/home/html?id=30',
    );
    const sitemap = within(siteLinks).getByRole('link', { name: 'Sitemap' });
    expect(sitemap.getAttribute('target')).toBe('_blank');
    expect(within(siteLinks).getByRole('link', { name: 'Wholesale Terms' }).getAttribute('href')).toBe(
      '/pages/terms/wholesale',
    );
    expect(await screen.findByRole('link', { name: /Kauri Fresh/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Online service/ })).toBeVisible();
    expect(screen.getByText(/include GST/)).toBeVisible();
    expect(screen.getByText(/NZBN/)).toBeVisible();
    // The sandbox is the default gateway: the footer says payments are simulated.
    expect(screen.getByRole('note')).toHaveTextContent(
      'Payments on this shop are simulated: no card is charged and no money is taken.',
    );
  });

  it('supplier mode leaves out the service links, grouped help and the QR dialog', async () => {
    stubApi(CONTENT);
    renderWithProviders(<Footer storeMode={false} />);
    await screen.findByRole('link', { name: 'How to order' });
    expect(screen.queryByRole('heading', { name: 'Customer service' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Track my order' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Shopping guide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /WeChat/ })).toBeNull();
  });

  it('store mode adds the service links, the grouped help links and the QR dialog', async () => {
    stubApi(CONTENT);
    renderWithProviders(<Footer storeMode />);
    expect(await screen.findByRole('heading', { name: 'Shopping guide' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'About us' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Customer service' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Track my order' }).getAttribute('href')).toBe(
      '/pages/order/index',
    );
    // The returns shortcut goes to the shop's own returns page when there is one.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Returns & refunds' }).getAttribute('href')).toBe(
        '/pages/home/html?id=22',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Follow us on WeChat' }));
    const dialog = screen.getByRole('dialog', { name: 'Follow us on WeChat' });
    expect(within(dialog).getByRole('img', { name: /QR code/ })).toBeVisible();
    expect(dialog.textContent).toContain('Scan with WeChat');
  });

  it('online service opens a 500x750 popup', async () => {
    stubApi(CONTENT);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<Footer storeMode />);
    await userEvent.click(screen.getByRole('link', { name: /Online service/ }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toMatch(/^https:\/\//);
    expect(name).toBe('online-service');
    expect(features).toContain(`width=${ONLINE_SERVICE_POPUP.width}`);
    expect(features).toContain(`height=${ONLINE_SERVICE_POPUP.height}`);
    expect(ONLINE_SERVICE_POPUP).toEqual({ width: 500, height: 750 });
  });

  it('shows stored lists at once and writes fresh ones back', async () => {
    writeStored(STORAGE_KEYS.services, [
      { id: 99, title: 'Stored highlight', summary: 'From last visit', icon: 'tag' },
    ]);
    stubApi(CONTENT);
    renderWithProviders(<Footer storeMode />);
    expect(screen.getByRole('link', { name: /Stored highlight/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: /Nationwide delivery/ })).toBeVisible();
    expect(readStored<unknown[]>(STORAGE_KEYS.services)).toEqual(CONTENT['/api/shop/introduce/app']);
    expect(readStored<unknown[]>(STORAGE_KEYS.siteLinks)).toEqual(CONTENT['/api/shop/link/down']);
    expect(readStored<unknown[]>(STORAGE_KEYS.osLinks)).toEqual(CONTENT['/api/consolidation/mall/list']);
  });

  it('never leaves the highlights blank when the calls fail', async () => {
    stubApi({});
    renderWithProviders(<Footer storeMode />);
    expect(await screen.findByText('Secure checkout')).toBeVisible();
    expect(screen.getByRole('link', { name: /Online service/ })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Terms & Conditions' }).length).toBeGreaterThan(0);
  });
});
