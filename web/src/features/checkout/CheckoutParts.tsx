import { lineAmount, type ShippingRule } from '@mall/shared/checkout-rules';
import type { CartItem } from '@mall/shared/contract/cart';
import type { OrderQuote } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import type { ReactNode } from 'react';
import { GoodsSummaryRow } from '../../components/GoodsSummaryRow.tsx';
import { StoreIcon, TruckIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { groupBySupplier } from '../../lib/supplier-groups.ts';

export const REMARK_MAX = 200;
export const PAY_FROM_WALLET = 'Place order, paid from my wallet';

/** The lines bought, by supplier: thumbnail, name, options, price x count, line amount. */
export function CheckoutLines({ items }: { items: readonly CartItem[] }) {
  return (
    <section className="card overflow-hidden" aria-labelledby="checkout-items-heading">
      <h2 id="checkout-items-heading" className="px-6 pt-5 pb-3 text-base font-semibold text-navy">
        Items
      </h2>
      {groupBySupplier(items).map((group) => (
        <section
          key={group.supplierId}
          data-supplier-group={group.supplierId}
          aria-label={group.supplierName}
        >
          <header className="flex items-center gap-2 border-y border-line bg-gray-50 px-6 py-2.5">
            <StoreIcon size={16} className="text-brand" />
            <h3 className="text-sm font-semibold text-navy">{group.supplierName}</h3>
          </header>
          <ul>
            {group.items.map((item) => (
              <GoodsSummaryRow
                key={item.id}
                look="checkout"
                rowData={{ 'data-checkout-line': item.id }}
                goods={item}
                detail={item.skuLabel}
                price={item.price}
                count={item.count}
                amount={lineAmount(item)}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function SummaryRow({
  label,
  value,
  data,
  off = false,
}: {
  label: string;
  value: ReactNode;
  data: string;
  /** An amount taken off: shown with a minus sign. */
  off?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd
        className={`tabular-nums ${off ? 'text-brand' : 'text-ink'}`}
        {...{ [`data-checkout-${data}`]: '' }}
      >
        {off ? `−${value}` : value}
      </dd>
    </div>
  );
}

/** The one way of delivery, standard courier, with its fee for this order. */
export function DeliverySection({ rule, shippingText }: { rule: ShippingRule | null; shippingText: string }) {
  return (
    <section className="card px-6 py-5" aria-labelledby="checkout-delivery-heading">
      <h2 id="checkout-delivery-heading" className="mb-4 text-base font-semibold text-navy">
        Delivery
      </h2>
      <label className="flex items-center gap-3 rounded-lg border border-brand bg-brand-soft/40 p-4 ring-1 ring-brand">
        <input type="radio" name="checkout-delivery" checked readOnly className="size-4 accent-brand" />
        <TruckIcon size={20} className="text-brand" />
        <span className="flex-1 text-sm">
          <span className="block font-medium text-ink">Standard courier</span>
          <span className="block text-muted">
            Tracked delivery across New Zealand
            {rule?.freeFrom != null ? `; free from ${formatPrice(rule.freeFrom)} of goods` : ''}
          </span>
        </span>
        <span className="text-sm font-medium text-ink tabular-nums">{shippingText}</span>
      </label>
    </section>
  );
}

/** The order remark: at most REMARK_MAX characters, counted as typed. */
export function RemarkSection({
  remark,
  error,
  onChange,
}: {
  remark: string;
  error: string | undefined;
  onChange: (remark: string) => void;
}) {
  return (
    <section className="card px-6 py-5">
      <label htmlFor="checkout-remark" className="mb-2 block text-base font-semibold text-navy">
        Order remark <span className="text-sm font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id="checkout-remark"
        value={remark}
        maxLength={REMARK_MAX}
        rows={3}
        placeholder="Anything the supplier or courier should know, e.g. leave at the back door"
        aria-invalid={error ? true : undefined}
        aria-describedby="checkout-remark-message"
        onChange={(e) => onChange(e.target.value)}
        className={`w-full resize-none rounded-lg border bg-white px-3.5 py-2.5 text-[15px] text-ink placeholder:text-gray-400 focus:outline-none focus:ring-3 ${error ? 'border-accent focus:ring-accent/15' : 'border-gray-300 focus:border-brand focus:ring-brand/15'}`}
      />
      <p
        id="checkout-remark-message"
        className={`mt-1 flex justify-between text-xs ${error ? 'text-accent' : 'text-muted'}`}
      >
        <span data-error={error ? '' : undefined}>{error ?? ''}</span>
        <span className="tabular-nums">
          {remark.length}/{REMARK_MAX}
        </span>
      </p>
    </section>
  );
}

/**
 * The summary's amounts: goods, discount, shipping and points, then the total with its GST, the
 * cash cards' part and what is left to pay by card, and the points earned. While the next quote
 * is on its way (`stale`) the last one stays, dimmed and marked busy.
 */
export function SummaryAmounts({
  count,
  goods,
  quote,
  shippingText,
  total,
  gst,
  stale,
}: {
  count: number;
  goods: number;
  quote: OrderQuote | null;
  shippingText: string;
  total: number | null;
  gst: number | null;
  stale: boolean;
}) {
  return (
    <>
      <dl className="space-y-2.5">
        <SummaryRow
          label={`Goods (${count} ${count === 1 ? 'item' : 'items'})`}
          value={formatPrice(goods)}
          data="goods"
        />
        {quote && quote.discountAmount > 0 ? (
          <SummaryRow label="Discount" value={formatPrice(quote.discountAmount)} data="discount" off />
        ) : null}
        <SummaryRow label="Shipping" value={shippingText} data="shipping" />
        {quote && quote.pointsUsed > 0 ? (
          <SummaryRow
            label={`Points (${quote.pointsUsed})`}
            value={formatPrice(quote.pointsAmount)}
            data="points"
            off
          />
        ) : null}
      </dl>
      <div
        className={`mt-4 border-t border-line pt-4 transition-opacity ${stale ? 'opacity-60' : ''}`}
        aria-live="polite"
        aria-busy={stale || undefined}
        data-quote-stale={stale ? '' : undefined}
      >
        <div className="flex items-baseline justify-between gap-4">
          <p className="text-sm font-medium text-ink">
            {quote && quote.cardAmount > 0 ? 'Total' : 'Total to pay'}
          </p>
          <p className="text-2xl font-semibold text-accent tabular-nums" data-checkout-total="">
            {total !== null ? formatPrice(total) : '—'}
          </p>
        </div>
        {gst !== null ? (
          <p className="mt-1 text-right text-xs text-muted" data-checkout-gst="">
            Includes GST of {formatPrice(gst)}
          </p>
        ) : null}
        {quote && quote.cardAmount > 0 ? (
          <dl className="mt-3 space-y-2.5">
            <SummaryRow label="Cash cards" value={formatPrice(quote.cardAmount)} data="card" off />
            <div className="flex items-baseline justify-between gap-4 text-sm">
              <dt className="font-medium text-ink">To pay by card</dt>
              <dd className="text-lg font-semibold text-navy tabular-nums" data-checkout-pay="">
                {formatPrice(quote.payAmount)}
              </dd>
            </div>
          </dl>
        ) : null}
        {quote && quote.pointsEarned > 0 ? (
          <p className="mt-2 text-right text-xs text-brand" data-checkout-earn="">
            You earn {quote.pointsEarned} points with this order
          </p>
        ) : null}
      </div>
    </>
  );
}

/** Place order: busy while the order is sent; says so when the wallet pays the whole order. */
export function PlaceOrderButton({
  disabled,
  pending,
  fromWallet,
  onPlace,
}: {
  disabled: boolean;
  pending: boolean;
  fromWallet: boolean;
  onPlace: () => void;
}) {
  return (
    <button
      type="button"
      className="btn-primary mt-5 h-12 w-full gap-2 text-[15px] disabled:cursor-not-allowed"
      disabled={disabled}
      aria-busy={pending || undefined}
      onClick={onPlace}
    >
      {pending ? (
        <>
          <Spinner size={18} />
          Processing......
        </>
      ) : fromWallet ? (
        PAY_FROM_WALLET
      ) : (
        'Place order'
      )}
    </button>
  );
}
