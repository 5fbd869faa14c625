/**
 * API benchmark: drives each route with autocannon and prints one table, beside the no-op route
 * of the same server in the same run. Routes marked "varied" cycle through many distinct
 * queries, so a read cache cannot answer them all from memory. Usage:
 *   npm run bench                                  # fresh embedded database, demo catalogue
 *   DATABASE_URL=postgres://... npm run bench      # e.g. after `npm run seed -- --goods 100000`
 *   BENCH_URL=http://localhost:3000 BENCH_SECONDS=10 BENCH_CONNECTIONS=32 npm run bench
 *   BENCH_ONLY=search,detail npm run bench         # a subset, by name prefix
 */
import autocannon from 'autocannon';
import { startBenchServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const goodsIds = Number(process.env.BENCH_GOODS ?? 2000);

const words = [
  'honey',
  'merino',
  'chocolate',
  'laptop',
  'wool',
  'skincare',
  'toys',
  'beach',
  'throw',
  'headphones',
  'coffee',
  'tea',
  'jumper',
  'boots',
  'socks',
  'blanket',
  'mug',
  'kettle',
  'towel',
  'pillow',
  'shampoo',
  'soap',
  'candle',
  'lamp',
  'chair',
  'garden',
  'hose',
  'tent',
  'jacket',
  'gloves',
  'puzzle',
  'lego',
  'book',
  'pen',
  'notebook',
  'charger',
  'cable',
  'speaker',
  'camera',
  'watch',
  'dog',
  'cat',
  'bowl',
  'pan',
  'knife',
  'plate',
  'glass',
  'wine',
  'cheese',
  'biscuits',
];
const typos = [
  'choclate',
  'merno',
  'hony',
  'laptp',
  'jumpr',
  'headphnes',
  'chocolat',
  'blankit',
  'teh',
  'shampo',
];
const spread = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

interface Route {
  name: string;
  paths: string[];
}
const routes: Route[] = [
  { name: 'no-op', paths: ['/api/sys/ping'] },
  { name: 'health (db round trip)', paths: ['/api/health'] },
  { name: 'search "honey"', paths: ['/api/org/sale/good/search?keyword=honey'] },
  { name: 'search, varied keywords', paths: words.map((w) => `/api/org/sale/good/search?keyword=${w}`) },
  { name: 'search, varied typos', paths: typos.map((w) => `/api/org/sale/good/search?keyword=${w}`) },
  { name: 'search all, by sales', paths: ['/api/org/sale/good/search?keyword=all&sort=sales'] },
  { name: 'detail one good', paths: ['/api/sale/good/detail/5'] },
  {
    name: 'detail, varied goods',
    paths: spread(500, (i) => `/api/sale/good/detail/${1 + ((i * 7919) % goodsIds)}`),
  },
  { name: 'suggestions "choc"', paths: ['/search/keyword/query/choc'] },
  {
    name: 'suggestions, varied',
    paths: [...words, ...typos].map((w) => `/api/search/keyword/query?keyword=${w.slice(0, 4)}`),
  },
  { name: 'category headers', paths: ['/api/good/category/headers'] },
].filter(
  (r) =>
    !process.env.BENCH_ONLY ||
    r.name === 'no-op' ||
    process.env.BENCH_ONLY.split(',').some((p) => r.name.startsWith(p)),
);

const { url, stop } = await startBenchServer(Number(process.env.BENCH_PORT ?? 3290));
console.log(`bench: ${url}, ${connections} connections, ${seconds} s per route, node ${process.version}\n`);
const run = (route: Route, duration: number) =>
  autocannon({ url, connections, duration, requests: route.paths.map((path) => ({ method: 'GET', path })) });

const rows: { route: Route; rps: number; p50: number; p99: number; errors: number }[] = [];
try {
  for (const route of routes) {
    await run(route, 1); // warm-up
    const r = await run(route, seconds);
    rows.push({
      route,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
    });
  }
} finally {
  stop();
}
const baseline = rows[0]?.rps ?? 1;
console.log(
  `${'route'.padEnd(28)} ${'req/s'.padStart(8)} ${'of no-op'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}`,
);
for (const r of rows) {
  console.log(
    `${r.route.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${`${((100 * r.rps) / baseline).toFixed(0)}%`.padStart(9)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}`,
  );
}
