import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { snap, snapScreen } from '../artifacts.ts';

const textOf = async (locator: Locator) => (await locator.textContent()) ?? '';
const priceOf = async (page: Page, selector: string) =>
  Number((await textOf(page.locator(selector).first())).replace(/[^0-9.]/g, ''));

test.describe('finding goods', () => {
  test('Escape before the suggestions arrive keeps the typed words, and Enter searches them', async ({
    page,
  }) => {
    // Suggestions that have not answered yet, as on a busy machine: the list is not open when
    // Escape is pressed, and Chromium's own Escape empties a search field (then Enter searched
    // the placeholder keyword instead of the words typed).
    const unanswered: Route[] = [];
    await page.route('**/api/search/keyword/query?**', (route) => {
      unanswered.push(route);
    });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox');
    await box.fill('pounamu');
    await expect.poll(() => unanswered.length).toBeGreaterThan(0);
    await box.press('Escape');
    await expect(box).toHaveValue('pounamu');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/pages\/search\/index\?keyword=pounamu$/);
  });

  test('search from the header, filter by supplier, sort by price, open a good and change its SKU', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('combobox');
    await box.click();
    await box.pressSequentially('hon', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(10);
    await box.fill('honey');
    await box.press('Escape');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/pages\/search\/index\?keyword=honey/);
    const grid = page.getByRole('list', { name: 'Goods' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    const countText = await textOf(page.locator('[data-result-count]'));
    const total = Number(countText.replace(/[^0-9]/g, ''));
    expect(total).toBeGreaterThan(0);
    await snap(page, 'store-search-honey');

    // Filter by the first supplier facet: the URL carries it and the count shrinks or stays.
    // The first entry, 'All suppliers', is the one in use; pick the first real supplier.
    const supplierFacet = page
      .getByRole('list', { name: 'Suppliers' })
      .locator('a:not([aria-current])')
      .first();
    const facetCount = Number((await textOf(supplierFacet)).match(/([\d,]+)\s*$/)?.[1]?.replace(/,/g, ''));
    await supplierFacet.click();
    await expect(page).toHaveURL(/supplier=/);
    await expect(page.locator('[data-result-count]')).toHaveText(
      new RegExp(`^${facetCount.toLocaleString('en-US')} goods?$`),
    );

    // Price low to high: the shown prices never go down.
    const priceUp = page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: /Price ↑/ });
    await priceUp.click();
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expect(priceUp).toHaveAttribute('aria-current', 'true');
    // The previous results stay on screen, dimmed and busy, until the sorted page arrives.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    // Each card's current price is the text that is only a dollar amount (the struck one reads "Was $…").
    const shownPrices = async () => {
      const numbers: number[] = [];
      for (const card of await grid.getByRole('listitem').all()) {
        const price = await textOf(card.getByText(/^\$[\d,]+\.\d{2}$/).first());
        numbers.push(Number(price.replace(/[^0-9.]/g, '')));
      }
      return numbers;
    };
    const numbers = await shownPrices();
    expect(numbers.length).toBeGreaterThan(0);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);

    // Open the first good.
    const first = grid.getByRole('listitem').first().getByRole('link').first();
    await first.click();
    await expect(page).toHaveURL(/\/pages\/goods\/index\?id=\d+/);
    // The address changes at the click; the results stay on screen until the good's page has
    // loaded, so its name is read once its price is shown.
    await expect(page.locator('[data-price]')).toBeVisible();
    const name = await textOf(page.getByRole('heading', { level: 1 }));
    await expect(page).toHaveTitle(`${name} - Kauri Mall`);
    await expect(
      page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
  });

  test('choosing another SKU changes the price and the stock shown', async ({ page }) => {
    // Merino base layers come in colours and sizes with their own prices and stock.
    await page.goto('/pages/search/index?keyword=merino');
    await page
      .getByRole('list', { name: 'Goods' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .first()
      .click();
    const picker = page.locator('[data-sku-picker]');
    await expect(picker).toBeVisible();
    const groups = picker.getByRole('group');
    const groupCount = await groups.count();
    expect(groupCount).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (let g = 0; g < groupCount; g++) {
      const buttons = groups.nth(g).getByRole('button', { disabled: false });
      const n = Math.min(await buttons.count(), 3);
      for (let i = 0; i < n; i++) {
        await buttons.nth(i).click();
        await expect(buttons.nth(i)).toHaveAttribute('aria-pressed', 'true');
        seen.add(
          `${await textOf(page.locator('[data-price]'))}|${await textOf(page.locator('[data-stock]'))}`,
        );
      }
    }
    // Every combination is chosen once all groups have a value: price and stock then describe one SKU.
    await expect(page.locator('[data-stock]')).toHaveText(/In stock: [\d,]+|Out of stock/);
    expect(await priceOf(page, '[data-price]')).toBeGreaterThan(0);
    expect(seen.size).toBeGreaterThan(1);
    await snap(page, 'store-goods-detail');
  });

  test('the mega menu opens on hover and its entries search by category', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Shop' });
    const firstTop = bar.locator('a[aria-expanded]').first();
    await expect(firstTop).toBeVisible();
    await firstTop.hover();
    const panel = page.locator('[data-mega-panel]');
    await expect(panel).toBeVisible();
    await snapScreen(page, 'store-mega-menu');
    const entry = panel.getByRole('link').first();
    await entry.click();
    await expect(page).toHaveURL(/\/pages\/search\/index\?categoryId=\d+/);
    await expect(page.getByRole('list', { name: 'Goods' }).getByRole('listitem').first()).toBeVisible();
  });

  test('a misspelt search still finds chocolate, and a hopeless one offers suggestions', async ({ page }) => {
    await page.goto('/pages/search/index?keyword=choclate');
    const grid = page.getByRole('list', { name: 'Goods' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await expect(grid).toContainText(/chocolate/i);
    await page.goto('/pages/search/index?keyword=zzqxv');
    await expect(page.locator('[data-empty-results]')).toBeVisible();
    await snap(page, 'store-search-empty');
  });
});
