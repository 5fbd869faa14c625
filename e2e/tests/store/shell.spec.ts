import { expect, test } from '@playwright/test';
import { BRAND, signInStorage, snap } from '../artifacts.ts';

test.describe('the shop shell in store mode', () => {
  test('home renders the header and the footer with the demo content', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`home - ${BRAND}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
    // The main row and the brand bar both offer All Goods; each leads to search with keyword=all.
    const allGoods = header.getByRole('link', { name: 'All Goods', exact: true });
    await expect(allGoods.first()).toBeVisible();
    for (const link of await allGoods.all()) {
      await expect(link).toHaveAttribute('href', '/pages/search/index?keyword=all');
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: /online service/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await snap(page, 'store-home');
  });

  test('the shop is rendered by react-dom: its root holds a React container and its elements React fibers', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    const renderer = await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const banner = document.querySelector('header')!;
      return {
        container: Object.keys(root).some((k) => k.startsWith('__reactContainer$')),
        fiber: Object.keys(banner).some((k) => k.startsWith('__reactFiber$')),
        // Preact marks what it rendered with its own keys; none may be there.
        preact: '__k' in root || '_children' in root,
      };
    });
    expect(renderer).toEqual({ container: true, fiber: true, preact: false });
  });

  test('store mode shows the chat-app QR dialog and opens online service in a popup', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Follow us on WeChat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Follow us on WeChat' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await snap(page, 'store-qr-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const opened = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          window.open = ((url: string, target: string, features: string) => {
            resolve(`${url} ${target} ${features}`);
            return null;
          }) as typeof window.open;
        }),
    );
    await footer.getByRole('link', { name: /online service/i }).click();
    expect(await opened).toMatch(/width=500,height=750/);
  });

  test('a deep link loads the right page, also on reload', async ({ page }) => {
    await page.goto('/pages/user/login/index');
    await expect(page).toHaveTitle(`Login - ${BRAND}`);
    await page.reload();
    await expect(page).toHaveURL(/\/pages\/user\/login\/index$/);
    await expect(page).toHaveTitle(`Login - ${BRAND}`);
    await snap(page, 'store-login-deep-link');
  });

  test('an unknown path lands on home', async ({ page }) => {
    await page.goto('/pages/no/such/page?x=1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(`home - ${BRAND}`);
  });

  test('every page title ends with the brand', async ({ page }) => {
    const routes: [string, string][] = [
      ['/pages/index', 'home'],
      ['/pages/cart/index', 'Shop Cart'],
      // Members-only: a guest is sent to login.
      ['/pages/order/index', 'Login'],
      ['/pages/user/register/index', 'Register'],
      ['/pages/user/register/windex', 'Wholesale Register'],
      ['/pages/terms/wholesale', 'Wholesale Terms'],
      ['/pages/recommend/index', 'Recommendations'],
    ];
    for (const [url, title] of routes) {
      await page.goto(url);
      await expect(page).toHaveTitle(`${title} - ${BRAND}`);
    }
  });

  test('the wholesale terms state the showroom hours, no pickup and the minimum orders', async ({ page }) => {
    await page.goto('/pages/terms/wholesale');
    const main = page.getByRole('main');
    await expect(main).toContainText('9:00-17:00');
    await expect(main).toContainText(/no pickup/i);
    await expect(main).toContainText('$600.00');
    await expect(main).toContainText('$2,000.00');
    await snap(page, 'store-wholesale-terms');
  });

  test('the standard terms cover coupons and cash-back', async ({ page }) => {
    await page.goto('/pages/terms/standard');
    const main = page.getByRole('main');
    await expect(main).toContainText(/cannot be combined with another promotion code/i);
    await expect(main).toContainText(/original payment account/i);
    await snap(page, 'store-standard-terms');
  });

  test('a 401 answer while signed in clears the session, shows the Tip and goes to login', async ({
    page,
  }) => {
    await signInStorage(page, { kind: 'retail', userName: 'Aroha Ngata' });
    // The server rejects this session: the startup organisation call answers with body code 401.
    await page.route('**/api/sys/org/nz/stock', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 401,
          message: 'Your session has expired. Please log in again.',
          data: null,
        }),
      }),
    );
    await page.goto('/pages/order/index');
    const tip = page.getByRole('alertdialog', { name: 'Tip' });
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('Your session has expired. Please log in again.');
    expect(await page.evaluate(() => localStorage.getItem('mall:token'))).toBeNull();
    await snap(page, 'store-401-tip');
    await tip.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/login\/index$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the calls carry the store header and the organisation id once known', async ({ page }) => {
    const seen: Record<string, string>[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) seen.push(req.headers());
    });
    await page.goto('/');
    // Startup rule: with no organisation stored, one comes from the organisation stock call.
    await page.waitForFunction(() => localStorage.getItem('mall:orgId') !== null);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((h) => h.store === '1')).toBe(true);
    expect(seen.some((h) => /^\d+$/.test(h.orgid ?? ''))).toBe(true);
  });
});
