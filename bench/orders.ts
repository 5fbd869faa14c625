/**
 * Order submission benchmark (docs/orders.md: checkout): one buyer per connection, each in a loop: put 1 unit of
 * a SKU in the cart (not timed), then submit an order of it with a new Idempotency-Key (timed).
 * Three phases:
 *  - varied: each buyer buys their own SKU (no two orders wait for the same stock row), for `seconds`;
 *  - one SKU: every buyer buys the same popular SKU (all wait for its stock row in turn, as on a
 *    launch day), with plenty of stock, for `seconds`;
 *  - sell-out: that SKU with a small stock, until every buyer has been refused once; the units
 *    sold must equal the stock exactly;
 *  - varied again, then wallet: as varied, each order with its own discount card (issued before the phase), 1 point and
 *    $0.01 of cash card money (docs/wallet.md), to compare with varied (DATABASE_URL only).
 * The stock is set through DATABASE_URL; without it (BENCH_URL) only the throughput phase runs.
 */
import { randomUUID } from 'node:crypto';
import { build } from 'hdr-histogram-js';
import pg from 'pg';
import { Pool } from 'undici';
import { callApi } from './cart-members.ts';
import type { CpuPerRequest } from './cpu.ts';

interface Address {
  id: number;
}

const ensureAddress = async (url: string, h: Record<string, string>): Promise<number> => {
  const list = await callApi<{ records: Address[] }>(url, 'GET', '/api/customer/address', undefined, h);
  if (list.success && list.data.records[0]) return list.data.records[0].id;
  const made = await callApi<Address>(
    url,
    'POST',
    '/api/customer/address',
    {
      recipient: 'Bench Buyer',
      phone: '0211234567',
      street: '1 Queen Street',
      suburb: 'Auckland Central',
      city: 'Auckland',
      region: 'AUK',
      postcode: '1010',
      isDefault: true,
    },
    h,
  );
  if (!made.success) throw new Error(`address: ${made.message}`);
  return made.data.id;
};

export interface OrderPhase {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  placed: number;
  refused: number;
  errors: number;
  stockBefore: number | null;
  stockAfter: number | null;
  unitsSold: number | null;
  /** CPU per order of the server and its database backends: the cart add and the submit (cpu.ts). */
  cpuMs: CpuPerRequest | null;
}

/** Starts measuring CPU; the function it returns, given the orders, says what each cost (cpu.ts). */
export type CpuMeasure = () => (requests: number) => CpuPerRequest | null;

/**
 * What a buyer calls, over one keep-alive connection each: undici's Pool rather than fetch, whose
 * web streams make each call cost the bench's process more CPU, on the cores the server shares.
 */
