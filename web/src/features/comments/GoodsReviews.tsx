import { useState } from 'react';
import { CommentIcon } from '../../components/account-icons.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { GOODS_COMMENTS_PAGE_SIZE, useGoodsComments } from './comment-api.ts';
import { Stars } from './Stars.tsx';

export const NO_REVIEWS = 'No reviews yet';

/** The goods detail page's Reviews: each buyer's stars, masked name, date and text; paged. */
export function GoodsReviews({ goodsId }: { goodsId: number }) {
  const [pageNum, setPageNum] = useState(1);
  const query = useGoodsComments(goodsId, pageNum);
  const data = query.data;
  return (
    <section aria-labelledby="goods-reviews" className="card px-10 py-8" data-goods-reviews={goodsId}>
      <h2 id="goods-reviews" className="mb-2 border-b border-line pb-3 text-lg font-semibold text-navy">
        Reviews
        {data && data.total > 0 ? (
          <span className="ml-2 text-sm font-normal text-muted">({data.total})</span>
        ) : null}
      </h2>
      {query.isError && !data ? (
        <div className="flex items-center justify-between py-6 text-sm text-muted">
          The reviews could not be loaded.
          <button
            type="button"
            className="btn-secondary h-9"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !data ? (
        <div className="flex flex-col gap-3 py-4" aria-busy="true">
          <span className="sr-only">Loading reviews…</span>
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : data.records.length === 0 ? (
        <EmptyState
          compact
          icon={<CommentIcon size={20} />}
          title={NO_REVIEWS}
          description="Bought this? Rate it from your completed order."
        />
      ) : (
        <>
          <ul
            className={`divide-y divide-line transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.records.map((c) => (
              <li key={c.id} className="py-4" data-review={c.id}>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold text-ink" data-review-author>
                    {c.author}
                  </span>
                  <Stars rating={c.rating} size={14} />
                  <time dateTime={c.createdAt} className="ml-auto text-xs text-muted">
                    {formatDate(c.createdAt)}
                  </time>
                </div>
                {c.skuLabel ? <p className="mt-0.5 text-xs text-muted">{c.skuLabel}</p> : null}
                <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-ink">{c.content}</p>
              </li>
            ))}
          </ul>
          <Pager
            pageNum={data.pageNum}
            pageSize={data.pageSize || GOODS_COMMENTS_PAGE_SIZE}
            total={data.total}
            label="Review pages"
            onPage={setPageNum}
          />
        </>
      )}
    </section>
  );
}
