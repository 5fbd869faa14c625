import { expect, test } from '@playwright/test';
import { snapScreen } from '../artifacts.ts';
import { logInAsOwner } from '../back-office.ts';
import { centsOf, payOnSandbox, textOf } from '../orders.ts';
import { signUpRetailMember } from '../sign-up.ts';

/** A 1x1 PNG: what the member photographs. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Live chat (docs/chat.md) in two browsers: a VIP retail member asks from the shop, the operator
 * sees "VIP" and "Retail" beside the member's name in the back office, and the picture they sent,
 * and answers, and the member reads the answer live, without reloading.
 */
test('a VIP member asks in the chat, the operator sees VIP and Retail and answers live', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = 'Hine_Chat';
  await signUpRetailMember(page, name);

  await test.step('join the club (VIP)', async () => {
    await page.goto('/pages/user/vip/index');
    const plan = page.getByRole('article', { name: '3 months' });
    const planCents = centsOf(await textOf(plan.locator('[data-plan-price]')));
    await plan.getByRole('button', { name: /^Join: 3 months/ }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/[^/]+$/);
    await payOnSandbox(page, '4242 4242 4242 4242', planCents);
    await expect(page.getByText('Your Kauri Club membership is in force')).toBeVisible();
  });

  // The operator, in a browser of their own, at the chat desk (so an operator is online).
  const desk = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await logInAsOwner(desk);
  await desk.getByRole('link', { name: 'Chat' }).click();
  await expect(desk.getByText('Live', { exact: true })).toBeVisible();

  const question = 'Kia ora, does my club price apply to manuka honey?';
  await test.step('the member asks', async () => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
    await snapScreen(page, 'chat-tab');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(panel).toBeVisible();
    const box = panel.getByRole('textbox', { name: 'Your message' });
    await box.fill(question);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByRole('log', { name: 'Messages' })).toContainText(question);
  });

  await test.step('the member sends a picture of the jar', async () => {
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await panel
      .getByLabel('Send a picture')
      .setInputFiles({ name: 'jar.png', mimeType: 'image/png', buffer: PNG });
    const picture = panel
      .getByRole('log', { name: 'Messages' })
      .getByRole('img', { name: 'Picture you sent' });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  const answer = 'Kia ora Hine! Yes, club prices apply to all honey. See https://kauri.example.nz/club';
  await test.step('the operator sees VIP and Retail beside the name and answers', async () => {
    const entry = desk.getByRole('region', { name: 'Inbox' }).getByRole('button', { name: new RegExp(name) });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('VIP', { exact: true })).toBeVisible();
    await expect(entry.getByText('Retail', { exact: true })).toBeVisible();
    // Two unread: the question and the picture.
    await expect(desk).toHaveTitle(/^\(2\) Chat/);
    await entry.click();
    const conversation = desk.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText(question);
    await expect(conversation.getByRole('img', { name: `Picture from ${name}` })).toBeVisible();
    await conversation.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('club prices apply');
    await snapScreen(desk, 'chat-desk');
  });

  await test.step('the member reads the answer live', async () => {
    const log = page.getByRole('dialog', { name: 'Chat with us' }).getByRole('log', { name: 'Messages' });
    await expect(log).toContainText('club prices apply to all honey');
    await expect(log.getByRole('link', { name: 'https://kauri.example.nz/club' })).toBeVisible();
    await snapScreen(page, 'chat-panel');
  });
  await desk.close();
});
