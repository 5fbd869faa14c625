/**
 * API benchmark: drives each route with autocannon and prints one table, beside the no-op route
 * of the same server in the same run. Routes marked "varied" cycle through many distinct
 * queries, so a read cache cannot answer them all from memory. Usage:
 *   npm run bench                                  # fresh embedded database, demo catalogue
 *   DATABASE_URL=postgres://... npm run bench      # e.g. after `npm run seed -- --goods 100000`
 *   BENCH_URL=http://localhost:3000 BENCH_SECONDS=10 BENCH_CONNECTIONS=32 npm run bench
 *   BENCH_ONLY=search,detail npm run bench         # a subset, by name prefix
 *   BENCH_ONLY="search, never" npm run bench       # one phase whose name has a comma: the whole prefix
 *   BENCH_ONLY=search npm run bench                # every search, goods-name words repeating and never repeated included (search-words.ts)
 *   BENCH_ONLY=cart npm run bench                  # cart add and change count, one member per connection
 *   BENCH_ONLY=order npm run bench                 # order submission: throughput, then a sell-out (orders.ts)
 *   BENCH_ONLY=fav npm run bench                   # favourites: collect, and the list at 1,000 (favourites.ts)
 */
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { callApi, cartMembers, cartSkus } from './cart-members.ts';
import { type CpuPerRequest, cpuProbe, databaseNameOf } from './cpu.ts';
import {
  clearFavourites,
  collectRequests,
  FAVOURITES_FULL,
  favouriteGoods,
  fillFavourites,
  isListAnswer,
  listAfterChangeRequests,
  listRequests,
  variedListRequests,
} from './favourites.ts';
import { BROWSER_HEADERS } from './load.ts';
import { type OrderPhase, orderBench } from './orders.ts';
import { nameWords, neverRepeatedSearches, repeatingSearches } from './search-words.ts';
import { memoryOf, percentile, startBenchServer } from './server.ts';

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
  /**
   * The requests of connection `i` (signed-in routes), instead of GETs of `paths`. The measured
   * run's connections are numbered on from the warm-up's (32-63 after 0-31), so requests made
   * to differ by `i` differ from the warm-up's too; `i` modulo the connections picks the member.
   */
  perClient?: (i: number) => Request[];
  /** Runs before the warm-up and before the measured run. */
  before?: () => Promise<void>;
  /** Times only the answers of this size (bytes), e.g. a phase's reads apart from its writes. */
  timed?: (bytes: number) => boolean;
}
const allRoutes: Route[] = [
  { name: 'no-op', paths: ['/api/sys/ping'] },
  { name: 'health (db round trip)', paths: ['/api/health'] },
  { name: 'search "honey"', paths: ['/api/org/sale/good/search?keyword=honey'] },
  { name: 'search, varied keywords', paths: words.map((w) => `/api/org/sale/good/search?keyword=${w}`) },
  { name: 'search, 60 name words', paths: [] },
  { name: 'search, never repeated', paths: [] },
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
  { name: 'cart baseline: user info', paths: [] },
  { name: 'cart read (5 lines)', paths: [] },
  { name: 'cart add, varied SKUs', paths: [] },
  { name: 'cart count', paths: [] },
  { name: 'favourites collect', paths: [] },
  { name: 'favourites list (1,000)', paths: [] },
  { name: 'favourites list, never repeated', paths: [] },
  { name: 'favourites list, after a change', paths: [] },
];
/** BENCH_ONLY: the phases whose names start with it whole, else with one of its comma-separated parts. */
const only = process.env.BENCH_ONLY;
const prefixes = !only ? [] : allRoutes.some((r) => r.name.startsWith(only)) ? [only] : only.split(',');
const routes = allRoutes.filter(
  (r) => !only || r.name === 'no-op' || prefixes.some((p) => r.name.startsWith(p)),
);

