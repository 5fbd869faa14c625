import type { OrderAddress, PaymentStart } from '@mall/shared/contract/order';
import type { ClubPlan, ClubStatus } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { listAddresses } from '../address/index.ts';
import type { ClubSaving } from '../catalogue/index.ts';
import { clubMemberState, holdClubMember, setClubUntil } from '../customer/index.ts';
import {
  completeClubOrder,
  invoiceDate,
  orderNumbersOf,
  type PaidOrder,
  placeClubOrder,
  unpaidClubOrders,
} from '../order/index.ts';
import { type PaymentProvider, startPayment } from '../payment/index.ts';
import { resolveStockOrganisationId } from '../reference/index.ts';
import { clubMembership, clubPlan } from './tables.ts';

/**
 * The club (docs/wallet.md: club membership): one club, one club price per SKU; a plan is a length
 * of it at a price. A retail member buys a plan with a club order (order/club-order.ts), paid
 * like any order; its payment (`clubOrderPaid`, run by the order module's paid hooks) makes the
 * member a club member until the end of the stretch it bought.
 */

export const PLAN_NOT_FOUND = { field: 'id', message: 'This club plan is not on sale.' };
export const WHOLESALE_REFUSAL =
  'Kauri Club is for retail members. As a wholesale member you buy at wholesale prices on every product.';
export const OPEN_ENDED_REFUSAL = 'Your club membership has no end date, so there is nothing to renew.';

const planColumns = columns({
  id: clubPlan.id,
  name: clubPlan.name,
  months: clubPlan.months,
  price_cents: clubPlan.priceCents,
});

/** A timestamp as ISO text, the same from node-postgres and PGlite. */
const isoText = (column: SQL) => sql<string>`to_json(${column})#>>'{}'`;

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * What a plan saves, in plain words: how far club prices sit below retail across the catalogue,
 * and how much a member buys at retail prices before the plan has paid for itself.
 */
export const savingWords = (plan: { months: number; priceCents: number }, saving: ClubSaving): string => {
  if (saving.skus === 0 || saving.average <= 0)
    return 'Club prices apply to every product as soon as you join.';
  const breakEvenDollars = Math.ceil(plan.priceCents / saving.average / 100);
  const months = plan.months === 1 ? 'month' : `${plan.months} months`;
  return (
    `Club prices are on average ${percent(saving.average)} below retail prices (${percent(saving.typical)} on a typical product). ` +
    `The plan pays for itself once you buy ${formatPrice(breakEvenDollars)} of goods at retail prices in its ${months}.`
  );
};

/** GET /api/club/member/price/app: the plans on sale, in display order. */
export const listClubPlans = async (db: Db, saving: ClubSaving): Promise<ClubPlan[]> => {
  const rows = await rowsOf(
    db,
    planColumns.query`select ${planColumns} from club_plan where on_sale order by sort, months, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    months: r.months,
    price: fromCents(r.price_cents),
    saving: savingWords({ months: r.months, priceCents: r.price_cents }, saving),
  }));
};

export const clubOrderTitle = (planName: string) => `Kauri Club, ${planName}`;

/** Who a club order's tax invoice is made out to: the member, at their default address when they keep one. */
const billToOf = async (db: Db, memberId: number, name: string, phone: string): Promise<OrderAddress> => {
  const [address] = (await listAddresses(db, memberId, { pageNum: 1, pageSize: 1 })).records;
  if (address) {
    const { id: _id, isDefault: _default, ...postal } = address;
    return { ...postal, recipient: name, phone: phone || postal.phone };
  }
  // Nothing is delivered: without an address the invoice names the member only.
  return {
    recipient: name,
    phone,
    street: '',
    suburb: '',
    city: '',
    region: '',
    regionName: '',
    island: 'north',
    postcode: '',
  };
};

export interface ClubPayInput {
  memberId: number;
  planId: number;
  payTimeoutMs: number;
}

/**
 * GET /api/club/member/pay/{id}: the member's club order for the plan, and a payment of it on the
 * provider. A club order of the same plan still waiting for payment is paid again rather than a
 * new one placed (the member's requests take turns on a lock of their own).
 */
export const startClubPayment = async (
  db: Db,
  provider: PaymentProvider,
  input: ClubPayInput,
): Promise<PaymentStart> => {
  const state = await clubMemberState(db, input.memberId);
  if (!state) throw notFound('This member no longer exists.');
  if (state.kind !== 'retail') throw forbidden(WHOLESALE_REFUSAL);
  if (state.vip && state.vipUntil === null) throw conflict(OPEN_ENDED_REFUSAL);
  const [plan] = await rowsOf(
    db,
    planColumns.query`select ${planColumns} from club_plan where id = ${input.planId} and on_sale`,
  );
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  const orgId = await resolveStockOrganisationId(db, null);
  if (orgId === null) throw conflict('No organisation is configured to sell: nothing can be sold.');
  const billTo = await billToOf(db, input.memberId, state.userName, state.phone);

  const orderId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('club_pay'), ${input.memberId})`);
    const pendingColumns = columns({ order_id: clubMembership.orderId });
    const pending = await rowsOf(
      tx,
      pendingColumns.query`select ${pendingColumns} from club_membership
          where member_id = ${input.memberId} and plan_id = ${plan.id} and paid_at is null`,
    );
    const [again] = await unpaidClubOrders(
      tx,
      input.memberId,
      pending.map((p) => p.order_id),
    );
    if (again !== undefined) return again;
    const order = await placeClubOrder(tx, {
      memberId: input.memberId,
      orgId,
      title: clubOrderTitle(plan.name),
      priceCents: plan.price_cents,
      billTo,
      payTimeoutMs: input.payTimeoutMs,
    });
    await tx.execute(
      sql`insert into club_membership (member_id, plan_id, order_id, plan_name, months, price_cents)
          values (${input.memberId}, ${plan.id}, ${order.id}, ${plan.name}, ${plan.months}, ${plan.price_cents})`,
    );
    return order.id;
  });
  return startPayment(db, provider, input.memberId, orderId);
};

