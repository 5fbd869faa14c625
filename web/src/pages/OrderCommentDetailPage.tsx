import { isRateableStatus } from '@mall/shared/order-states';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isNotFoundOrNotYours } from '../api/not-found.ts';
import { LoadFailed } from '../components/EmptyState.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { Skeleton } from '../components/Skeleton.tsx';
import { CommentCard } from '../features/comments/CommentCard.tsx';
import { CommentFormView } from '../features/comments/CommentForm.tsx';
import { useComment } from '../features/comments/comment-api.ts';
import { useOrderDetail } from '../features/orders/order-api.ts';
import { COMMENT_LIST_PATH, ORDER_LIST_PATH, orderDetailUrl, parseId } from '../lib/routes.ts';

function Notice({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <NotFound
      title={title}
      description={description}
      action={
        action ?? (
          <Link to={COMMENT_LIST_PATH} className="btn-primary">
            Back to Order Comments
          </Link>
        )
      }
    />
  );
}

function Loading() {
  return (
    <div className="card flex flex-col gap-3 px-8 py-7" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-16 w-1/2" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** ?id=: one of the member's reviews. */
function OneComment({ id }: { id: number | null }) {
  const { data, error, isFetching, refetch } = useComment(id);
  if (id === null || isNotFoundOrNotYours(error))
    return (
      <Notice
        title="We couldn't find that review"
        description="It may not be yours, or the link is incomplete."
      />
    );
  if (error && !data)
    return (
      <LoadFailed
        title="This review could not be loaded"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (!data) return <Loading />;
  return (
    <div className="card" data-comment-detail={data.id}>
      <CommentCard comment={data} linkToDetail={false} />
      <div className="flex justify-end gap-3 border-t border-line px-6 py-4">
        <Link to={orderDetailUrl(data.orderId)} className="btn-secondary h-9 text-sm">
          View the order
        </Link>
        <Link to={COMMENT_LIST_PATH} className="btn-primary h-9 text-sm">
          All my reviews
        </Link>
      </div>
    </div>
  );
}

/** ?orderId=&lineId=: the form that rates that line of a completed order. */
function RateLine({ orderId, lineId }: { orderId: number | null; lineId: number | null }) {
  const { data, error, isFetching, refetch } = useOrderDetail(orderId);
  if (orderId === null || lineId === null || isNotFoundOrNotYours(error))
    return (
      <Notice
        title="We couldn't find that order"
        description="It may have been deleted, or the link is incomplete."
      />
    );
  if (error && !data)
    return (
      <LoadFailed
        title="The order could not be loaded"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (!data) return <Loading />;
  const line = data.lines.find((l) => l.id === lineId);
  if (!line)
    return (
      <Notice title="We couldn't find that good in the order" description="The link may be incomplete." />
    );
  if (line.commented)
    return (
      <Notice
        title="You have rated this already"
        description="Each good of an order is rated once. Thank you!"
      />
    );
  if (!isRateableStatus(data.status))
    return (
      <Notice
        title="Not ready for a rating yet"
        description="Goods can be rated once you have confirmed you received the order."
        action={
          <Link to={orderDetailUrl(data.id)} className="btn-primary">
            View the order
          </Link>
        }
      />
    );
  return <CommentFormView key={line.id} line={line} />;
}

/** Comment Detail (/pages/order/comment/detail; members only): ?id= shows a review, ?orderId=&lineId= rates a line. */
export default function OrderCommentDetailPage() {
  const [params] = useSearchParams();
  const rating = params.has('orderId') || params.has('lineId');
  const title = rating ? 'Rate Goods' : 'Comment Detail';
  return (
    <PageFrame
      pageName="OrderCommentDetailPage"
      breadcrumb={[
        { name: 'My Order', linkUrl: ORDER_LIST_PATH },
        { name: 'Order Comments', linkUrl: COMMENT_LIST_PATH },
        { name: title },
      ]}
      title={title}
    >
      <div className="mx-auto max-w-3xl">
        {rating ? (
          <RateLine orderId={parseId(params.get('orderId'))} lineId={parseId(params.get('lineId'))} />
        ) : (
          <OneComment id={parseId(params.get('id'))} />
        )}
      </div>
    </PageFrame>
  );
}
