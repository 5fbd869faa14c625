/**
 * Back-office orders list bench (docs/back-office-orders.md): the list at 100,000 orders on
 * PostgreSQL, 8 operators at once, every request a tab and filters never asked before (date
 * ranges, members, suppliers, amounts, order numbers, pages), for BENCH_SECONDS (20), then each
 * kind of filter alone for 5 s, beside the no-op route /api/sys/ping measured the same way in the
 * same run (bench/load.ts).
 *
 * The database of DATABASE_URL is seeded first (`node server/src/cli/seed.ts`); this bench then
 * adds 5,000 members and 100,000 orders with 1 to 3 lines each, straight in SQL (once: it counts
 * what is there), and an owner to sign in as. Usage:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench BENCH_PORT=3640 node bench/admin-orders.ts
 */
import { execFileSync } from 'node:child_process';
import type { Request } from 'autocannon';
import pg from 'pg';
import { cpuProbe, databaseNameOf } from './cpu.ts';
import { BROWSER_HEADERS, loadPhase, phaseLine } from './load.ts';
import { root, startBenchServer } from './server.ts';

const port = Number(process.env.BENCH_PORT ?? 3640);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const MEMBERS = 5_000;
const OPERATORS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const KIND_SECONDS = 5;
const OWNER = 'bench-owner';
const PASSWORD = 'bench-owner-password-1';
const url = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database of your own.');

/**
 * What keeps the shop's sweeper idle during the run, as in a shop where it keeps up: orders
 * waiting for payment are not past their deadline, shipped ones not yet due to complete.
 */
const FRESH = `update sale_order set pay_deadline = now() + interval '7 days'
    where status = 0 and pay_deadline < now() + interval '1 day';
  update sale_order set shipped_at = now() - make_interval(secs => id % (10 * 86400))
    where status = 2 and shipped_at < now() - interval '12 days'`;

