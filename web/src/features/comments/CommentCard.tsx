import type { Comment } from '@mall/shared/contract/order';
import { Link } from 'react-router';
import { GoodsThumbLink } from '../../components/GoodsLineHead.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { COMMENT_DETAIL_PATH, goodsUrl } from '../../lib/routes.ts';
import { Stars } from './Stars.tsx';

export const commentUrl = (id: number) => `${COMMENT_DETAIL_PATH}?id=${id}`;

/** One of the member's comments: the good, the stars, the text and the date. */
export function CommentCard({ comment, linkToDetail = true }: { comment: Comment; linkToDetail?: boolean }) {
  return (
    <article
      className="flex gap-5 px-6 py-5"
      data-comment={comment.id}
      aria-label={`Review of ${comment.name}`}
    >
      <GoodsThumbLink goodsId={comment.goodsId} thumbUrl={comment.thumbUrl} look="order" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-4">
          <Link to={goodsUrl(comment.goodsId)} className="link-quiet truncate text-sm font-semibold text-ink">
            {comment.name}
          </Link>
          <time dateTime={comment.createdAt} className="shrink-0 text-xs text-muted">
            {formatDate(comment.createdAt)}
          </time>
        </div>
        {comment.skuLabel ? <p className="text-xs text-muted">{comment.skuLabel}</p> : null}
        <div className="mt-1.5">
          <Stars rating={comment.rating} />
        </div>
        <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-ink">{comment.content}</p>
        {linkToDetail ? (
          <Link to={commentUrl(comment.id)} className="link mt-2 inline-block text-sm">
            View review
          </Link>
        ) : null}
      </div>
    </article>
  );
}
