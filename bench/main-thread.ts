/**
 * Main-thread bench: what a shopper's browser spends on a short journey through the shop, and how
 * many components React renders on the way. Used to decide on the React Compiler (kept
 * only if it cuts re-renders or main-thread time) and to compare builds. Needs the built web app
 * (`npm run build`) and Chromium. Usage:
 *   npm run bench:main-thread
 *   BENCH_URL=http://localhost:3000 BENCH_RUNS=7 npm run bench:main-thread
 *
 * The journey: home; the first category of the brand bar hovered (its mega panel); "honey" typed
 * into the search box a key at a time (its suggestions); Enter (the results); the first good
 * opened; its quantity raised five times; the cart, through the header's link. Each run is a new browser context (nothing
 * cached). Printed: the median of the runs' main-thread task time, script time and style and
 * layout time (Chromium's Performance domain), then one more run that counts React's commits and
 * the components rendered in them (through the hook React calls for its developer tools; absent
 * when the page is not rendered by React).
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { startBenchServer } from './server.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 5);

// React calls this hook's onCommitFiberRoot after every commit (the React DevTools' entry point).
// A component counts as rendered when its fiber did work in that commit (React's PerformedWork
// flag, 1), as the developer tools' profiler counts it.
const countRenders = () => {
  const counts = { react: false, commits: 0, renders: 0 };
  (globalThis as unknown as { __renders: typeof counts }).__renders = counts;
  type Fiber = { tag: number; flags: number; child: Fiber | null; sibling: Fiber | null };
  const componentTags = new Set([0, 1, 11, 14, 15]);
  const walk = (first: Fiber | null) => {
    const stack: Fiber[] = first ? [first] : [];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      if (componentTags.has(fiber.tag) && (fiber.flags & 1) === 1) counts.renders += 1;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
  };
  (globalThis as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    // React announces itself here when it loads; another renderer never does.
    inject: () => {
      counts.react = true;
      return 1;
    },
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      counts.commits += 1;
      walk(root.current);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
};

const journey = async (page: Page, url: string) => {
  // One document throughout (links, not reloads): the counts and the timings cover it all.
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const shop = page.getByRole('navigation', { name: 'Shop' });
  await shop.getByRole('link').nth(1).hover();
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('combobox').first();
  await box.click();
  await box.pressSequentially('honey', { delay: 80 });
  await page.getByRole('option').first().waitFor();
  await box.press('Enter');
  await page.waitForURL(/\/pages\/search\/index/);
  await page.waitForLoadState('networkidle');
  await page.locator('a[href*="/pages/goods/index?id="]').first().click();
  await page.getByRole('button', { name: 'Increase quantity' }).waitFor();
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('link', { name: /^Shop Cart/ }).click();
  await page.waitForURL(/\/pages\/cart\/index/);
  await page.waitForLoadState('networkidle');
};

interface Metrics {
  task: number;
  script: number;
  styleLayout: number;
}

const timedRun = async (browser: Browser, url: string): Promise<Metrics> => {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await journey(page, url);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (name: string) => (metrics.find((x) => x.name === name)?.value ?? 0) * 1000;
  await context.close();
  return {
    task: m('TaskDuration'),
    script: m('ScriptDuration'),
    styleLayout: m('RecalcStyleDuration') + m('LayoutDuration'),
  };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { url, stop } = await startBenchServer(Number(process.env.BENCH_PORT ?? 3292));
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await timedRun(browser, url); // warm-up: the server's caches, Chromium's own start
  const results: Metrics[] = [];
  for (let i = 0; i < runs; i++) results.push(await timedRun(browser, url));
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  await context.addInitScript(countRenders);
  const page = await context.newPage();
  await journey(page, url);
  const renders = await page.evaluate(
    () =>
      (globalThis as unknown as { __renders?: { react: boolean; commits: number; renders: number } })
        .__renders,
  );
  await context.close();
  const ms = (n: number) => n.toFixed(0).padStart(6);
  console.log(`bench: ${url}, the shopper's journey, median of ${runs} runs\n`);
  console.log('main thread ms: tasks  script  style+layout');
  console.log(
    `               ${ms(median(results.map((r) => r.task)))}  ${ms(median(results.map((r) => r.script)))}  ${ms(median(results.map((r) => r.styleLayout)))}`,
  );
  console.log(
    `runs' tasks ms: ${results.map((r) => r.task.toFixed(0)).join(', ')}\n` +
      (renders?.react
        ? `React commits: ${renders.commits}, components rendered: ${renders.renders}`
        : 'React commits and renders: - (the page is not rendered by React)'),
  );
} finally {
  await browser.close();
  stop();
}
