import { useNavigate, useSearchParams } from 'react-router';
import { CommentIcon } from '../../components/account-icons.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { COMMENT_LIST_PATH } from '../../lib/routes.ts';
import { CommentCard } from './CommentCard.tsx';
import { MY_COMMENTS_PAGE_SIZE, useMyComments } from './comment-api.ts';

/** The member's own reviews, newest first, ten a page (the page in the URL: ?pageNum=). */
export function MyComments() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number.parseInt(params.get('pageNum') ?? '1', 10);
  const pageNum = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const query = useMyComments(pageNum);
  const data = query.data;
  return (
    <section aria-labelledby="my-comments" className="card overflow-hidden">
      <h2 id="my-comments" className="border-b border-line px-6 py-4 text-base font-semibold text-navy">
        My reviews{data ? <span className="ml-2 text-sm font-normal text-muted">({data.total})</span> : null}
      </h2>
      {query.isError && !data ? (
        <LoadFailed
          title="Your reviews could not be loaded"
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <div className="flex flex-col gap-4 p-6" aria-busy="true">
          <span className="sr-only">Loading your reviews…</span>
          {[0, 1].map((i) => (
            <div key={i} className="flex gap-4">
              <Skeleton className="size-16 rounded-lg" />
              <Skeleton className="h-16 flex-1" />
            </div>
          ))}
        </div>
      ) : data.records.length === 0 ? (
        <EmptyState
          icon={<CommentIcon size={28} />}
          title="No reviews yet"
          description="Once an order is completed you can rate its goods here."
        />
      ) : (
        <>
          <ul className="divide-y divide-line">
            {data.records.map((c) => (
              <li key={c.id}>
                <CommentCard comment={c} />
              </li>
            ))}
          </ul>
          <div className="pb-6">
            <Pager
              pageNum={data.pageNum}
              pageSize={data.pageSize || MY_COMMENTS_PAGE_SIZE}
              total={data.total}
              label="Review pages"
              onPage={(p) => navigate(p > 1 ? `${COMMENT_LIST_PATH}?pageNum=${p}` : COMMENT_LIST_PATH)}
            />
          </div>
        </>
      )}
    </section>
  );
}
