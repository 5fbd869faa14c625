import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { messageOf } from '../admin-api.ts';
import { ordersApi } from './orders-api.ts';
import { buttonClass, primaryClass } from './orders-ui.ts';

/** Marks a paid order shipped with its carrier and tracking number (the member is mailed). */
export function ShipDialog({
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
  const [missing, setMissing] = useState(false);
  const ship = useMutation({
    mutationFn: ordersApi.ship,
    onSuccess: (_, sent) => onShipped(sent.carrier ?? '', sent.trackingNo ?? ''),
  });
  const busy = ship.isPending;
  const error = missing
    ? 'Enter the carrier and the tracking number.'
    : ship.isError
      ? messageOf(ship.error, 'The order could not be marked shipped.')
      : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!carrier.trim() || !trackingNo.trim());
    if (!carrier.trim() || !trackingNo.trim()) return;
    ship.mutate({ orderNo, carrier: carrier.trim(), trackingNo: trackingNo.trim() });
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
