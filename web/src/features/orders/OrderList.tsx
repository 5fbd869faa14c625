import { ORDER_STATUS } from '@mall/shared/codes';
import type { OrderBadge } from '@mall/shared/contract/account';
import type { OrderSummary } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { awaitsPayment, isPaidStatus, type OrderStatus } from '@mall/shared/order-states';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOrderBadge } from '../../api/account-queries.ts';
import { BoxIcon } from '../../components/account-icons.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { ALL_KEYWORD, keywordSearchUrl, orderListUrl } from '../../lib/routes.ts';
import { ClubOrderLine } from './ClubOrderLine.tsx';
import { OrderActions } from './OrderActions.tsx';
import { OrderLines, StatusPill } from './OrderLines.tsx';
import { ORDER_PAGE_SIZE, useOrderList } from './order-api.ts';
import { isOrderStatus, ORDER_STATUS_LABEL, ORDER_STATUS_TONE, ORDER_TABS } from './order-status.ts';

const EMPTY: Record<OrderStatus | 'all', { title: string; description: string }> = {
  all: { title: 'No orders yet', description: 'When you place an order it will be listed here.' },
  [ORDER_STATUS.pendingPayment]: {
    title: 'Nothing waiting for payment',
    description: 'Orders you have placed but not yet paid for show here.',
  },
  [ORDER_STATUS.toShip]: {
    title: 'Nothing waiting to ship',
    description: 'Paid orders show here until they leave the warehouse.',
  },
  [ORDER_STATUS.shipped]: {
    title: 'Nothing on its way',
    description: 'Orders that are on their way to you show here.',
  },
  [ORDER_STATUS.completed]: {
    title: 'No completed orders',
    description: 'Orders you have received show here, ready to be rated.',
  },
  [ORDER_STATUS.cancelled]: { title: 'No cancelled orders', description: 'Nothing has been cancelled.' },
};

/** The status and page of My Order, kept in the URL (?status=&pageNum=) so reload and back keep them. */
export const useOrderListParams = () => {
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = isOrderStatus(raw) ? raw : null;
  const page = Number.parseInt(params.get('pageNum') ?? '1', 10);
  return { status, pageNum: Number.isInteger(page) && page > 0 ? page : 1 };
};

function StatusTabs({ current, badge }: { current: OrderStatus | null; badge: OrderBadge | undefined }) {
  return (
    <nav aria-label="Order status" className="card flex overflow-hidden px-2">
      <ul className="flex w-full">
        {ORDER_TABS.map((tab) => {
          const active = tab.status === current;
          const count = badge ? tab.badge(badge) : undefined;
          return (
            <li key={tab.label} className="flex-1">
              <Link
                to={orderListUrl(tab.status)}
                aria-current={active ? 'page' : undefined}
                data-tab={tab.status ?? 'all'}
                className={`focus-ring relative flex h-14 items-center justify-center gap-2 text-sm transition ${active ? 'font-semibold text-brand' : 'text-ink hover:text-brand'}`}
              >
                {tab.label}
                {count !== undefined && count > 0 ? (
                  <span
                    data-tab-count
                    className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] font-semibold tabular-nums ${active ? 'bg-brand text-white' : 'bg-gray-100 text-muted'}`}
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                ) : null}
                {active ? (
                  <span aria-hidden="true" className="absolute inset-x-6 bottom-0 h-0.5 rounded bg-brand" />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const totalLabel = awaitsPayment(order.status)
    ? 'to pay'
    : isPaidStatus(order.status)
      ? 'total paid'
      : 'total';
  return (
    <article aria-label={`Order ${order.orderNo}`} className="card overflow-hidden" data-order={order.id}>
      <header className="flex items-center gap-6 border-b border-line bg-gray-50 px-6 py-3 text-sm">
        <span className="text-muted">
          Order No. <span className="font-medium text-ink tabular-nums">{order.orderNo}</span>
        </span>
        <span className="text-muted">{formatDate(order.createdAt)}</span>
        <span className="ml-auto">
          <StatusPill
            label={ORDER_STATUS_LABEL[order.status as OrderStatus]}
            tone={ORDER_STATUS_TONE[order.status as OrderStatus]}
          />
        </span>
      </header>
      <div className="px-6">
        {order.kind === 'club' ? <ClubOrderLine order={order} /> : <OrderLines lines={order.lines} />}
      </div>
      <footer className="flex items-center gap-6 border-t border-line px-6 py-3.5">
        <p className="text-sm text-muted">
          {order.kind === 'club'
            ? 'Club membership'
            : `${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}`}
          , {totalLabel}{' '}
          <span className="text-lg font-semibold text-navy tabular-nums" data-order-total>
            {formatPrice(order.payAmount)}
          </span>
        </p>
        <div className="ml-auto">
          <OrderActions order={order} />
        </div>
      </footer>
    </article>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading orders…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card flex flex-col gap-4 p-6">
          <Skeleton className="h-4 w-1/3" />
          <div className="flex items-center gap-4">
            <Skeleton className="size-16 rounded-lg" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * My Order (docs/orders.md: what the member sees): tabs per status with their badge counts, the orders of the chosen
 * status newest first, ten a page, each with the actions its status allows.
 */
export function OrderList() {
  const { status, pageNum } = useOrderListParams();
  const navigate = useNavigate();
  const badge = useOrderBadge();
  const list = useOrderList(status, pageNum);
  const data = list.data;

  // A page emptied by a change (the last order deleted): show the last page that has orders.
  useEffect(() => {
    if (data && data.records.length === 0 && data.total > 0 && pageNum > 1)
      navigate(orderListUrl(status, Math.ceil(data.total / ORDER_PAGE_SIZE)), { replace: true });
  }, [data, pageNum, status, navigate]);

  const empty = EMPTY[status ?? 'all'];
  return (
    <div className="flex flex-col gap-5" data-order-list={status ?? 'all'}>
      <StatusTabs current={status} badge={badge.data} />
      {list.isError && !data ? (
        <LoadFailed
          title="Your orders could not be loaded"
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : !data ? (
        <ListSkeleton />
      ) : data.records.length === 0 ? (
        <div className="card">
          <EmptyState
            icon={<BoxIcon size={28} />}
            title={empty.title}
            description={empty.description}
            action={
              status === null ? (
                <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
                  Start shopping
                </Link>
              ) : (
                <Link to={orderListUrl(null)} className="btn-secondary">
                  See all orders
                </Link>
              )
            }
          />
        </div>
      ) : (
        <div
          className={`flex flex-col gap-4 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {data.records.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          <Pager
            pageNum={data.pageNum}
            pageSize={data.pageSize || ORDER_PAGE_SIZE}
            total={data.total}
            label="Order pages"
            onPage={(p) => {
              navigate(orderListUrl(status, p));
              window.scrollTo?.({ top: 0 });
            }}
          />
        </div>
      )}
    </div>
  );
}
