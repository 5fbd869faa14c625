import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { messageOf } from '../admin-api.ts';
import { OrderDetailBlocks } from './OrderDetailBlocks.tsx';
import { type AdminOrderDetail, ordersApi, ordersKeys, PAY_WORDS, STATUS_WORDS } from './orders-api.ts';
import { buttonClass, dollars, primaryClass } from './orders-ui.ts';
import { ShipDialog } from './ShipDialog.tsx';

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
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [shipping, setShipping] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const query = useQuery({
    queryKey: ordersKeys.detail(orderNo),
    queryFn: ({ signal }) => ordersApi.detail(orderNo, signal),
  });
  const order = query.data;
  /** A change to the order: the list's rows and counts and this order are read again. */
  const changed = () => queryClient.invalidateQueries({ queryKey: ordersKeys.all });
  const refund = useMutation({
    mutationFn: () => ordersApi.refund(orderNo),
    onMutate: () => {
      setRefunding(false);
      setNotice(null);
    },
    onSuccess: () => {
      setNotice(`Order ${orderNo} is cancelled and refunded.`);
      return changed();
    },
  });
  const busy = refund.isPending;
  const error = refund.isError
    ? messageOf(refund.error, 'The refund could not be made.')
    : query.isError
      ? messageOf(query.error, 'The order could not be loaded.')
      : null;

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
      {order && <OrderDetailBlocks order={order} />}
      {order && (
        <ShipDialog
          open={shipping}
          orderNo={orderNo}
          onClose={() => setShipping(false)}
          onShipped={(carrier, trackingNo) => {
            setShipping(false);
            setNotice(
              `Order ${orderNo} is marked shipped (${carrier}, ${trackingNo}). The member is mailed.`,
            );
            void changed();
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
          onConfirm={() => refund.mutate()}
          onCancel={() => setRefunding(false)}
        />
      )}
    </section>
  );
}
