import type { Comment, CommentInput, CommentPage } from '@mall/shared/contract/order';
import { isRateableStatus } from '@mall/shared/order-states';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf, uniqueViolation } from '../../lib/sql.ts';
import { joinMember, type MemberNameRow, memberNameColumn } from '../customer/index.ts';
import type { orderComment, saleOrderLine } from './tables.ts';

/**
 * Comments (docs/orders.md: what the member sees): a member rates a line of their own completed order once, 1 to 5 with text.
 * Their comments are theirs to read; a good's comments are public with the author masked. The
 * table (order_comment) lives with the orders: an order line shows whether it has been rated.
 */

export const LINE_NOT_FOUND = { field: 'orderLineId', message: 'This item was not found.' };
export const COMMENT_NOT_FOUND = { field: 'id', message: 'This comment was not found.' };
export const NOT_COMPLETED = 'You can rate goods once the order is completed.';
export const ALREADY_RATED = 'You have already rated this item.';

/** A member's name as shown to others: first and last character, "***" between ("A***a", "A***"). */
export const maskName = (name: string): string => {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars.at(-1)}`;
};

/** A row of `selectComments`: the comment, its order line's good, its author. */
type CommentRow = Pick<
  RawRow<typeof orderComment>,
  'id' | 'order_id' | 'order_line_id' | 'goods_id' | 'rating' | 'content'
> &
  Pick<RawRow<typeof saleOrderLine>, 'name' | 'sku_label' | 'thumb_url'> &
  MemberNameRow & { created_at: string };

const commentOf = (r: CommentRow): Comment => ({
  id: r.id,
  orderId: r.order_id,
  orderLineId: r.order_line_id,
  goodsId: r.goods_id,
  name: r.name,
  skuLabel: r.sku_label,
  thumbUrl: r.thumb_url,
  rating: r.rating,
  content: r.content,
  author: maskName(r.member_name),
  createdAt: new Date(r.created_at).toISOString(),
});

const selectComments = (where: SQL) =>
  sql`select c.id, c.order_id, c.order_line_id, c.goods_id, l.name, l.sku_label, l.thumb_url,
        c.rating, c.content, ${memberNameColumn('m')}, to_json(c.created_at)#>>'{}' as created_at
      from order_comment c
      join sale_order_line l on l.id = c.order_line_id
      ${joinMember('m', sql`c.member_id`)}
      where ${where}`;

const page = async (
  db: Db,
  where: SQL,
  query: { pageNum: number; pageSize: number },
): Promise<CommentPage> => {
  const [rows, [count]] = await Promise.all([
    rowsOf<CommentRow>(
      db,
      // `nulls last` as the (goods or member, created_at) indexes run: a plain desc sorts every comment.
      sql`${selectComments(where)} order by c.created_at desc nulls last, c.id desc
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from order_comment c where ${where}`),
  ]);
  return {
    records: rows.map(commentOf),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
};

/** POST /api/sale/order/comment: rates a line of the member's completed order, once. */
export const addComment = async (db: Db, memberId: number, input: CommentInput): Promise<Comment> => {
  const [line] = await rowsOf<{ id: number; order_id: number; goods_id: number; status: number }>(
    db,
    sql`select l.id, l.order_id, l.goods_id, o.status
        from sale_order_line l join sale_order o on o.id = l.order_id
        where l.id = ${input.orderLineId} and o.member_id = ${memberId} and o.deleted_at is null`,
  );
  if (!line) throw notFound(LINE_NOT_FOUND);
  if (!isRateableStatus(String(line.status))) throw conflict(NOT_COMPLETED);
  let inserted: { id: number } | undefined;
  try {
    // The unique index on order_line_id decides between two requests at once: the second fails.
    [inserted] = await rowsOf<{ id: number }>(
      db,
      sql`insert into order_comment (order_line_id, order_id, member_id, goods_id, rating, content)
          values (${line.id}, ${line.order_id}, ${memberId}, ${line.goods_id}, ${input.rating}, ${input.content})
          returning id`,
    );
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(ALREADY_RATED);
    throw err;
  }
  return commentOfMember(db, memberId, inserted!.id);
};

/** GET /api/sale/order/comment/{id}: one of the member's comments; another member's reads as missing. */
export const commentOfMember = async (db: Db, memberId: number, id: number): Promise<Comment> => {
  const [row] = await rowsOf<CommentRow>(db, selectComments(sql`c.id = ${id} and c.member_id = ${memberId}`));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return commentOf(row);
};

/** GET /api/sale/order/comment/app: the member's comments, newest first. */
export const memberComments = (db: Db, memberId: number, query: { pageNum: number; pageSize: number }) =>
  page(db, sql`c.member_id = ${memberId}`, query);

/** GET /api/sale/good/comment/{goodsId}: a good's comments, newest first, authors masked. */
export const goodsComments = (db: Db, goodsId: number, query: { pageNum: number; pageSize: number }) =>
  page(db, sql`c.goods_id = ${goodsId}`, query);
