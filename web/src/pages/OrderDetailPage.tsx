import { Link, useSearchParams } from 'react-router';
import { isNotFound } from '../api/not-found.ts';
import { LoadFailed } from '../components/EmptyState.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { OrderDetailSkeleton, OrderDetailView } from '../features/orders/OrderDetailView.tsx';
import { useOrderDetail } from '../features/orders/order-api.ts';
import { ORDER_LIST_PATH, parseId } from '../lib/routes.ts';
import { usePageTitle } from '../lib/use-document-title.ts';

/** Order Detail (/pages/order/detail?id=; members only). */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const { data, error, isFetching, refetch } = useOrderDetail(id);
  const notFound = id === null || isNotFound(error);
  usePageTitle(data ? `Order ${data.orderNo}` : undefined);
  return (
    <PageFrame
      pageName="OrderDetailPage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Order Detail' }]}
      title="Order Detail"
    >
      {notFound ? (
        <NotFound
          title="We couldn't find that order"
          description="It may have been deleted, or the link is incomplete."
          action={
            <Link to={ORDER_LIST_PATH} className="btn-primary">
              Back to My Order
            </Link>
          }
        />
      ) : error && !data ? (
        <LoadFailed
          title="This order could not be loaded"
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : data ? (
        <OrderDetailView order={data} />
      ) : (
        <OrderDetailSkeleton />
      )}
    </PageFrame>
  );
}
