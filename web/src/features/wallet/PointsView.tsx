import { ENUM } from '@mall/shared/codes';
import type { PointRecord } from '@mall/shared/contract/wallet';
import { codeLabel } from '@mall/shared/dictionary';
import { formatCount } from '@mall/shared/money-format';
import { Link } from 'react-router';
import { useEnumerations } from '../../api/use-reference.ts';
import { usePointRecords, WALLET_PAGE_SIZE } from '../../api/wallet-api.ts';
import { CoinsIcon } from '../../components/account-icons.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { OrderNoLink } from '../../components/OrderNoLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { ALL_KEYWORD, keywordSearchUrl, POINTS_PATH } from '../../lib/routes.ts';

/** "+120" or "−35" (a true minus sign, read as "minus"). */
export const signedPoints = (n: number) =>
  n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '0';

const pageUrl = (pageNum: number) => (pageNum > 1 ? `${POINTS_PATH}?pageNum=${pageNum}` : POINTS_PATH);

function Balance({ balance }: { balance: number | null }) {
  return (
    <section aria-labelledby="points-balance" className="card flex items-center gap-5 px-8 py-6">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <CoinsIcon size={28} />
      </span>
      <div>
        <h2 id="points-balance" className="text-sm text-muted">
          Your points
        </h2>
        {balance === null ? (
          <Skeleton className="mt-1 h-8 w-24" />
        ) : (
          <p className="text-3xl font-semibold text-navy tabular-nums" data-points-balance="">
            {formatCount(balance)}
          </p>
        )}
      </div>
      <p className="ml-auto max-w-sm text-sm leading-6 text-muted">
        Points are earned on the goods you pay for and become yours when the order is completed. Spend them at
        checkout.
      </p>
    </section>
  );
}

function Movements({ records }: { records: readonly PointRecord[] }) {
  const enums = useEnumerations();
  return (
    <table className="w-full text-sm" data-point-records="">
      <caption className="sr-only">Every change of your points, newest first</caption>
      <thead className="border-b border-line text-left text-xs text-muted">
        <tr>
          <th scope="col" className="px-8 py-3 font-medium">
            Date
          </th>
          <th scope="col" className="py-3 font-medium">
            Reason
          </th>
          <th scope="col" className="py-3 font-medium">
            Order
          </th>
          <th scope="col" className="py-3 text-right font-medium">
            Points
          </th>
          <th scope="col" className="px-8 py-3 text-right font-medium">
            Balance after
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.id} className="border-b border-line last:border-b-0" data-point-record={r.id}>
            <td className="px-8 py-3 text-muted">
              <time dateTime={r.at}>{formatDateTime(r.at)}</time>
            </td>
            <td className="py-3 text-ink">{codeLabel(enums.data ?? [], ENUM.pointSource, r.reason).label}</td>
            <td className="py-3">
              <OrderNoLink order={r.order} />
            </td>
            <td
              className={`py-3 text-right font-semibold tabular-nums ${r.points < 0 ? 'text-accent' : 'text-brand'}`}
              data-points=""
            >
              {signedPoints(r.points)}
            </td>
            <td className="px-8 py-3 text-right tabular-nums text-ink">{formatCount(r.balanceAfter)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MovementsSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-8 py-6" aria-busy="true">
      <span className="sr-only">Loading your points…</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-6">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

/**
 * Points (docs/wallet.md: points): the balance, and every movement with its date, reason (the
 * point source enumeration's label), the order it came from, the points and the balance after,
 * ten a page, the page in the address.
 */
export function PointsView({ pageNum }: { pageNum: number }) {
  const query = usePointRecords(pageNum);
  if (query.isError && !query.data)
    return (
      <LoadFailed
        title="Your points could not be loaded"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  return (
    <div className="flex flex-col gap-5">
      <Balance balance={data?.balance ?? null} />
      <section aria-labelledby="points-history" className="card overflow-hidden">
        <h2 id="points-history" className="px-8 pt-6 pb-2 text-base font-semibold text-navy">
          Points history
        </h2>
        {!data ? (
          <MovementsSkeleton />
        ) : data.records.length === 0 ? (
          <EmptyState
            icon={<CoinsIcon size={28} />}
            title="No points yet"
            description="You earn points on every order you pay for; they show here once the order is completed."
            action={
              <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
                Start shopping
              </Link>
            }
          />
        ) : (
          <Movements records={data.records} />
        )}
      </section>
      {data ? (
        <Pager
          pageNum={data.pageNum}
          pageSize={data.pageSize || WALLET_PAGE_SIZE}
          total={data.total}
          label="Points pages"
          className="mt-1"
          hrefFor={pageUrl}
        />
      ) : null}
    </div>
  );
}
