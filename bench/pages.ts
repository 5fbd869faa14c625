/**
 * Page benchmark: Lighthouse (desktop preset) performance and accessibility of home, search
 * results, goods detail, cart and login, and the JavaScript a first visit to home downloads (compressed bytes on the wire).
 * Needs the built web app (`npm run build`) and Chromium. Usage:
 *   npm run bench:pages
 *   BENCH_URL=http://localhost:3000 BENCH_GOODS_ID=42 npm run bench:pages
 *   BENCH_CPU_SLOWDOWN=3 npm run bench:pages   # as on a busy machine (Lighthouse's simulated CPU slowdown; the preset's is 1)
 *   BENCH_BEFORE_DIST=/tmp/old-dist npm run bench:pages   # against another build of the web app
 *   BENCH_ONLY=goods,home npm run bench:pages             # some of the pages
 *
 * With BENCH_BEFORE_DIST (a folder holding another build's web/dist), a second server serves that
 * build from the same database, and each page's runs alternate between the two builds: this
 * machine's speed drifts within minutes, so only runs taken side by side compare fairly. Two
 * tables are printed, "before" (that build) and "after" (web/dist).
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
const allPages: [string, string][] = [
  ['home', '/'],
  ['search results', '/pages/search/index?keyword=honey'],
  ['goods detail', `/pages/goods/index?id=${goodsId}`],
  ['cart', '/pages/cart/index'],
  ['login', '/pages/user/login/index'],
];
// BENCH_ONLY: the pages whose names start with one of these, comma-separated (e.g. "goods,home").
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const pages = allPages.filter(([name]) => only.length === 0 || only.some((o) => name.startsWith(o)));

const beforeDist = process.env.BENCH_BEFORE_DIST;
// BENCH_URL names one running shop, which serves one build: there would be nothing to compare.
if (beforeDist && process.env.BENCH_URL)
  throw new Error('BENCH_BEFORE_DIST starts its own two servers: leave BENCH_URL unset');
const port = Number(process.env.BENCH_PORT ?? 3291);
const after = await startBenchServer(port);
const before = beforeDist ? await startBenchServer(port + 1, { WEB_DIST: beforeDist }) : null;
const builds = before
  ? [
      { name: 'before', url: before.url },
      { name: 'after', url: after.url },
    ]
  : [{ name: '', url: after.url }];
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

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One table row: the run of median performance score among `results`. */
const row = (name: string, results: Result[]) => {
  results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = results[Math.floor(results.length / 2)]!;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const jsBytes = items
    .filter((i) => i.resourceType === 'Script')
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return `${name.padEnd(16)} ${String(Math.round((lhr.categories.performance?.score ?? 0) * 100)).padStart(11)} ${String(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)).padStart(5)} ${audit('first-contentful-paint').toFixed(0).padStart(7)} ${audit('largest-contentful-paint').toFixed(0).padStart(7)} ${audit('total-blocking-time').toFixed(0).padStart(7)} ${audit('cumulative-layout-shift').toFixed(3).padStart(6)} ${(jsBytes / 1024).toFixed(1).padStart(7)}`;
};

try {
  console.log(
    `bench: ${builds.map((b) => `${b.name ? `${b.name} ` : ''}${b.url}`).join(', ')}, Lighthouse desktop preset${cpuSlowdown === 1 ? '' : `, CPU ${cpuSlowdown}x slower`}, median of ${runs} runs per page${before ? ", the builds' runs alternating" : ''}\n`,
  );
  const heading = `${'page'.padEnd(16)} ${'performance'.padStart(11)} ${'a11y'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS KB'.padStart(7)}`;
  if (!before) console.log(heading);
  const rows = new Map<string, string[]>(builds.map((b) => [b.name, []]));
  for (const [name, path] of pages) {
    const results = new Map<string, Result[]>(builds.map((b) => [b.name, []]));
    for (let i = 0; i < runs; i++) {
      for (const build of builds) {
        const r = await lighthouse(
          build.url + path,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          },
          config,
        );
        if (!r) throw new Error(`Lighthouse returned nothing for ${path}`);
        results.get(build.name)!.push(r.lhr);
      }
    }
    for (const build of builds) {
      const line = row(name, results.get(build.name)!);
      rows.get(build.name)!.push(line);
      if (!before) console.log(line);
    }
  }
  if (before)
    for (const build of builds)
      console.log(`${build.name}\n${heading}\n${rows.get(build.name)!.join('\n')}\n`);
  console.log('\nJS KB: compressed JavaScript transferred on a first visit (no cache).');
} finally {
  chrome.kill();
  after.stop();
  before?.stop();
}