const { url, stop, dataDir, pid } = await startBenchServer(Number(process.env.BENCH_PORT ?? 3290));
/** The database of the server under test, when this bench started it on PostgreSQL. */
const benchDatabaseUrl = process.env.BENCH_URL ? undefined : process.env.DATABASE_URL;
/** CPU per request of the server and its database backends (cpu.ts), when this bench started the server. */
const cpu = cpuProbe(pid, databaseNameOf(benchDatabaseUrl));
console.log(`bench: ${url}, ${connections} connections, ${seconds} s per route, node ${process.version}\n`);

/**
 * The cart routes: each connection is its own member. "cart add" adds 1 of a SKU, cycling through
 * 20 SKUs (carts start empty each run, so counts stay far below stock); "cart count" sets the count
 * of one of the member's 5 lines, a different count each time.
 */
const cartBaseline = routes.find((r) => r.name.startsWith('cart baseline'));
const cartRead = routes.find((r) => r.name.startsWith('cart read'));
const cartAdd = routes.find((r) => r.name.startsWith('cart add'));
const cartCount = routes.find((r) => r.name === 'cart count');
if (cartBaseline || cartRead || cartAdd || cartCount) {
  const members = await cartMembers(url, dataDir, connections);
  if (!dataDir) console.log('cart: BENCH_URL without an outbox, every connection shares the demo member\n');
  const skus = await cartSkus(url, 20);
  const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' });
  const emptied = () => Promise.all(members.map((h) => callApi(url, 'DELETE', '/api/cart', undefined, h)));
  /**
   * Empties the carts, then, on PostgreSQL, vacuums the cart tables as pgbench vacuums before each
   * run: a database without autovacuum (as on the CI machines) would otherwise carry every earlier
   * run's dead cart rows into this one, and each run would measure a slower cart than the last.
   */
  const clear = async () => {
    await emptied();
    if (!benchDatabaseUrl) return;
    const db = new pg.Client({ connectionString: benchDatabaseUrl });
    await db.connect();
    await db.query('vacuum analyze cart_line, cart_version');
    await db.end();
  };
  if (cartAdd) {
    cartAdd.before = clear;
    cartAdd.perClient = (i) => {
      const h = json(members[i % members.length]!);
      return skus.map((_, j) => ({
        method: 'POST',
        path: '/api/cart/app/add',
        headers: h,
        body: JSON.stringify({ skuId: skus[(i + j) % skus.length], count: 1 }),
      }));
    };
  }
  let lines: number[][] = [];
  /** Each member's cart: 5 lines of 1. */
  const fill = async () => {
    await clear();
    lines = await Promise.all(
      members.map(async (h, i) => {
        const picked = Array.from({ length: 5 }, (_, j) => ({
          skuId: skus[(i + j) % skus.length]!,
          count: 1,
        }));
        const r = await callApi<{ items: { id: number }[] }>(url, 'POST', '/api/cart/batch/add', picked, h);
        if (!r.success) throw new Error(`cart count setup: ${r.message}`);
        return r.data.items.map((it) => it.id);
      }),
    );
  };
  // What any signed-in call costs here (token, session and member reads), for comparison.
  if (cartBaseline) {
    cartBaseline.perClient = (i) => [
      { method: 'GET', path: '/api/sys/auth/user/info', headers: members[i % members.length]! },
    ];
  }
  if (cartRead) {
    cartRead.before = fill;
    cartRead.perClient = (i) => [
      { method: 'GET', path: '/api/cart/app', headers: members[i % members.length]! },
    ];
  }
  if (cartCount) {
    cartCount.before = fill;
    cartCount.perClient = (i) => {
      const h = json(members[i % members.length]!);
      const own = lines[i % members.length]!;
      return [0, 1, 2].flatMap((k) =>
        own.map((id, j) => ({
          method: 'PUT' as const,
          path: '/api/cart/count',
          headers: h,
          body: JSON.stringify({ id, count: 2 + ((j + k) % 3) }),
        })),
      );
    };
  }
}

