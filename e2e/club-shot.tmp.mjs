import { chromium } from '@playwright/test';

const BASE = 'http://localhost:3462';
const out = (n) => `/tmp/i16club-shots/${n}.png`;
const api = async (path, opts = {}) => {
  const res = await fetch(BASE + path, {
    ...opts,
    headers: { 'content-type': 'application/json', store: '1', ...(opts.headers ?? {}) },
  });
  return res.json();
};
const signIn = async (kind, account) => {
  const login = await api(`/api/sys/auth/${kind}/login`, {
    method: 'POST',
    body: JSON.stringify({ account, password: 'kauri-demo-1' }),
  });
  const t = login.data;
  const info = await api('/api/sys/auth/user/info', {
    headers: { authorization: `Bearer ${t.accessToken}` },
  });
  return { t, member: info.data };
};
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const open = async (who) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(({ t, member }) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const expiresAt = Date.now() + 3_600_000;
    localStorage.setItem('mall:token', JSON.stringify({ value: t.accessToken, expiresAt }));
    localStorage.setItem('mall:refreshToken', JSON.stringify({ value: t.refreshToken, expiresAt }));
    localStorage.setItem('mall:member', JSON.stringify({ value: member }));
  }, who);
  return page;
};
const step = process.argv[2];
if (step === 'demo') {
  const page = await open(await signIn('retail', 'aroha@example.co.nz'));
  await page.goto(BASE + '/pages/user/vip/index');
  await page.getByRole('heading', { name: 'Plans' }).waitFor();
  await page.screenshot({ path: out('1-demo-open-ended'), fullPage: true });
  const wholesale = await open(await signIn('wholesale', 'orders@tui-trading.co.nz'));
  await wholesale.goto(BASE + '/pages/user/vip/index');
  await wholesale.getByRole('heading', { name: 'Plans' }).waitFor();
  await wholesale.screenshot({ path: out('2-wholesale'), fullPage: true });
}
if (step === 'join') {
  const page = await open(await signIn('retail', 'aroha@example.co.nz'));
  await page.goto(BASE + '/pages/user/vip/index');
  await page.getByRole('heading', { name: 'Plans' }).waitFor();
  await page.screenshot({ path: out('3-not-member'), fullPage: true });
  await page.getByRole('button', { name: 'Join: 3 months for $19.00' }).click();
  await page.waitForURL(/sandbox-gateway/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByText('Payment successful').waitFor();
  await page.screenshot({ path: out('4-notice'), fullPage: true });
  await page.getByRole('link', { name: 'Club membership' }).first().click();
  await page.getByRole('heading', { name: /member until/ }).waitFor();
  await page.screenshot({ path: out('5-member'), fullPage: true });
  await page.goto(BASE + '/pages/order/index');
  await page.getByRole('article').first().waitFor();
  await page.screenshot({ path: out('6-orders'), fullPage: true });
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /detail/i })
    .first()
    .click()
    .catch(() => {});
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out('7-order-detail'), fullPage: true });
}
await browser.close();