const buyerClient = (url: string, connections: number) => {
  const pool = new Pool(url, { connections, pipelining: 1 });
  return {
    call: async (
      method: 'POST' | 'DELETE',
      path: string,
      headers: Record<string, string>,
      body?: unknown,
    ) => {
      const res = await pool.request({
        method,
        path,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.statusCode, text: await res.body.text() };
    },
    close: () => pool.close(),
  };
};

/** Runs buyers until `until()` says stop; answers the submit latencies and outcomes. */
const runBuyers = async (
  url: string,
  buyers: { h: Record<string, string>; addressId: number }[],
  skuOf: (buyer: number) => number,
  until: (state: { refusedBy: Set<number>; started: number }) => boolean,
  cpu: CpuMeasure,
  /** What else the submit sends (prepared before the timed call). */
  extra: (buyer: number) => Promise<Record<string, unknown>> = async () => ({}),
) => {
  const histogram = build({ numberOfSignificantValueDigits: 3 });
  const client = buyerClient(url, buyers.length);
  let placed = 0;
  let refused = 0;
  let errors = 0;
  const refusedBy = new Set<number>();
  const measured = cpu();
  const started = performance.now();
  await Promise.all(
    buyers.map(async (b, i) => {
      const json = { ...b.h, 'content-type': 'application/json' };
      const skuId = skuOf(i);
      while (!until({ refusedBy, started })) {
        const add = JSON.parse(
          (await client.call('POST', '/api/cart/app/add', json, { skuId, count: 1 })).text,
        ) as { success: boolean; data: { id: number; skuId: number }[] };
        if (!add.success) {
          // Out of stock at the cart already: this buyer is done.
          refused++;
          refusedBy.add(i);
          break;
        }
        const line = add.data.find((l) => l.skuId === skuId)!;
        const more = await extra(i);
        const t0 = performance.now();
        const res = await client.call(
          'POST',
          '/api/sale/order/submit',
          { ...json, 'idempotency-key': randomUUID() },
          { cartItemIds: [line.id], addressId: b.addressId, ...more },
        );
        histogram.recordValue(Math.max(1, Math.round((performance.now() - t0) * 1000)));
        if (res.status === 200) placed++;
        else if (res.status === 409) {
          refused++;
          refusedBy.add(i);
          // The line stays in the cart: take it out so the next add starts again from 1.
          await client.call('DELETE', `/api/cart/${line.id}`, b.h);
        } else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = measured(placed + refused);
  await client.close();
  return {
    rps: (placed + refused) / seconds,
    p50: histogram.getValueAtPercentile(50) / 1000,
    p99: histogram.getValueAtPercentile(99) / 1000,
    placed,
    refused,
    errors,
    cpuMs,
  };
};

/**
 * Gives a bench member 10,000,000 points and a $100,000.00 cash card, written as the ledgers
 * would (docs/wallet.md: a ledger and its account: the account moves and the row records it, in
 * one statement), for the wallet phase.
 */
const fundWallet = async (db: pg.Client, memberId: number) => {
  await db.query(
    `with moved as (
       insert into points_account (member_id, balance, seq) values ($1, 10000000, 1)
       on conflict (member_id) do update
         set balance = points_account.balance + 10000000, seq = points_account.seq + 1
       returning seq, balance)
     insert into point_entry (member_id, seq, points, balance_after, reason)
     select $1, seq, 10000000, balance, '5' from moved`,
    [memberId],
  );
  const cardNo = `8${String(memberId).padStart(15, '0')}`;
  await db.query(
    `with card as (
       insert into cash_card (card_no, secret_hash, face_cents, sold_at, expires_at, member_id, added_at,
         balance_cents, entry_seq)
       values ($1, 'bench', 10000000, now(), now() + interval '4 years', $2, now(), 10000000, 1)
       on conflict (card_no) do update
         set balance_cents = cash_card.balance_cents + 10000000, entry_seq = cash_card.entry_seq + 1
       returning id, entry_seq, balance_cents)
     insert into cash_card_entry (card_id, seq, amount_cents, balance_after_cents, reason)
     select id, entry_seq, 10000000, balance_cents, 'issued' from card`,
    [cardNo, memberId],
  );
};

export const orderBench = async (
  url: string,
  members: Record<string, string>[],
  skus: readonly number[],
  seconds: number,
  databaseUrl: string | undefined,
  cpu: CpuMeasure,
): Promise<OrderPhase[]> => {
  const skuId = skus[0]!;
  const buyers = await Promise.all(
    members.map(async (h) => {
      await callApi(url, 'DELETE', '/api/cart', undefined, h);
      return { h, addressId: await ensureAddress(url, h) };
    }),
  );
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await db?.connect();
  const org = db
    ? Number(
        (
          await db.query<{ id: number }>(
            'select id from organisation where nz_stock and enabled order by id limit 1',
          )
        ).rows[0]!.id,
      )
    : null;
  const setStock = async (n: number) =>
    db?.query('update stock set quantity = $1 where sku_id = $2 and org_id = $3', [n, skuId, org]);
  const stock = async () =>
    db
      ? Number(
          (
            await db.query<{ q: number }>(
              'select quantity as q from stock where sku_id = $1 and org_id = $2',
              [skuId, org],
            )
          ).rows[0]!.q,
        )
      : null;
  const sold = async (since: Date, ids: readonly number[] = [skuId]) =>
    db
      ? Number(
          (
            await db.query<{ n: string }>(
              `select coalesce(sum(l.count), 0) as n from sale_order_line l join sale_order o on o.id = l.order_id
               where l.sku_id = any($1) and o.created_at >= $2`,
              [ids, since],
            )
          ).rows[0]!.n,
        )
      : null;
  // A member holds at most a few unpaid orders (UNPAID_ORDERS_MAX, raised for the bench so a
  // buyer is never refused); each submission reads what the member's unpaid orders hold. So
  // that a phase measures a member as they stand in a shop, not one with thousands of unpaid
  // orders from the phases before, the orders of earlier phases are closed between phases
  // (untimed, as the sweep closes them after their deadline; the bench sets stock itself).
  //
  // Then the tables orders churn are vacuumed, as autovacuum would have done by then in a shop that
  // runs for days. Without it a bench database keeps every dead row of every earlier run: this
  // machine's PostgreSQL runs with autovacuum off, and a checkout's reads then step over thousands
  // of dead index entries (the member's unpaid orders: 5.6 ms instead of 0.06, seen with EXPLAIN).
  const settle = async () => {
    await db?.query('update sale_order set status = 4 where status = 0');
    await db?.query(
      `vacuum (analyze) sale_order, sale_order_line, sale_order_supplier, order_event, stock, cart_line,
         cart_version, mail_queue, member_discount, discount_entry, points_account, point_entry,
         cash_card, cash_card_entry`,
    );
  };
  const one = () => skuId;
  const own = (i: number) => skus[i % skus.length]!;

  const phases: OrderPhase[] = [];
  try {
    // Warm-up, then throughput with plenty of stock: each buyer their own SKU, then all one SKU.
    // The buyers' own SKUs get plenty too, so no buyer runs out and drops out of a phase.
    await setStock(1_000_000);
    await db?.query('update stock set quantity = 1000000 where sku_id = any($1) and org_id = $2', [
      skus,
      org,
    ]);
    await runBuyers(url, buyers, own, ({ started }) => performance.now() - started > 1000, cpu);
    await settle();
    const since0 = new Date();
    const v = await runBuyers(
      url,
      buyers,
      own,
      ({ started }) => performance.now() - started > seconds * 1000,
      cpu,
    );
    phases.push({
      name: 'order submit, varied SKUs',
      ...v,
      stockBefore: null,
      stockAfter: null,
      unitsSold: await sold(since0, skus),
    });
    await settle();
    const before1 = await stock();
    const since1 = new Date();
    const t = await runBuyers(
      url,
      buyers,
      one,
      ({ started }) => performance.now() - started > seconds * 1000,
      cpu,
    );
    phases.push({
      name: 'order submit, one SKU',
      ...t,
      stockBefore: before1,
      stockAfter: await stock(),
      unitsSold: await sold(since1),
    });
    if (db) {
      // Sell-out: 300 units for everyone at once, until each buyer has been turned away once.
      await setStock(300);
      await settle();
      const since2 = new Date();
      const s = await runBuyers(url, buyers, one, ({ refusedBy }) => refusedBy.size === buyers.length, cpu);
      phases.push({
        name: 'order submit, sell-out',
        ...s,
        stockBefore: 300,
        stockAfter: await stock(),
        unitsSold: await sold(since2),
      });
      await setStock(1_000_000);

      // Wallet: each buyer holds plenty of points and card money; a coupon is issued per order.
      const ids = await Promise.all(
        buyers.map(async (b) => {
          const me = await callApi<{ id: number }>(url, 'GET', '/api/sys/auth/user/info', undefined, b.h);
          if (!me.success) throw new Error(`user info: ${me.message}`);
          return me.data.id;
        }),
      );
      for (const id of ids) await fundWallet(db, id);
      const [offer] = (
        await db.query<{ id: number }>(
          `insert into discount_offer (source, title, code, kind, amount_off_cents, starts_at, ends_at)
           values ('coupon', 'Bench coupon', $1, 'amount', 50, now() - interval '1 day', now() + interval '1 day')
           returning id`,
          [`BENCH-${randomUUID().slice(0, 8)}`],
        )
      ).rows;
      // Issued before the phase, so the phase's database time is the orders' alone: each buyer
      // holds more discount cards than it can use in the phase, and takes the next for each order.
      const perBuyer = Math.max(200, seconds * 60);
      const held = new Map<number, number[]>();
      for (const row of (
        await db.query<{ id: number; member_id: number }>(
          `insert into member_discount (member_id, offer_id, source)
           select m, $2, 'card' from unnest($1::int[]) m, generate_series(1, $3)
           returning id, member_id`,
          [ids, offer!.id, perBuyer],
        )
      ).rows) {
        held.set(row.member_id, [...(held.get(row.member_id) ?? []), row.id]);
      }
      const coupon = async (i: number) => {
        const discountId = held.get(ids[i]!)!.pop();
        if (discountId === undefined) throw new Error('bench: a buyer ran out of discount cards');
        // Small enough for the cheapest SKU after the coupon (points may pay 20% of it): every order
        // takes all three, so none is refused and the phase measures what the wallet costs.
        return { discountId, points: 1, cardAmount: 0.01 };
      };
      // Plain submission again, right before the wallet: the baseline the wallet is compared
      // with, on the same tables (they have grown by every order of the phases before).
      await settle();
      const since4 = new Date();
      const again = await runBuyers(
        url,
        buyers,
        own,
        ({ started }) => performance.now() - started > seconds * 1000,
        cpu,
      );
      phases.push({
        name: 'order submit, varied again',
        ...again,
        stockBefore: null,
        stockAfter: null,
        unitsSold: await sold(since4, skus),
      });
      await settle();
      const since3 = new Date();
      const w = await runBuyers(
        url,
        buyers,
        own,
        ({ started }) => performance.now() - started > seconds * 1000,
        cpu,
        coupon,
      );
      phases.push({
        name: 'order submit, wallet',
        ...w,
        stockBefore: null,
        stockAfter: null,
        unitsSold: await sold(since3, skus),
      });
    }
  } finally {
    await db?.end();
  }
  return phases;
};