/** Members and orders as a shop's year would have them, in a handful of statements. */
const generate = async (db: pg.Client) => {
  const have = Number((await db.query<{ n: string }>('select count(*) as n from sale_order')).rows[0]!.n);
  if (have >= ORDERS) return have;
  const t = performance.now();
  await db.query(
    `insert into member (kind, email, phone, password_hash, user_name)
     select 'retail', 'bench.member' || i || '@example.co.nz', '0219' || lpad(i::text, 6, '0'), 'x',
            (array['Aroha','Tama','Mere','Wiremu','Hemi','Kiri','Ana','Rangi','Tui','Nikau'])[1 + i % 10] || '_' || i
     from generate_series(1, ${MEMBERS}) i
     on conflict do nothing`,
  );
  const n = ORDERS - have;
  await db.query('begin');
  // Orders over the last year, newest most often; statuses as a shop has them: most completed.
  await db.query(
    `create temp table bench_order on commit drop as
     select i, (select id from member order by id desc limit 1) - (i * 7919 % ${MEMBERS}) as member_id,
            now() - make_interval(secs => (i::float8 / ${n}) ^ 1.3 * 365 * 86400) as created_at,
            case when i % 20 = 0 then 0 when i % 10 = 1 then 1 when i % 10 = 2 then 2 when i % 10 = 3 then 4 else 3 end as status,
            case when i % 7 = 0 then 0 else 700 end as shipping_cents
     from generate_series(1, ${n}) i`,
  );
  await db.query(
    `insert into sale_order (order_no, member_id, org_id, idempotency_key, status, pay_status, goods_cents,
       shipping_cents, total_cents, gst_cents, address, created_at, pay_deadline, paid_at, shipped_at,
       completed_at, closed_at, carrier, tracking_no)
     select 'KB' || to_char(b.created_at at time zone 'Pacific/Auckland', 'YYMMDD') || lpad(b.i::text, 7, '0'),
       b.member_id, 1, 'bench-' || b.i, b.status,
       case b.status when 0 then 0 when 4 then case when b.i % 2 = 0 then 3 else 0 end else 1 end,
       0, b.shipping_cents, b.shipping_cents, 0,
       jsonb_build_object('recipient', 'Bench Buyer', 'phone', '0211234567', 'street', b.i || ' Queen Street',
         'suburb', 'Auckland Central', 'city', 'Auckland', 'region', 'AUK', 'regionName', 'Auckland',
         'island', 'north', 'postcode', '1010'),
       b.created_at, b.created_at + interval '30 minutes',
       case when b.status in (1, 2, 3) then b.created_at + interval '2 minutes' end,
       case when b.status in (2, 3) then b.created_at + interval '1 day' end,
       case when b.status = 3 then b.created_at + interval '8 days' end,
       case when b.status = 4 then b.created_at + interval '30 minutes' end,
       case when b.status in (2, 3) then (array['NZ Post','CourierPost','Aramex'])[1 + b.i % 3] end,
       case when b.status in (2, 3) then 'NZ' || lpad(b.i::text, 9, '0') || 'NZ' end
     from bench_order b order by b.created_at`,
  );
  // 1 to 3 lines each, of SKUs across the catalogue and its suppliers.
  await db.query(
    `with skus as (
       select s.id as sku_id, s.goods_id, s.retail_price_cents, g.name, g.supplier_id, p.code, p.name as supplier_name, p.self,
              row_number() over (order by s.id) as k
       from sku s join goods g on g.id = s.goods_id join supplier p on p.id = g.supplier_id),
     -- The pick is reduced to a row number on the lines' side, so the join is a hash join on k
     -- (an expression of both sides would make it a nested loop over every SKU for every line).
     lines as (
       select o.id as order_id, 1 + (o.id * 31 + j * 977) % (select count(*) from sku) as k, 1 + (o.id + j) % 3 as count
       from sale_order o cross join generate_series(1, 3) j
       where o.idempotency_key like 'bench-%' and j <= 1 + o.id % 3
         and not exists (select 1 from sale_order_line l where l.order_id = o.id))
     insert into sale_order_line (order_id, sku_id, goods_id, name, sku_label, thumb_url, unit_cents, count,
       amount_cents, supplier_id, supplier_code, supplier_name, self)
     select l.order_id, s.sku_id, s.goods_id, s.name, '', '', s.retail_price_cents, l.count,
            s.retail_price_cents * l.count, s.supplier_id, s.code, s.supplier_name, s.self
     from lines l join skus s on s.k = l.k`,
  );
  await db.query(
    `update sale_order o set goods_cents = t.goods, total_cents = t.goods + o.shipping_cents,
            gst_cents = round((t.goods + o.shipping_cents) * 3 / 23.0), item_count = t.items, supplier_names = t.names
     from (select order_id, sum(amount_cents)::int as goods, sum(count)::int as items,
             string_agg(distinct supplier_name, ', ') as names
           from sale_order_line group by order_id) t
     where t.order_id = o.id and o.goods_cents = 0 and o.idempotency_key like 'bench-%'`,
  );
  await db.query(FRESH);
  await db.query('commit');
  // As autovacuum leaves a table that settled: statistics, and the visibility map index-only scans need.
  await db.query('vacuum analyze sale_order');
  await db.query('vacuum analyze sale_order_line');
  await db.query('vacuum analyze sale_order_supplier');
  await db.query('vacuum analyze member');
  console.log(
    `generated ${n.toLocaleString('en-US')} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return ORDERS;
};

/** A never-repeated stream of list queries: each one's text is new in this run. */
const queries = (
  sample: { members: string[]; orderNos: string[]; suppliers: number[] },
  onlyKind?: number,
) => {
  const seen = new Set<string>();
  const tabs = ['', 'toPay', 'toShip', 'shipped', 'completed', 'cancelled'];
  let n = 0;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return (): string => {
    for (let tries = 0; ; tries++) {
      n++;
      const r = (k: number) => Math.floor(Math.random() * k);
      const q = new URLSearchParams();
      const tab = tabs[n % tabs.length]!;
      if (tab) q.set('tab', tab);
      const kind = onlyKind ?? n % 7;
      if (kind === 0 || kind === 4) {
        const from = 1 + r(360);
        q.set('from', day(from));
        q.set('to', day(Math.max(0, from - 1 - r(60))));
      }
      if (kind === 1) q.set('member', sample.members[r(sample.members.length)]!);
      if (kind === 2 || kind === 4) q.set('supplierId', String(sample.suppliers[r(sample.suppliers.length)]));
      if (kind === 3 || kind === 5) {
        const min = r(20_000);
        q.set('minAmount', (min / 100).toFixed(2));
        if (kind === 3) q.set('maxAmount', ((min + 1 + r(50_000)) / 100).toFixed(2));
      }
      if (kind === 6) q.set('orderNo', sample.orderNos[r(sample.orderNos.length)]!);
      q.set('pageNum', String(1 + r(kind === 1 || kind === 6 ? 1 : 10)));
      const text = q.toString();
      // A supplier alone has only suppliers x tabs x pages different queries: past them, it repeats
      // (the server keeps no cache of these lists).
      if (!seen.has(text) || tries >= 1000) {
        seen.add(text);
        return text;
      }
    }
  };
};

const main = async () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const orders = await generate(db);
  await db.query(FRESH);
  await db.query('vacuum analyze sale_order');
  const lines = Number(
    (await db.query<{ n: string }>('select count(*) as n from sale_order_line')).rows[0]!.n,
  );
  const sample = {
    members: (
      await db.query<{ v: string }>(
        `select (array[email, phone, user_name, split_part(user_name, '_', 1)])[1 + (id % 4)] as v
         from member where email like 'bench.member%' order by random() limit 5000`,
      )
    ).rows.map((r) => r.v),
    orderNos: (
      await db.query<{ v: string }>('select order_no as v from sale_order order by random() limit 5000')
    ).rows.map((r) => r.v),
    suppliers: (await db.query<{ id: number }>('select id from supplier')).rows.map((r) => r.id),
  };
  const hasOwner = (await db.query('select 1 from operator where name = $1', [OWNER])).rowCount;
  await db.end();
  if (!hasOwner) {
    execFileSync(process.execPath, ['server/src/cli/operator-create.ts', OWNER], {
      cwd: root,
      env: { ...process.env, OPERATOR_PASSWORD: PASSWORD },
      stdio: 'ignore',
    });
  }

  const server = await startBenchServer(port, { SEED_DEMO: 'false' });
  const cpu = cpuProbe(server.pid, databaseNameOf(databaseUrl));
  try {
    const tokens: string[] = [];
    for (let i = 0; i < OPERATORS; i++) {
      const login = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: OWNER, password: PASSWORD }),
      });
      tokens.push(((await login.json()) as { data: { token: string } }).data.token);
    }
    /** Each operator's own list of list queries, never repeated, longer than a phase gets through. */
    const listed = (next: () => string, seconds: number) => (i: number) =>
      Array.from({ length: seconds * 150 }, () => ({
        method: 'GET' as const,
        path: `/api/admin/orders?${next()}`,
        headers: { ...BROWSER_HEADERS, authorization: `Bearer ${tokens[i]}` },
      }));
    const ping = () => [{ method: 'GET' as const, path: '/api/sys/ping', headers: BROWSER_HEADERS }];
    const phase = async (label: string, seconds: number, requestsOf: (i: number) => Request[]) =>
      console.log(phaseLine(label, await loadPhase(url, OPERATORS, seconds, requestsOf, cpu)));

    console.log(
      `back-office orders list: ${orders.toLocaleString('en-US')} orders / ${lines.toLocaleString('en-US')} lines, PostgreSQL, ${OPERATORS} operators at once, every query new`,
    );
    // Warm: the server's code paths and the database's cache (not counted).
    await loadPhase(url, OPERATORS, 3, listed(queries(sample), 3));
    await phase('GET /api/sys/ping (no-op)', SECONDS, ping);
    await phase('GET /api/admin/orders (tab, filters, page)', SECONDS, listed(queries(sample), SECONDS));
    // Each kind of filter alone, to see which costs what.
    const kinds = [
      'date range',
      'member',
      'supplier',
      'amount range',
      'date + supplier',
      'minimum amount',
      'order number',
    ];
    for (const [kind, name] of kinds.entries())
      await phase(`  ... ${name}`, KIND_SECONDS, listed(queries(sample, kind), KIND_SECONDS));
    await phase('GET /api/sys/ping (no-op, again)', SECONDS, ping);
  } finally {
    server.stop();
  }
};

await main();
