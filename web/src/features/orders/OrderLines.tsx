import type { OrderLine } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { GoodsLineHead } from '../../components/GoodsLineHead.tsx';

/** The goods of an order: thumbnail, name, options, price x count (and the line's amount). */
export function OrderLines({
  lines,
  showAmount = false,
}: {
  lines: readonly OrderLine[];
  showAmount?: boolean;
}) {
  return (
    <ul className="divide-y divide-line">
      {lines.map((line) => (
        <li key={line.id} className="flex items-center gap-4 py-3" data-order-line={line.id}>
          <GoodsLineHead goods={line} look="order" detail={line.skuLabel}>
            {!line.self ? <p className="mt-0.5 text-xs text-muted">Sold by {line.supplierName}</p> : null}
          </GoodsLineHead>
          <p className="w-36 text-right text-sm text-ink tabular-nums" data-line-price>
            {formatPrice(line.price)} <span className="text-muted">x {line.count}</span>
          </p>
          {showAmount ? (
            <p className="w-28 text-right text-sm font-semibold text-navy tabular-nums">
              {formatPrice(line.amount)}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The status as a small coloured pill. */
export function StatusPill({ label, tone }: { label: string; tone: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}
      data-order-status
    >
      {label}
    </span>
  );
}
