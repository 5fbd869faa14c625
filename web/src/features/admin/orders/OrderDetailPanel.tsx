import { ORDER_EVENT_LABEL } from '@mall/shared/order-events';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { AdminApiError } from '../admin-api.ts';
import { type AdminOrderDetail, ordersApi, PAY_WORDS, STATUS_WORDS } from './orders-api.ts';
import { buttonClass, primaryClass, when } from './orders-ui.ts';

/** The timeline's words as the member reads them, but for what the member did, said of them. */
const EVENT_WORDS = {
  ...ORDER_EVENT_LABEL,
  cancelled: 'Cancelled by the member',
  completed: 'Received (completed)',
};
const dollars = (n: number) => `$${n.toFixed(2)}`;
const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-5">
      <h2 id={id} className="mb-3 text-base font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-0.5 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right tabular-nums break-all text-ink">{value}</dd>
    </div>
  );
}

/** What a refund of `o` gives back, in words, for the confirm dialog. */
export const refundWords = (o: AdminOrderDetail) => {
  const parts = [];
  if (o.payAmount > 0) parts.push(`${dollars(o.payAmount)} back to the card it was paid with`);
  if (o.cardAmount > 0) parts.push(`${dollars(o.cardAmount)} back to the cash cards`);
  if (o.pointsUsed > 0) parts.push(`${o.pointsUsed} points back to the member`);
  const what = parts.length > 0 ? parts.join(', ') : 'nothing (it cost nothing)';
  const stock =
    o.status === '1'
      ? 'Its goods go back on sale.'
      : 'It has already shipped: its goods do not go back on sale by themselves.';
  return `Order ${o.orderNo} is cancelled and refunded: ${what}. ${stock} This cannot be undone.`;
};

