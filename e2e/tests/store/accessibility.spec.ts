import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { buyableGoods } from '../orders.ts';

/**
 * The pages Lighthouse's accessibility audit is held to 100 on (README: benchmarks) checked with
 * axe, the engine that audit runs: WCAG 2.2 A and AA (contrast, names, landmarks, headings, target
 * sizes), with nothing left out.
 */
const audit = async (page: import('@playwright/test').Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Only what fails is listed in full: every rule still runs on every element, but the
    // elements that pass are not each described back to the test.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('home, search results, goods detail, cart and login pass the accessibility rules', async ({
  page,
  request,
}) => {
  // Five full pages, each loaded and then analysed by axe (10-12 s a page on a busy 2-core
  // machine): more than the 60 s one journey step is given.
  test.setTimeout(180_000);
  const [good] = await buyableGoods(request, 'honey', 1, 1);
  expect(good).toBeDefined();
  for (const [path, heading] of [
    ['/', 'In the spotlight'],
    ['/pages/search/index?keyword=honey', null],
    [`/pages/goods/index?id=${good!.id}`, good!.name],
    ['/pages/cart/index', 'Shop Cart'],
    ['/pages/user/login/index', null],
  ] as const) {
    await test.step(path, async () => {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await audit(page), path).toEqual([]);
    });
  }
});