/** The searches of goods-name words (search-words.ts), repeating and never repeated. */
const nameWordRoutes = routes.filter(
  (r) => r.name.startsWith('search, 60') || r.name.startsWith('search, never'),
);
if (nameWordRoutes.length > 0) {
  const words = await nameWords(url, benchDatabaseUrl);
  console.log(`search: the ${words.length} most frequent words of goods names: ${words.join(' ')}\n`);
  const neverRepeated = neverRepeatedSearches(words, 2 * connections);
  for (const route of nameWordRoutes)
    route.perClient = route.name.includes('never') ? neverRepeated : (i) => repeatingSearches(words, i);
}

/** The favourites routes (favourites.ts): each connection is its own member. */
const favRoutes = routes.filter((r) => r.name.startsWith('favourites'));
if (favRoutes.length > 0) {
  const members = await cartMembers(url, dataDir, connections);
  const goods = await favouriteGoods(url, FAVOURITES_FULL);
  // As a browser asks: the server compresses each answer, as it does for a real member.
  const member = (i: number) => ({ ...members[i % members.length]!, ...BROWSER_HEADERS });
  let full = false;
  /**
   * As for the cart: this machine's PostgreSQL runs without autovacuum, and a freshly seeded
   * database has no statistics yet (its plans would scan whole tables), so the database is
   * vacuumed and analysed before each favourites phase that changed it.
   */
  const vacuumed = async () => {
    if (!benchDatabaseUrl) return;
    const db = new pg.Client({ connectionString: benchDatabaseUrl });
    await db.connect();
    await db.query('vacuum analyze');
    await db.end();
  };
  for (const route of favRoutes) {
    if (route.name === 'favourites collect') {
      route.before = async () => {
        await clearFavourites(url, members);
        full = false;
        await vacuumed();
      };
      route.perClient = (i) => collectRequests(member(i), i, goods.slice(0, 200));
    } else {
      route.before = async () => {
        if (full) return;
        console.log(`favourites: filling ${members.length} lists with ${FAVOURITES_FULL} goods each`);
        await fillFavourites(url, members, goods);
        full = true;
        await vacuumed();
      };
      if (route.name.includes('after a change')) {
        route.perClient = (i) => listAfterChangeRequests(member(i), i, goods);
        route.timed = isListAnswer;
      } else
        route.perClient = (i) =>
          route.name.includes('never repeated')
            ? variedListRequests(member(i), i)
            : listRequests(member(i), i);
    }
  }
}

/** BENCH_TRACE: each phase's answers and p99 per half second, to see a slow start or a stall. */
const traceHalfSeconds = (instance: autocannon.Instance, label: string) => {
  const t0 = Date.now();
  const halves: number[][] = [];
  instance.on('response', (_client, _status, _bytes, ms) => {
    const half = Math.floor((Date.now() - t0) / 500);
    halves[half] ??= [];
    halves[half].push(ms);
  });
  instance.on('done', () =>
    console.log(
      `${label}: ${halves.map((h) => `${h.length} p99 ${percentile(h, 99).toFixed(0)}`).join(' | ')}`,
    ),
  );
};

/** `pass` 0 is the warm-up, 1 the measured run: each gets its own requests (Route.perClient). */
const run = async (route: Route, duration: number, pass: number) => {
  await route.before?.();
  let client = 0;
  const perClient = route.perClient;
  const latencies: number[] = [];
  const { timed } = route;
  // Every connection's requests are made before the clock starts (as in load.ts): 4,000 varied
  // requests a connection, made as each opened, stalled the bench and showed as 1-4 s answers.
  const lists = perClient
    ? Array.from({ length: connections }, (_, i) => perClient(i + pass * connections))
    : null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        requests:
          lists?.[0] ?? route.paths.map((path) => ({ method: 'GET', path, headers: BROWSER_HEADERS })),
        ...(lists
          ? { setupClient: (c: autocannon.Client) => c.setRequests(lists[client++ % connections]!) }
          : {}),
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    if (process.env.BENCH_TRACE) traceHalfSeconds(instance, `${route.name}, ${duration} s`);
    if (timed)
      instance.on('response', (_client, _status, bytes, ms) => {
        if (timed(bytes)) latencies.push(ms);
      });
  });
  // The timed answers' own latency, in place of the whole phase's.
  if (timed && latencies.length > 0) {
    result.latency.p50 = percentile(latencies, 50);
    result.latency.p99 = percentile(latencies, 99);
  }
  return result;
};

