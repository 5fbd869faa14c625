import { expect, test } from '@playwright/test';
import { BRAND, snap } from '../artifacts.ts';

test.describe('the shop shell in supplier (wholesale) mode', () => {
  test('the top bar lists suppliers that reload with the supplier parameter', async ({ page }) => {
    const stores: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) stores.push(req.headers().store ?? '');
    });
    await page.goto('/');
    await expect(page).toHaveTitle(`home - ${BRAND}`);
    await page.waitForLoadState('networkidle');
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => s === '0')).toBe(true);
    const supplierLink = page.getByRole('banner').locator('a[href*="supplier="]').first();
    await expect(supplierLink).toBeVisible();
    const href = await supplierLink.getAttribute('href');
    await snap(page, 'supplier-home');
    await supplierLink.click();
    await expect(page).toHaveURL(
      new RegExp(`supplier=${new URL(href!, 'http://x').searchParams.get('supplier')}`),
    );
  });

  test('the footer leaves out the store-only parts', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: /online service/i })).toBeVisible();
    await expect(footer.getByRole('button', { name: /wechat/i })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // Register goes through the agreement to the wholesale register.
    const register = page.getByRole('banner').getByRole('link', { name: 'Register' });
    expect(decodeURIComponent((await register.getAttribute('href')) ?? '')).toContain(
      '/pages/user/register/windex',
    );
    await register.click();
    const dialog = page.getByRole('dialog', { name: BRAND });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'agree with' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/register\/windex\?callbackUrl=\/$/);
  });
});
