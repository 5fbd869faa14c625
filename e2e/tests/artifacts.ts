import path from 'node:path';
import { type Page, test } from '@playwright/test';

/**
 * Full-page screenshots kept under e2e/artifacts/ for people to look at. The page is scrolled
 * through first, as a shopper would, so sections that render when scrolled near are shown.
 */
/**
 * A CI run keeps no files, so it scrolls and waits as for a screenshot (what follows may rely on
 * it) but draws none: drawing a full page took 3-5 s, about 40 s of a run's wall time in all.
 * E2E_SCREENSHOTS=1 draws them in CI too.
 */
const keepScreenshots = process.env.CI !== 'true' || process.env.E2E_SCREENSHOTS === '1';

export const snap = (page: Page, name: string) =>
  test.step(`screenshot ${name}`, () => fullPageShot(page, name), { box: true });

const fullPageShot = async (page: Page, name: string) => {
  await test.step('scroll', async () => {
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let top = 600; top < height + 600; top += 600) {
      // A screen at a time, each drawn before the next (two animation frames), so the sections
      // that render when scrolled near see it; the wheel would not move a page behind a dialog.
      await page.evaluate(async (y) => {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      }, top);
    }
  });
  await test.step('network idle', () => page.waitForLoadState('networkidle'));
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!keepScreenshots) return;
  await test.step('capture', () =>
    page.screenshot({
      path: path.resolve(import.meta.dirname, '../artifacts', `${name}.png`),
      fullPage: true,
    }));
};

/**
 * A screenshot of what is on screen now, without scrolling: for something open under the
 * pointer (a hover menu), which scrolling the page from under the pointer would close. Not drawn
 * in CI, as `snap`.
 */
export const snapScreen = async (page: Page, name: string) => {
  if (!keepScreenshots) return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts', `${name}.png`) });
};

export const BRAND = 'Kauri Mall';

/** Puts a signed-in member into storage the way the app stores one (its local storage keys). */
export const signInStorage = async (page: Page, member: Record<string, unknown>) => {
  await page.addInitScript((m) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    const expiresAt = Date.now() + 3_600_000;
    localStorage.setItem('mall:token', JSON.stringify({ value: 'e2e-access', expiresAt }));
    localStorage.setItem('mall:refreshToken', JSON.stringify({ value: 'e2e-refresh', expiresAt }));
    localStorage.setItem('mall:member', JSON.stringify({ value: m }));
  }, member);
};