const rows: {
  route: Route;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMs: CpuPerRequest | null;
}[] = [];
const wantOrders = process.env.BENCH_ONLY?.split(',').some((p) => 'order submit'.startsWith(p)) ?? true;
let orderPhases: OrderPhase[] = [];
try {
  for (const route of routes) {
    // Warm-up: every distinct path once (a cold database can take seconds on its first broad
    // search, which would otherwise land in the measurement), then BENCH_WARMUP seconds of load
    // (5): for the first 3-4 s of a new kind of load the server answers slower (p99 30-80 ms on
    // the favourites list against 15 after, seen with BENCH_TRACE) while V8 optimises its code and
    // sizes its heap for it (with --trace-gc: a full collection every 200-500 ms, then none).
    for (let i = 0; i < route.paths.length; i += 8) {
      await Promise.all(
        route.paths.slice(i, i + 8).map((p) => fetch(`${url}${p}`).then((r) => r.arrayBuffer())),
      );
    }
    await run(route, Number(process.env.BENCH_WARMUP ?? 5), 0);
    const measured = cpu.start();
    const r = await run(route, seconds, 1);
    const cpuMs = measured(r.requests.total);
    rows.push({
      cpuMs: cpu.available ? cpuMs : null,
      route,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
    });
  }
  if (wantOrders) {
    const members = await cartMembers(url, dataDir, connections);
    const skus = await cartSkus(url, connections);
    orderPhases = await orderBench(url, members, skus, seconds, benchDatabaseUrl, () => {
      const measured = cpu.start();
      return (orders) => (cpu.available ? measured(orders) : null);
    });
  }
} finally {
  if (pid !== null) console.log(`server memory after the phases: ${memoryOf(pid)}`);
  stop();
}
const baseline = rows[0]?.rps ?? 1;
console.log(
  `${'route'.padEnd(28)} ${'req/s'.padStart(8)} ${'of no-op'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  cpu ms/req server + db`,
);
for (const r of rows) {
  console.log(
    `${r.route.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${`${((100 * r.rps) / baseline).toFixed(0)}%`.padStart(9)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}  ${r.cpuMs ? `${r.cpuMs.server.toFixed(3)} + ${r.cpuMs.db.toFixed(3)}` : 'n/a'}`,
  );
}

if (orderPhases.length > 0) {
  console.log(
    `\n${'orders'.padEnd(28)} ${'req/s'.padStart(8)} ${'of no-op'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'placed'.padStart(7)} ${'refused'.padStart(8)}  ${'cpu ms/order'.padStart(11)}  stock before -> after, units sold`,
  );
  for (const o of orderPhases) {
    const stock =
      o.unitsSold === null
        ? 'n/a (no DATABASE_URL)'
        : o.stockBefore === null
          ? `sold ${o.unitsSold} (each buyer their own SKU)`
          : `${o.stockBefore} -> ${o.stockAfter}, sold ${o.unitsSold}`;
    console.log(
      `${o.name.padEnd(28)} ${o.rps.toFixed(0).padStart(8)} ${`${((100 * o.rps) / baseline).toFixed(0)}%`.padStart(9)} ${o.p50.toFixed(1).padStart(7)} ${o.p99.toFixed(1).padStart(7)} ${String(o.errors).padStart(6)} ${String(o.placed).padStart(7)} ${String(o.refused).padStart(8)}  ${o.cpuMs ? `${o.cpuMs.server.toFixed(2)} + ${o.cpuMs.db.toFixed(2)}`.padStart(11) : 'n/a'.padStart(11)}  ${stock}`,
    );
  }
}
