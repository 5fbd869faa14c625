import { ORDER_EVENT_LABEL } from '@mall/shared/order-events';
import type { AdminOrderDetail } from './orders-api.ts';
import { dollars, when } from './orders-ui.ts';

/** The timeline's words as the member reads them, but for what the member did, said of them. */
const EVENT_WORDS = {
  ...ORDER_EVENT_LABEL,
  cancelled: 'Cancelled by the member',
  completed: 'Received (completed)',
};
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

/** One order's lines, payments, timeline, amounts, member and delivery. */
export function OrderDetailBlocks({ order }: { order: AdminOrderDetail }) {
  return (
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
  );
}
