import type { OrderSummary } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { Link } from 'react-router';
import { CrownIcon } from '../../components/account-icons.tsx';
import { VIP_PATH } from '../../lib/routes.ts';

/** What a club order bought (docs/wallet.md: club membership): one plan, no goods, nothing to deliver. */
export function ClubOrderLine({
  order,
  showAmount = false,
}: {
  order: Pick<OrderSummary, 'id' | 'title' | 'goodsAmount'>;
  showAmount?: boolean;
}) {
  return (
    <ul className="divide-y divide-line">
      <li className="flex items-center gap-4 py-3" data-club-order-line={order.id}>
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600"
        >
          <CrownIcon size={28} />
        </span>
        <div className="min-w-0 flex-1">
          <Link to={VIP_PATH} className="link-quiet line-clamp-1 text-sm font-medium text-ink">
            {order.title ?? 'Kauri Club membership'}
          </Link>
          <p className="mt-0.5 text-xs text-muted">Club membership · nothing to deliver</p>
        </div>
        <p className="w-36 text-right text-sm text-ink tabular-nums" data-line-price>
          {formatPrice(order.goodsAmount)} <span className="text-muted">x 1</span>
        </p>
        {showAmount ? (
          <p className="w-28 text-right text-sm font-semibold text-navy tabular-nums">
            {formatPrice(order.goodsAmount)}
          </p>
        ) : null}
      </li>
    </ul>
  );
}