/** One order (owner, orders): lines, amounts, payments, wallet use, address, timeline; ship and refund. */
export function OrderDetailPanel({ orderNo, onBack }: { orderNo: string; onBack: () => void }) {
  const [order, setOrder] = useState<AdminOrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shipping, setShipping] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      ordersApi.detail(orderNo).then(
        (d) => {
          setOrder(d);
          setError(null);
        },
        (err: unknown) => setError(messageOf(err, 'The order could not be loaded.')),
      ),
    [orderNo],
  );
  useEffect(() => {
    setOrder(null);
    void load();
  }, [load]);

  const refund = async () => {
    setRefunding(false);
    setBusy(true);
    setNotice(null);
    try {
      await ordersApi.refund(orderNo);
      setNotice(`Order ${orderNo} is cancelled and refunded.`);
      await load();
    } catch (err) {
      setError(messageOf(err, 'The refund could not be made.'));
    } finally {
      setBusy(false);
    }
  };

  const status = order ? Number(order.status) : -1;
  return (
    <section aria-labelledby="order-title" className="flex flex-col gap-4">
      <div>
        <button type="button" className="text-sm text-brand hover:underline" onClick={onBack}>
          ← Back to orders
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-title" className="text-xl font-semibold text-ink">
          Order {orderNo}
          {order && (
            <span
              className="ml-3 rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-ink"
              data-order-status
            >
              {STATUS_WORDS[status]} · {PAY_WORDS[Number(order.payStatus)]}
            </span>
          )}
        </h1>
        {order && (
          <div className="flex gap-2">
            {status === 1 && (
              <button
                type="button"
                className={primaryClass}
                disabled={busy}
                onClick={() => setShipping(true)}
              >
                Mark shipped
              </button>
            )}
            {status >= 1 && status <= 3 && (
              <button
                type="button"
                className={buttonClass}
                disabled={busy}
                onClick={() => setRefunding(true)}
              >
                Cancel and refund
              </button>
            )}
          </div>
        )}
      </div>
      {notice && (
        <p role="status" className="rounded-lg bg-green-50 px-4 py-2 text-sm text-green-800">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
      {!order && !error && <p className="py-8 text-center text-sm text-muted">Loading the order…</p>}
      {order && (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="flex flex-col gap-4 lg:col-span-2">
            <Block title="Goods">
              {order.kind === 'club' ? (
                <p className="text-sm">{order.title ?? 'Club membership'}</p>
              ) : (
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-line text-muted">
                      <th scope="col" className="py-1">
                        Item
                      </th>
                      <th scope="col">Supplier</th>
                      <th scope="col" className="text-right">
                        Price
                      </th>
                      <th scope="col" className="text-right">
                        Count
                      </th>
                      <th scope="col" className="text-right">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.lines.map((l) => (
                      <tr key={l.id} className="border-b border-line">
                        <td className="py-1.5">
                          {l.name}
                          {l.skuLabel && <div className="text-xs text-muted">{l.skuLabel}</div>}
                        </td>
                        <td>{l.supplierName}</td>
                        <td className="text-right tabular-nums">{dollars(l.price)}</td>
                        <td className="text-right tabular-nums">{l.count}</td>
                        <td className="text-right tabular-nums">{dollars(l.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Block>
            <Block title="Payments">
              {order.payments.length === 0 ? (
                <p className="text-sm text-muted">No payment yet.</p>
              ) : (
                <ul className="flex flex-col gap-2 text-sm">
                  {order.payments.map((p) => (
                    <li key={p.reference}>
                      {dollars(p.amount)} by {p.provider}
                      {p.cardLast4 ? ` (card …${p.cardLast4})` : ''}: {p.status}, {when(p.createdAt)}
                      {p.refunds.map((r) => (
                        <div key={r.createdAt} className="text-xs text-muted">
                          Refund {dollars(r.amount)}: {r.status} ({r.reason}), {when(r.createdAt)}
                        </div>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
              {order.refunds.length > 0 && (
                <>
                  <h3 className="mt-3 text-sm font-medium text-ink">Given back</h3>
                  <ul className="text-sm">
                    {order.refunds.map((r) => (
                      <li key={`${r.to}-${r.at}`}>
                        {r.to}: {r.points ? `${r.points} points` : dollars(r.amount)}
                        {r.cardNoLast4 ? ` (card …${r.cardNoLast4})` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Block>
            <Block title="Timeline">
              <ol className="flex flex-col gap-1.5 text-sm" data-admin-timeline>
                {order.timeline.map((e) => (
                  <li key={`${e.kind}-${e.at}`}>
                    <span className="text-muted">{when(e.at)}</span> · {EVENT_WORDS[e.kind]}
                    {e.note ? ` · ${e.note}` : ''}
                  </li>
                ))}
              </ol>
            </Block>
          </div>
          <div className="flex flex-col gap-4">
            <Block title="Amounts">
              <dl>
                <Row label="Goods" value={dollars(order.goodsAmount)} />
                <Row label="Discount" value={`−${dollars(order.discountAmount)}`} />
                <Row label={`Points (${order.pointsUsed})`} value={`−${dollars(order.pointsAmount)}`} />
                <Row label="Shipping" value={dollars(order.shippingFee)} />
                <Row label="Total (GST incl.)" value={<strong>{dollars(order.totalAmount)}</strong>} />
                <Row label="GST" value={dollars(order.gstAmount)} />
                <Row label="Paid by cash card" value={dollars(order.cardAmount)} />
                <Row label="Paid through the gateway" value={dollars(order.payAmount)} />
                <Row label="Points it earns" value={order.pointsEarned} />
              </dl>
            </Block>
            <Block title="Member">
              <dl>
                <Row label="Name" value={order.member.name} />
                <Row label="Number" value={order.member.memberNo} />
                <Row label="E-mail" value={order.member.email} />
                <Row label="Phone" value={order.member.phone || '—'} />
              </dl>
            </Block>
            <Block title="Delivery">
              <address className="text-sm not-italic">
                {order.address.recipient}, {order.address.phone}
                <br />
                {order.address.street}
                <br />
                {order.address.suburb}, {order.address.city} {order.address.postcode}
              </address>
              {order.remark && <p className="mt-2 text-sm text-muted">Note: {order.remark}</p>}
              <dl className="mt-3">
                <Row label="Placed" value={when(order.createdAt)} />
                <Row label="Paid" value={when(order.paidAt)} />
                <Row label="Shipped" value={when(order.shippedAt)} />
                <Row label="Carrier" value={order.carrier ?? '—'} />
                <Row label="Tracking number" value={order.trackingNo ?? '—'} />
              </dl>
            </Block>
          </div>
        </div>
      )}
      {order && (
        <ShipDialog
          open={shipping}
          orderNo={orderNo}
          onClose={() => setShipping(false)}
          onShipped={async (carrier, trackingNo) => {
            setShipping(false);
            setNotice(
              `Order ${orderNo} is marked shipped (${carrier}, ${trackingNo}). The member is mailed.`,
            );
            await load();
          }}
        />
      )}
      {order && (
        <ConfirmDialog
          open={refunding}
          title="Cancel and refund this order?"
          message={refundWords(order)}
          confirmLabel="Cancel and refund"
          cancelLabel="Keep the order"
          onConfirm={refund}
          onCancel={() => setRefunding(false)}
        />
      )}
    </section>
  );
}

function ShipDialog({
  open,
  orderNo,
  onClose,
  onShipped,
}: {
  open: boolean;
  orderNo: string;
  onClose: () => void;
  onShipped: (carrier: string, trackingNo: string) => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!carrier.trim() || !trackingNo.trim()) {
      setError('Enter the carrier and the tracking number.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await ordersApi.ship(orderNo, carrier.trim(), trackingNo.trim());
      onShipped(carrier.trim(), trackingNo.trim());
    } catch (err) {
      setError(messageOf(err, 'The order could not be marked shipped.'));
    } finally {
      setBusy(false);
    }
  };
  const input =
    'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:border-brand focus:outline-none';
  return (
    <Dialog open={open} onClose={onClose} title={`Ship order ${orderNo}`} width={460} height="auto">
      <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Shipping">
        <p className="text-sm text-muted">
          The member sees the carrier and tracking number in their order's history and gets a mail.
        </p>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Carrier
          <input
            className={input}
            value={carrier}
            maxLength={40}
            list="ship-carriers"
            onChange={(e) => setCarrier(e.target.value)}
          />
        </label>
        <datalist id="ship-carriers">
          <option value="NZ Post" />
          <option value="CourierPost" />
          <option value="Aramex" />
          <option value="NZ Couriers" />
          <option value="Mainfreight" />
        </datalist>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Tracking number
          <input
            className={input}
            value={trackingNo}
            maxLength={60}
            onChange={(e) => setTrackingNo(e.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-accent">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryClass} disabled={busy}>
            {busy ? 'Shipping…' : 'Mark shipped'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