/**
 * A club order became paid (in the payment's transaction): the plan's stretch starts where the
 * member's membership ends when it is still running (a renewal loses no day), else now, and the
 * member is in the club until its end.
 */
export const clubOrderPaid = async (tx: Tx, order: PaidOrder): Promise<void> => {
  const boughtColumns = columns({ id: clubMembership.id });
  const [bought] = await rowsOf(
    tx,
    boughtColumns.query`select ${boughtColumns} from club_membership where order_id = ${order.id} and paid_at is null for update`,
  );
  if (!bought) return;
  const state = await holdClubMember(tx, order.memberId);
  // An open-ended membership (set by hand) is never shortened: the stretch is recorded from now.
  const from = state?.vip && state.vipUntil !== null ? state.vipUntil : null;
  const windowColumns = columns({ starts_at: isoText(sql`starts_at`), ends_at: isoText(sql`ends_at`) });
  const [window] = await rowsOf(
    tx,
    windowColumns.query`update club_membership set paid_at = now(),
          starts_at = coalesce(${from}::timestamptz, now()),
          ends_at = coalesce(${from}::timestamptz, now()) + make_interval(months => months)
        where id = ${bought.id}
        returning ${windowColumns}`,
  );
  const startsAt = new Date(window!.starts_at);
  const endsAt = new Date(window!.ends_at);
  if (!(state?.vip && state.vipUntil === null)) await setClubUntil(tx, order.memberId, endsAt);
  await completeClubOrder(
    tx,
    order.id,
    `Kauri Club membership from ${invoiceDate(startsAt)} to ${invoiceDate(endsAt)}`,
  );
};

const historyColumns = columns({
  order_id: clubMembership.orderId,
  plan_name: clubMembership.planName,
  months: clubMembership.months,
  price_cents: clubMembership.priceCents,
  starts_at: isoText(sql`starts_at`),
  ends_at: isoText(sql`ends_at`),
  paid_at: isoText(sql`paid_at`),
});

/** GET /api/club/member/app: the membership in force and every plan paid for, newest first. */
export const clubStatusOf = async (db: Db, memberId: number): Promise<ClubStatus> => {
  const state = await clubMemberState(db, memberId);
  if (!state) throw notFound('This member no longer exists.');
  const rows = await rowsOf(
    db,
    historyColumns.query`select ${historyColumns}
        from club_membership where member_id = ${memberId} and paid_at is not null
        order by paid_at desc, id desc`,
  );
  const numbers = await orderNumbersOf(
    db,
    memberId,
    rows.map((r) => r.order_id),
  );
  const iso = (v: string) => new Date(v).toISOString();
  return {
    vip: state.kind === 'retail' && state.vip,
    vipUntil: state.kind === 'retail' ? state.vipUntil : null,
    history: rows.map((r) => ({
      orderId: r.order_id,
      orderNo: numbers.get(r.order_id) ?? '',
      planName: r.plan_name,
      months: r.months,
      price: fromCents(r.price_cents),
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      paidAt: iso(r.paid_at),
    })),
  };
};
