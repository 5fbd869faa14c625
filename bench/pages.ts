/**
 * Page benchmark: Lighthouse (desktop preset) performance and accessibility of home, search
 * results, goods detail, cart and login, and the JavaScript a first visit to home downloads (compressed bytes on the wire).
 * Needs the built web app (`npm run build`) and Chromium. Usage:
 *   npm run bench:pages
 *   BENCH_URL=http://localhost:3000 BENCH_GOODS_ID=42 npm run bench:pages
 *   BENCH_CPU_SLOWDOWN=3 npm run bench:pages   # as on a busy machine (Lighthouse's simulated CPU slowdown; the preset's is 1)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startBenchServer } from './server.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const goodsId = process.env.BENCH_GOODS_ID ?? '1';
// Lighthouse simulates the page's main-thread tasks this many times slower than they ran: the
// figures of a shared machine whose other work makes every task longer, repeatably.
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const config = {
  ...desktopConfig,
  settings: {
    ...desktopConfig.settings,
    throttling: { ...desktopConfig.settings?.throttling, cpuSlowdownMultiplier: cpuSlowdown },
  },
};
const pages: [string, string][] = [
  ['home', '/'],
  ['search results', '/pages/search/index?keyword=honey'],
  ['goods detail', `/pages/goods/index?id=${goodsId}`],
  ['cart', '/pages/cart/index'],
  ['login', '/pages/user/login/index'],
];

const { url, stop } = await startBenchServer(Number(process.env.BENCH_PORT ?? 3291));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

try {
  console.log(
    `bench: ${url}, Lighthouse desktop preset${cpuSlowdown === 1 ? '' : `, CPU ${cpuSlowdown}x slower`}, median of ${runs} runs per page\n`,
  );
  console.log(
    `${'page'.padEnd(16)} ${'performance'.padStart(11)} ${'a11y'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS KB'.padStart(7)}`,
  );
  for (const [name, path] of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(
        url + path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        config,
      );
      if (!r) throw new Error(`Lighthouse returned nothing for ${path}`);
      results.push(r.lhr);
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = results[Math.floor(results.length / 2)]!;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items ?? []) as NetworkItem[];
    const jsBytes = items
      .filter((i) => i.resourceType === 'Script')
      .reduce((s, i) => s + (i.transferSize ?? 0), 0);
    console.log(
      `${name.padEnd(16)} ${String(Math.round((lhr.categories.performance?.score ?? 0) * 100)).padStart(11)} ${String(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)).padStart(5)} ${audit('first-contentful-paint').toFixed(0).padStart(7)} ${audit('largest-contentful-paint').toFixed(0).padStart(7)} ${audit('total-blocking-time').toFixed(0).padStart(7)} ${audit('cumulative-layout-shift').toFixed(3).padStart(6)} ${(jsBytes / 1024).toFixed(1).padStart(7)}`,
    );
  }
  console.log('\nJS KB: compressed JavaScript transferred on a first visit (no cache).');
} finally {
  chrome.kill();
  stop();
}
