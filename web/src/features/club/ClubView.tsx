import type { Member } from '@mall/shared/contract/account';
import type { ClubPlan, ClubStatus } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSignedIn } from '../../api/account-queries.ts';
import { errorMessage } from '../../api/server-errors.ts';
import { CrownIcon } from '../../components/account-icons.tsx';
import { LoadFailed } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/FormField.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate, formatLongDate } from '../../lib/format-date.ts';
import { orderDetailUrl } from '../../lib/routes.ts';
import { startClubPayment, useClubPlans, useClubStatus } from './club-api.ts';
import { leavePage } from './leave-page.ts';

export const WHOLESALE_TITLE = 'Kauri Club is for retail members';
export const WHOLESALE_REASON =
  'As a wholesale member you buy at wholesale prices on every product. Club prices and plans are for retail members, so there is nothing to join.';
export const NOT_MEMBER_TITLE = 'You are not a club member yet';
export const OPEN_ENDED_TITLE = 'You are a Kauri Club member, with no end date';

/** "$4.92 a month" (whole cents, rounded). */
const perMonth = (plan: ClubPlan) =>
  `${formatPrice(Math.round((plan.price * 100) / plan.months) / 100)} a month`;

type Standing = 'wholesale' | 'member' | 'openEnded' | 'none';
const standingOf = (member: Member, status: ClubStatus | undefined): Standing => {
  if (member.kind === 'wholesale') return 'wholesale';
  if (status?.vip) return status.vipUntil === null ? 'openEnded' : 'member';
  return 'none';
};

function StatusCard({ standing, status }: { standing: Standing; status: ClubStatus | undefined }) {
  const until = formatLongDate(status?.vipUntil);
  const [title, body] =
    standing === 'wholesale'
      ? [WHOLESALE_TITLE, WHOLESALE_REASON]
      : standing === 'openEnded'
        ? [OPEN_ENDED_TITLE, 'You pay club prices on every product. There is nothing to renew.']
        : standing === 'member'
          ? [
              `You are a Kauri Club member until ${until}`,
              'You pay club prices on every product until then. Renewing adds the new months to that date, so you never lose a day.',
            ]
          : [
              NOT_MEMBER_TITLE,
              'Join below: club prices show at once in search, on product pages, in your cart and at checkout.',
            ];
  return (
    <section
      aria-label="Your membership"
      className="card flex items-center gap-5 bg-gradient-to-r from-amber-50 via-white to-white px-8 py-6"
      data-club-standing={standing}
    >
      <span
        aria-hidden="true"
        className={`flex size-14 shrink-0 items-center justify-center rounded-full ${standing === 'member' || standing === 'openEnded' ? 'bg-amber-100 text-amber-600' : 'bg-gray-100 text-muted'}`}
      >
        <CrownIcon size={28} />
      </span>
      <div>
        <h2 className="text-lg font-semibold text-navy">{title}</h2>
        <p className="mt-1 text-sm text-muted">{body}</p>
      </div>
    </section>
  );
}

