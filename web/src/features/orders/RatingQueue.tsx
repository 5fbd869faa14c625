import { ORDER_STATUS } from '@mall/shared/codes';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/EmptyState.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { rateLineUrl } from '../../lib/routes.ts';
import { useOrderList } from './order-api.ts';
import { unratedLines } from './order-status.ts';

/** How many completed orders are searched for unrated lines (the list's largest page). */
export const RATING_QUEUE_ORDERS = 100;

/**
 * 'Waiting for your rating': the lines of the member's completed orders (the newest 100) that
 * they have not rated yet, each with a Rate button to its form. Nothing waiting: hidden.
 */
export function RatingQueue() {
  const query = useOrderList(ORDER_STATUS.completed, 1, RATING_QUEUE_ORDERS);
  const waiting = (query.data?.records ?? []).flatMap((order) =>
    unratedLines(order).map((line) => ({ order, line })),
  );
  if (query.isError && !query.data)
    return (
      <LoadFailed
        title="Your completed orders could not be loaded"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data)
    return (
      <div className="card flex flex-col gap-3 px-6 py-5" aria-busy="true">
        <span className="sr-only">Loading the goods waiting for your rating…</span>
        <Skeleton className="h-5 w-1/4" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="rating-queue" className="card overflow-hidden">
      <h2
        id="rating-queue"
        className="border-b border-line bg-brand-soft/40 px-6 py-4 text-base font-semibold text-navy"
      >
        Waiting for your rating{' '}
        <span className="ml-1 text-sm font-normal text-muted">({waiting.length})</span>
      </h2>
      <ul className="divide-y divide-line">
        {waiting.map(({ order, line }) => (
          <li key={line.id} className="flex items-center gap-4 px-6 py-3.5" data-waiting-line={line.id}>
            <div className="size-14 shrink-0 overflow-hidden rounded-lg">
              <SafeImage src={line.thumbUrl} alt="" width={56} height={56} />
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink">{line.name}</p>
              <p className="text-xs text-muted">
                {line.skuLabel ? `${line.skuLabel} · ` : ''}Order {order.orderNo},{' '}
                {formatDate(order.createdAt)}
              </p>
            </div>
            <Link
              to={rateLineUrl(order.id, line.id)}
              className="btn-primary h-9 px-5 text-sm"
              aria-label={`Rate ${line.name}`}
            >
              Rate
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
