import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../src/lib/sql.ts';
import { bearer, registerMember } from './account-helpers.ts';
import type { TestServer } from './harness.ts';

/** A fresh retail member: their id and the headers that sign them in. */
export const newMember = async (server: TestServer, kind: 'retail' | 'wholesale' = 'retail') => {
  const m = await registerMember(server, kind);
  const [row] = await rowsOf<{ id: number }>(
    server.database.db,
    sql`select id from member where lower(email) = lower(${m.member.userAccount})`,
  );
  return { id: row!.id, email: m.member.userAccount, headers: bearer(m) };
};

/** GETs `url` as the member, checks the success envelope against the shared schema, answers `data`. */
export const getData = async <S extends z.ZodType>(
  server: TestServer,
  url: string,
  headers: Record<string, string>,
  schema: S,
): Promise<z.infer<S>> => {
  const res = await server.call({ url, headers });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  envelopeOf(schema).parse(res.body);
  return schema.parse(res.body.data);
};

/** A snapshot of every wallet table, for "a refused call changes nothing". */
export const walletSnapshot = async (server: TestServer) =>
  rowsOf(
    server.database.db,
    sql`select
      (select coalesce(json_agg(c order by c.id), '[]'::json) from (select id, member_id, added_at from cash_card) c) as cards,
      (select count(*)::int from cash_card_entry) as card_entries,
      (select count(*)::int from point_entry) as point_entries,
      (select coalesce(json_agg(o order by o.id), '[]'::json) from (select id, given_count from discount_offer) o) as offers,
      (select count(*)::int from member_discount) as member_discounts,
      (select count(*)::int from discount_entry) as discount_entries`,
  );

/**
 * A bare order row of the member (no lines), for movements and discounts that name an order;
 * the order module's own tests place real ones.
 */
export const bareOrder = async (
  server: TestServer,
  memberId: number,
): Promise<{ id: number; orderNo: string }> => {
  const db = server.database.db;
  await db.execute(
    sql`insert into organisation (code, name, kind, region, address, phone, open_hours)
        values ('WT', 'Wallet tests', 'warehouse', 'Auckland', '1 Test Road', '091234567', '9-5')
        on conflict (code) do nothing`,
  );
  const orderNo = `KMW${Math.floor(Math.random() * 1e12)}`;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into sale_order (order_no, member_id, org_id, idempotency_key, goods_cents, shipping_cents,
                                total_cents, gst_cents, address, pay_deadline)
        values (${orderNo}, ${memberId}, (select id from organisation where code = 'WT'), ${orderNo},
                1000, 0, 1000, 130, '{}'::jsonb, now() + interval '30 minutes')
        returning id`,
  );
  return { id: row!.id, orderNo };
};
