import type { OrderDetail } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { GoodsSummaryRow } from '../../components/GoodsSummaryRow.tsx';
import { PinIcon } from '../../components/icons.tsx';
import { regionLine, streetLine } from '../../lib/address-format.ts';

/** What an order buys and where it goes, as the order keeps them. */
export function OrderBrief({ order }: { order: OrderDetail }) {
  const { address } = order;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_320px] items-start gap-5">
      <section className="card overflow-hidden" aria-labelledby="pay-items-heading">
        <h2
          id="pay-items-heading"
          className="border-b border-line px-6 py-4 text-base font-semibold text-navy"
        >
          Items ({order.itemCount})
        </h2>
        <ul>
          {order.lines.map((line) => (
            <GoodsSummaryRow
              key={line.id}
              look="order-brief"
              rowData={{ 'data-order-line': line.id }}
              goods={line}
              detail={line.skuLabel ? `${line.skuLabel} · ${line.supplierName}` : line.supplierName}
              price={line.price}
              count={line.count}
              amount={line.amount}
            />
          ))}
        </ul>
      </section>
      <div className="space-y-5">
        <section className="card px-6 py-5" aria-labelledby="pay-address-heading">
          <h2 id="pay-address-heading" className="mb-3 text-base font-semibold text-navy">
            Delivery address
          </h2>
          <p className="flex items-start gap-1.5 text-sm leading-6" data-order-address="">
            <PinIcon size={16} className="mt-1 shrink-0 text-brand" />
            <span>
              <span className="font-medium text-ink">
                {address.recipient} · {address.phone}
              </span>
              <br />
              {streetLine(address)}
              <br />
              <span className="text-muted">{regionLine(address)}</span>
            </span>
          </p>
        </section>
        <section className="card px-6 py-5" aria-label="Amounts">
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted">Goods</dt>
              <dd className="tabular-nums">{formatPrice(order.goodsAmount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">Shipping</dt>
              <dd className="tabular-nums">
                {order.shippingFee === 0 ? 'Free' : formatPrice(order.shippingFee)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-line pt-2 font-medium">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatPrice(order.payAmount)}</dd>
            </div>
            <p className="text-right text-xs text-muted">Includes GST of {formatPrice(order.gstAmount)}</p>
          </dl>
        </section>
      </div>
    </div>
  );
}