function PlanCard({
  plan,
  standing,
  busy,
  onPay,
}: {
  plan: ClubPlan;
  standing: Standing;
  busy: boolean;
  onPay: (plan: ClubPlan) => void;
}) {
  const canPay = standing === 'none' || standing === 'member';
  const verb = standing === 'member' ? 'Renew' : 'Join';
  const headingId = `club-plan-${plan.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="card flex h-full flex-col px-7 py-6"
        data-club-plan={plan.id}
      >
        <h3 id={headingId} className="text-base font-semibold text-navy">
          {plan.name}
        </h3>
        <p className="mt-2">
          <span className="text-3xl font-bold text-ink tabular-nums" data-plan-price>
            {formatPrice(plan.price)}
          </span>
          <span className="ml-2 text-sm text-muted">{perMonth(plan)}</span>
        </p>
        <p className="mt-3 flex-1 text-sm leading-6 text-ink" data-plan-saving>
          {plan.saving}
        </p>
        {canPay ? (
          <button
            type="button"
            className="btn-primary mt-5 h-11"
            disabled={busy}
            onClick={() => onPay(plan)}
            aria-label={`${verb}: ${plan.name} for ${formatPrice(plan.price)}`}
          >
            {verb} for {formatPrice(plan.price)}
          </button>
        ) : null}
      </article>
    </li>
  );
}

function History({ history }: { history: ClubStatus['history'] }) {
  if (history.length === 0) return <p className="text-sm text-muted">No plans paid for yet.</p>;
  return (
    <table className="w-full text-sm" data-club-history>
      <caption className="sr-only">Plans you have paid for, newest first</caption>
      <thead className="text-left text-xs text-muted">
        <tr>
          <th scope="col" className="pb-2 font-medium">
            Plan
          </th>
          <th scope="col" className="pb-2 font-medium">
            Order
          </th>
          <th scope="col" className="pb-2 font-medium">
            Paid
          </th>
          <th scope="col" className="pb-2 font-medium">
            From
          </th>
          <th scope="col" className="pb-2 font-medium">
            Until
          </th>
          <th scope="col" className="pb-2 text-right font-medium">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {history.map((h) => (
          <tr key={h.orderId} className="border-t border-line">
            <td className="py-2 font-medium text-ink">{h.planName}</td>
            <td className="py-2 tabular-nums">
              <Link to={orderDetailUrl(h.orderId)} className="link">
                {h.orderNo}
              </Link>
            </td>
            <td className="py-2">{formatDate(h.paidAt)}</td>
            <td className="py-2">{formatDate(h.startsAt)}</td>
            <td className="py-2">{formatDate(h.endsAt)}</td>
            <td className="py-2 text-right tabular-nums">{formatPrice(h.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The Club membership page (docs/wallet.md: club membership): where the member stands, the plans
 * (lengths of the one club) with price and saving, Join or Renew through the same payment
 * gateway as orders, and every plan paid for. A wholesale member reads why the club is not for them.
 */
export function ClubView() {
  const member = useSignedIn();
  const plans = useClubPlans();
  const status = useClubStatus();
  const [paying, setPaying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!member) return null;
  if (plans.isError || status.isError) {
    return (
      <LoadFailed
        title="The club could not be loaded"
        retrying={plans.isFetching || status.isFetching}
        onRetry={() => {
          void plans.refetch();
          void status.refetch();
        }}
      />
    );
  }
  if (!plans.data || (member.kind === 'retail' && !status.data)) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">Loading the club…</span>
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    );
  }

  const standing = standingOf(member, status.data);
  const pay = async (plan: ClubPlan) => {
    if (paying !== null) return;
    setPaying(plan.id);
    setError(null);
    try {
      const start = await startClubPayment(plan.id);
      leavePage(start.redirectUrl);
    } catch (err) {
      setError(errorMessage(err));
      setPaying(null);
    }
  };

  return (
    <div className="flex flex-col gap-6" data-club-page>
      <StatusCard standing={standing} status={status.data} />

      <section aria-labelledby="club-plans" className="flex flex-col gap-4">
        <div>
          <h2 id="club-plans" className="text-base font-semibold text-navy">
            Plans
          </h2>
          <p className="mt-1 text-sm text-muted">
            One club, one club price on every product: the plans differ only in how long they last. Paid like
            an order, with a GST tax invoice in My Order; nothing is delivered.
          </p>
        </div>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {plans.data.length === 0 ? (
          <p className="text-sm text-muted">No plans are on sale right now.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-5">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                standing={standing}
                busy={paying !== null}
                onPay={(p) => void pay(p)}
              />
            ))}
          </ul>
        )}
      </section>

      {member.kind === 'retail' ? (
        <section aria-labelledby="club-history" className="card px-8 py-6">
          <h2 id="club-history" className="mb-4 text-base font-semibold text-navy">
            Your club history
          </h2>
          <History history={status.data?.history ?? []} />
        </section>
      ) : null}
    </div>
  );
}
