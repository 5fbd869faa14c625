import { DISCOUNT_STATES, type Discount, type DiscountState } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountKeys } from '../../api/account-queries.ts';
import { useDiscounts, WALLET_PAGE_SIZE } from '../../api/wallet-api.ts';
import { TicketIcon } from '../../components/account-icons.tsx';
import { CouponCodeBox } from '../../components/CouponCodeBox.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import {
  DISCOUNT_STATE_LABEL,
  DISCOUNT_STATE_TONE,
  discountRuleWords,
  discountValidWords,
} from '../../lib/discount-words.ts';
import { COUPONS_PATH, orderDetailUrl } from '../../lib/routes.ts';

export const isDiscountState = (raw: string | null): raw is DiscountState =>
  raw !== null && (DISCOUNT_STATES as readonly string[]).includes(raw);

const stateUrl = (state: DiscountState | null) => (state ? `${COUPONS_PATH}?state=${state}` : COUPONS_PATH);

function StateTabs({ current }: { current: DiscountState | null }) {
  const tabs: { state: DiscountState | null; label: string }[] = [
    { state: null, label: 'All' },
    ...DISCOUNT_STATES.map((s) => ({ state: s, label: DISCOUNT_STATE_LABEL[s] })),
  ];
  return (
    <nav aria-label="Show discounts" className="card flex overflow-hidden px-2">
      <ul className="flex w-full">
        {tabs.map((tab) => {
          const active = tab.state === current;
          return (
            <li key={tab.label} className="flex-1">
              <Link
                to={stateUrl(tab.state)}
                aria-current={active ? 'page' : undefined}
                data-state-tab={tab.state ?? 'all'}
                className={`focus-ring flex justify-center border-b-2 px-3 py-3.5 text-sm font-medium transition ${active ? 'border-brand text-brand' : 'border-transparent text-ink hover:text-brand'}`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DiscountItem({ discount }: { discount: Discount }) {
  const usable = discount.state === 'usable';
  return (
    <li>
      <article
        aria-label={discount.title}
        data-discount={discount.id}
        className={`flex items-stretch overflow-hidden rounded-xl border ${usable ? 'border-brand/30' : 'border-line bg-gray-50'}`}
      >
        <div
          className={`flex w-32 shrink-0 flex-col items-center justify-center px-3 text-center ${usable ? 'bg-brand text-white' : 'bg-gray-200 text-muted'}`}
        >
          <span className="text-2xl font-bold tabular-nums">
            {discount.rule.kind === 'percent'
              ? `${discount.rule.percentOff ?? 0}%`
              : formatPrice(discount.rule.amountOff ?? 0).replace(/\.00$/, '')}
          </span>
          <span className="text-xs">off</span>
        </div>
        <div className="min-w-0 flex-1 px-5 py-4">
          <div className="flex items-center gap-2">
            <h3 className="truncate font-semibold text-navy">{discount.title}</h3>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${DISCOUNT_STATE_TONE[discount.state]}`}
              data-discount-state={discount.state}
            >
              {DISCOUNT_STATE_LABEL[discount.state]}
            </span>
          </div>
          <p className="mt-1 text-sm text-ink" data-discount-rule="">
            {discountRuleWords(discount.rule)}
          </p>
          <p className="mt-1 text-xs text-muted">
            {discountValidWords(discount.rule)}
            {discount.code ? (
              <>
                {' · '}Code <span className="font-mono font-medium text-ink">{discount.code}</span>
              </>
            ) : null}
            {discount.usedOn ? (
              <>
                {' · '}Used on{' '}
                <Link to={orderDetailUrl(discount.usedOn.orderId)} className="link">
                  {discount.usedOn.orderNo}
                </Link>
              </>
            ) : null}
          </p>
        </div>
      </article>
    </li>
  );
}

const EMPTY: Record<'card' | 'coupon', { title: string; description: string }> = {
  card: {
    title: 'No discount cards',
    description: 'Discount cards the shop gives you show here, ready to use at checkout.',
  },
  coupon: {
    title: 'No coupons',
    description: 'Type a coupon code above to claim it; claimed coupons show here.',
  },
};

/** One list (discount cards, or coupons) of the chosen state, paged on its own. */
function DiscountList({
  source,
  title,
  state,
}: {
  source: 'card' | 'coupon';
  title: string;
  state: DiscountState | null;
}) {
  const [pageNum, setPageNum] = useState(1);
  const list = useDiscounts(source, pageNum, state);
  const data = list.data;
  const headingId = `discounts-${source}`;
  return (
    <section aria-labelledby={headingId} className="card px-8 py-6">
      <h2 id={headingId} className="mb-4 text-base font-semibold text-navy">
        {title}
        {data ? (
          <>
            {' '}
            <span className="ml-1 text-sm font-normal text-muted tabular-nums">({data.total})</span>
          </>
        ) : null}
      </h2>
      {list.isError && !data ? (
        <LoadFailed
          title={`Your ${title.toLowerCase()} could not be loaded`}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-20 w-full rounded-xl" />
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      ) : data.records.length === 0 ? (
        <EmptyState compact icon={<TicketIcon size={22} />} {...EMPTY[source]} />
      ) : (
        <ul className="flex flex-col gap-3">
          {data.records.map((d) => (
            <DiscountItem key={`${d.source}-${d.id}`} discount={d} />
          ))}
        </ul>
      )}
      {data ? (
        <Pager
          pageNum={data.pageNum}
          pageSize={data.pageSize || WALLET_PAGE_SIZE}
          total={data.total}
          label={`${title} pages`}
          className="mt-4"
          onPage={setPageNum}
        />
      ) : null}
    </section>
  );
}

/**
 * Coupons (docs/wallet.md: coupons and discount cards): a box to claim a coupon by its code,
 * the state tabs (all, usable, used, expired, not yet valid; in the address), and the member's
 * discount cards and coupons, each with its rule in plain words and its dates.
 */
export function CouponsView({ state }: { state: DiscountState | null }) {
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="coupon-claim-title" className="card px-8 py-6">
        <h2 id="coupon-claim-title" className="text-base font-semibold text-navy">
          Claim a coupon
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          One coupon or discount card per order: coupons cannot be combined with another promotion code.
        </p>
        <CouponCodeBox onClaimed={() => void queryClient.invalidateQueries({ queryKey: accountKeys.all })} />
      </section>
      <StateTabs current={state} />
      <DiscountList key={`card-${state}`} source="card" title="Discount cards" state={state} />
      <DiscountList key={`coupon-${state}`} source="coupon" title="Coupons" state={state} />
    </div>
  );
}
