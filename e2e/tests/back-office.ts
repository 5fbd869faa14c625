import { expect, type Page, test } from '@playwright/test';
import { OPERATOR } from './orders.ts';

/** Logs the demo owner into the back office through its login page; on the dashboard afterwards. */
export const logInAsOwner = (page: Page) =>
  test.step(
    'log in as the owner',
    async () => {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
      await page.getByLabel('Name').fill(OPERATOR.OPERATOR_NAME);
      await page.getByLabel('Password').fill(OPERATOR.OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    },
    { box: true },
  );
