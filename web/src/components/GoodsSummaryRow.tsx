import { formatPrice } from '@mall/shared/money-format';
import { GoodsLineHead, type LineGoods } from './GoodsLineHead.tsx';

/** Where the row stands: the checkout's lines, or the pay page's brief of the order. */
type SummaryLook = 'checkout' | 'order-brief';

const ROWS: Record<SummaryLook, string> = {
  checkout:
    'grid grid-cols-[64px_minmax(0,1fr)_140px_110px] items-center gap-4 border-b border-line px-6 py-3.5 last:border-b-0',
  'order-brief':
    'grid grid-cols-[56px_minmax(0,1fr)_130px_100px] items-center gap-4 border-b border-line px-6 py-3 last:border-b-0',
};

/**
 * A line being bought or paid for: picture, name, options, price x count and the line's amount.
 * `rowData` names the row for tests and journeys (e.g. `data-checkout-line`).
 */
export function GoodsSummaryRow({
  goods,
  look,
  detail,
  price,
  count,
  amount,
  rowData,
}: {
  goods: LineGoods;
  look: SummaryLook;
  detail: string | null;
  price: number;
  count: number;
  amount: number;
  rowData: Record<`data-${string}`, number>;
}) {
  return (
    <li {...rowData} className={ROWS[look]}>
      <GoodsLineHead goods={goods} look={look} detail={detail} linked={false} />
      <p className="text-sm text-muted tabular-nums">
        {formatPrice(price)} x {count}
      </p>
      <p className="text-right text-sm font-semibold text-navy tabular-nums" data-line-amount="">
        {formatPrice(amount)}
      </p>
    </li>
  );
}
