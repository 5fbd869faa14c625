import { Link } from 'react-router';
import { orderDetailUrl } from '../lib/routes.ts';

/** A ledger row's order: its number, linked to the order detail; a dash when the row has none. */
export function OrderNoLink({ order }: { order: { id: number; orderNo: string } | null }) {
  return order ? (
    <Link to={orderDetailUrl(order.id)} className="link tabular-nums">
      {order.orderNo}
    </Link>
  ) : (
    <span className="text-muted">–</span>
  );
}
