import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { AddressChoiceSlot } from '../../components/address-choice-slot.ts';
import { FormAlert } from '../../components/FormField.tsx';
import { PinIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { regionLine, streetLine } from '../../lib/address-format.ts';
import { SHIPPING_ADDRESS_PATH } from '../../lib/routes.ts';
import { DefaultTag } from './AddressBook.tsx';
import { AddressForm } from './AddressForm.tsx';
import { AddressFormDialog } from './AddressFormDialog.tsx';

/**
 * Where the order goes: the member's addresses as radio cards (the default chosen at first), and
 * 'Add a new address' in the address dialog; a member with no address gets the form at once.
 */
export function AddressChoice({
  addresses,
  loading,
  failed,
  onRetry,
  chosen,
  onChoose,
  error,
}: AddressChoiceSlot) {
  const [adding, setAdding] = useState(false);
  let body: ReactNode;
  if (loading)
    body = (
      <div className="grid grid-cols-2 gap-3" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  else if (failed || !addresses)
    body = (
      <FormAlert>
        Your addresses could not be loaded.{' '}
        <button type="button" className="link font-medium" onClick={onRetry}>
          Try again
        </button>
      </FormAlert>
    );
  else if (addresses.length === 0)
    body = (
      <div>
        <p className="mb-4 text-sm text-muted">
          Where should we deliver this order? Your address is kept for next time.
        </p>
        <AddressForm
          address={null}
          makeDefault
          submitLabel="Deliver to this address"
          onSaved={(saved) => onChoose(saved.id)}
        />
      </div>
    );
  else
    body = (
      <div role="radiogroup" aria-label="Delivery address" className="grid grid-cols-2 gap-3">
        {addresses.map((a) => {
          const selected = chosen?.id === a.id;
          return (
            <label
              key={a.id}
              data-address-choice={a.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition ${selected ? 'border-brand bg-brand-soft/40 ring-1 ring-brand' : 'border-line hover:border-brand/50'}`}
            >
              <input
                type="radio"
                name="checkout-address"
                value={a.id}
                checked={selected}
                onChange={() => onChoose(a.id)}
                className="mt-1 size-4 shrink-0 cursor-pointer accent-brand"
              />
              <span className="min-w-0 text-sm leading-6">
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-navy">{a.recipient}</span>
                  <span className="text-muted">{a.phone}</span>
                  {a.isDefault ? <DefaultTag /> : null}
                </span>
                <span className="block text-ink">{streetLine(a)}</span>
                <span className="block text-muted">{regionLine(a)}</span>
              </span>
            </label>
          );
        })}
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="focus-ring flex min-h-24 items-center justify-center gap-2 rounded-lg border border-dashed border-gray-300 text-sm font-medium text-brand transition hover:border-brand hover:bg-brand-soft/30"
        >
          <PinIcon size={16} />
          Add a new address
        </button>
      </div>
    );

  return (
    <section className="card px-6 py-5" aria-labelledby="checkout-address-heading">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="checkout-address-heading" className="text-base font-semibold text-navy">
          Delivery address
        </h2>
        {addresses && addresses.length > 0 ? (
          <Link to={SHIPPING_ADDRESS_PATH} className="link text-sm">
            Manage addresses
          </Link>
        ) : null}
      </div>
      {error ? <FormAlert className="mb-4">{error}</FormAlert> : null}
      {body}
      <AddressFormDialog
        open={adding}
        address={null}
        onClose={() => setAdding(false)}
        onSaved={(saved) => onChoose(saved.id)}
      />
    </section>
  );
}
