import type { OrderSummary } from '@mall/shared/contract/order';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { orderDetailUrl, payUrl } from '../../lib/routes.ts';
import { downloadInvoice, downloadSupplierSheet } from './download.ts';
import { type OrderChange, useOrderChange } from './order-api.ts';
import { orderActions, rateUrl } from './order-status.ts';

export const CANCEL_QUESTION = 'Cancel this order？';
export const RECEIPT_QUESTION = 'Have you received the goods of this order？';
export const DELETE_QUESTION = 'Delete this order？ It will no longer be listed.';

const QUESTIONS: Record<OrderChange, { message: string; title: string; confirm: string; cancel: string }> = {
  cancel: { message: CANCEL_QUESTION, title: 'Cancel order', confirm: 'Cancel order', cancel: 'Keep order' },
  confirmReceipt: {
    message: RECEIPT_QUESTION,
    title: 'Confirm receipt',
    confirm: 'Yes, received',
    cancel: 'Not yet',
  },
  delete: { message: DELETE_QUESTION, title: 'Delete order', confirm: 'Delete', cancel: 'Keep' },
};

type Order = Pick<OrderSummary, 'id' | 'orderNo' | 'status' | 'lines'> & Partial<Pick<OrderSummary, 'kind'>>;

/**
 * The buttons of one order, by what the order state machine lets the member do in its status
 * (orderActions): Pay now and Cancel (pending), Confirm receipt (shipped), Rate goods (completed
 * with unrated lines), Invoice (paid), Delete (completed or cancelled), and View detail in the
 * list. Changes ask first, in a confirm dialog. `detail` adds the supplier sheet and spells the
 * downloads out.
 */
export function OrderActions({
  order,
  detail = false,
  onDeleted,
}: {
  order: Order;
  detail?: boolean;
  onDeleted?: () => void;
}) {
  const change = useOrderChange();
  const [asking, setAsking] = useState<OrderChange | null>(null);
  const [downloading, setDownloading] = useState<'invoice' | 'sheet' | null>(null);
  const actions = orderActions(order);
  const busy = change.isPending;

  const run = (what: OrderChange) =>
    change.mutate(
      { change: what, id: order.id },
      { onSuccess: () => (what === 'delete' ? onDeleted?.() : undefined) },
    );
  const download = async (what: 'invoice' | 'sheet') => {
    setDownloading(what);
    try {
      await (what === 'invoice' ? downloadInvoice(order) : downloadSupplierSheet(order));
    } finally {
      setDownloading(null);
    }
  };
  const question = asking ? QUESTIONS[asking] : null;
  const small = detail ? '' : 'h-9 px-4 text-sm';

  return (
    <div className="flex flex-wrap items-center justify-end gap-2.5" data-order-actions={order.id}>
      {busy ? <Spinner size={18} className="text-brand" /> : null}
      {actions.includes('delete') ? (
        <button
          type="button"
          className="link-quiet mr-2 text-sm hover:text-accent"
          disabled={busy}
          onClick={() => setAsking('delete')}
        >
          Delete
        </button>
      ) : null}
      {/* A club order has no goods, so no supplier has a sheet. */}
      {detail && order.kind !== 'club' ? (
        <button
          type="button"
          className={`btn-secondary ${small}`}
          disabled={downloading !== null}
          aria-busy={downloading === 'sheet' || undefined}
          onClick={() => void download('sheet')}
        >
          Download supplier sheet
        </button>
      ) : null}
      {actions.includes('invoice') ? (
        <button
          type="button"
          className={`btn-secondary ${small}`}
          disabled={downloading !== null}
          aria-busy={downloading === 'invoice' || undefined}
          onClick={() => void download('invoice')}
        >
          {detail ? 'Download tax invoice' : 'Invoice'}
        </button>
      ) : null}
      {actions.includes('cancel') ? (
        <button
          type="button"
          className={`btn-secondary ${small}`}
          disabled={busy}
          onClick={() => setAsking('cancel')}
        >
          Cancel order
        </button>
      ) : null}
      {detail ? null : (
        <Link to={orderDetailUrl(order.id)} className={`btn-secondary ${small}`}>
          View detail
        </Link>
      )}
      {actions.includes('rate') ? (
        <Link to={rateUrl(order)} className={`btn-secondary ${small}`}>
          Rate goods
        </Link>
      ) : null}
      {actions.includes('confirmReceipt') ? (
        <button
          type="button"
          className={`btn-primary ${small}`}
          disabled={busy}
          onClick={() => setAsking('confirmReceipt')}
        >
          Confirm receipt
        </button>
      ) : null}
      {actions.includes('pay') ? (
        <Link to={payUrl(order.id)} className={`btn-primary ${small}`}>
          Pay now
        </Link>
      ) : null}
      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        message={question?.message ?? ''}
        confirmLabel={question?.confirm ?? 'Confirm'}
        cancelLabel={question?.cancel ?? 'Cancel'}
        onConfirm={() => {
          if (asking) run(asking);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
