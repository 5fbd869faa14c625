import type { OrderDetail } from '@mall/shared/contract/order';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isNotFoundOrNotYours } from '../../api/not-found.ts';
import { LoadFailed } from '../../components/EmptyState.tsx';
import { AlertIcon, ClockIcon } from '../../components/icons.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ORDER_LIST_PATH, orderDetailUrl } from '../../lib/routes.ts';

export const UNKNOWN_ORDER = 'We could not find this order';
export const ORDER_CLOSED = 'This order is closed';

/** No such order of this member (or no order id in the link). */
export function UnknownOrder() {
  return (
    <div data-pay-state="unknown">
      <NotFound
        icon={<AlertIcon size={28} />}
        title={UNKNOWN_ORDER}
        description="The link may be incomplete, or the order belongs to another account. Your orders are all under My Order."
        action={
          <Link to={ORDER_LIST_PATH} className="btn-primary">
            Go to My Order
          </Link>
        }
      />
    </div>
  );
}

export function PaySkeleton() {
  return (
    <div className="card flex flex-col gap-4 p-8" aria-busy="true">
      <Skeleton className="h-6 w-64" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}

/** A result in a card: an icon in a coloured circle, a title, what it means, the ways on. */
export function ResultCard({
  tone,
  icon,
  title,
  children,
  actions,
  state,
}: {
  tone: 'success' | 'error' | 'info';
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  state: string;
}) {
  const circle = {
    success: 'bg-brand-soft text-brand',
    error: 'bg-red-50 text-accent',
    info: 'bg-sky-50 text-sky-700',
  }[tone];
  return (
    <section
      className="card flex flex-col items-center gap-3 px-8 py-12 text-center"
      data-pay-state={state}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <div className={`flex size-16 items-center justify-center rounded-full ${circle}`}>{icon}</div>
      <h2 className="text-xl font-semibold text-navy">{title}</h2>
      {children ? <div className="max-w-lg text-sm leading-6 text-muted">{children}</div> : null}
      {actions ? <div className="mt-3 flex gap-3">{actions}</div> : null}
    </section>
  );
}

/**
 * What both payment pages show until the order is there: not found (or not this member's),
 * loading, or a failure to load with a retry. Null once the order can be shown.
 */
export const orderNotReady = (orderId: number | null, detail: UseQueryResult<OrderDetail>): ReactNode => {
  if (orderId === null || (detail.isError && isNotFoundOrNotYours(detail.error))) return <UnknownOrder />;
  if (detail.isPending) return <PaySkeleton />;
  if (!detail.data)
    return (
      <LoadFailed
        title="Your order could not be loaded"
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  return null;
};

/** An order that was not paid in time or was cancelled: the same result on both payment pages. */
export function ClosedOrder({ order }: { order: Pick<OrderDetail, 'id' | 'orderNo'> }) {
  return (
    <ResultCard
      state="closed"
      tone="info"
      icon={<ClockIcon size={30} />}
      title={ORDER_CLOSED}
      actions={
        <Link to={orderDetailUrl(order.id)} className="btn-primary h-11 px-6">
          View order
        </Link>
      }
    >
      Order {order.orderNo} was not paid in time or was cancelled, so it can no longer be paid. Nothing was
      charged.
    </ResultCard>
  );
}
