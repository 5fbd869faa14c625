import { ADDRESSES_MAX, type Address } from '@mall/shared/contract/address';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../api/server-errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { PhoneIcon, PinIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { regionLine, streetLine } from '../../lib/address-format.ts';
import { AddressFormDialog } from './AddressFormDialog.tsx';
import { addressUpdateOf, useAddresses, useDeleteAddress, useSaveAddress } from './address-api.ts';

export const DELETE_QUESTION = 'Delete this address？';
export const ADDRESS_SAVED = 'Your address has been saved.';
export const ADDRESS_DELETED = 'The address has been deleted.';

/** The 'Default' tag. */
export function DefaultTag() {
  return (
    <span
      className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand"
      data-default-tag=""
    >
      Default
    </span>
  );
}

function AddressSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="card flex flex-col gap-3 p-5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  return (
    <li
      className={`card flex flex-col p-5 ${address.isDefault ? 'border-brand/40' : ''}`}
      data-address={address.id}
      aria-label={`${address.recipient}, ${streetLine(address)}`}
    >
      <div className="flex items-center gap-3">
        <p className="font-semibold text-navy">{address.recipient}</p>
        <p className="flex items-center gap-1 text-sm text-muted">
          <PhoneIcon size={14} />
          {address.phone}
        </p>
        {address.isDefault ? (
          <span className="ml-auto">
            <DefaultTag />
          </span>
        ) : null}
      </div>
      <p className="mt-3 flex items-start gap-1.5 text-sm leading-6 text-ink">
        <PinIcon size={16} className="mt-1 shrink-0 text-brand" />
        <span>
          {streetLine(address)}
          <br />
          <span className="text-muted">{regionLine(address)}</span>
        </span>
      </p>
      <div className="mt-4 flex items-center gap-4 border-t border-line pt-3 text-sm">
        {address.isDefault ? null : (
          <button type="button" className="link" disabled={busy} onClick={onMakeDefault}>
            Set as default
          </button>
        )}
        <span className="ml-auto flex gap-4">
          <button
            type="button"
            className="link"
            aria-label={`Edit address of ${address.recipient}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="link text-muted hover:text-accent"
            aria-label={`Delete address of ${address.recipient}`}
            disabled={busy}
            onClick={onDelete}
          >
            Delete
          </button>
        </span>
      </div>
    </li>
  );
}

/**
 * Shipping addresses (docs/orders.md: addresses): the member's New Zealand addresses as cards,
 * the default first and tagged; add and edit in a dialog, delete after a confirmation, make
 * another the default.
 */
export function AddressBook() {
  const list = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  // undefined: the dialog is closed; null: a new address; an address: editing it.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Address | null>(null);

  if (list.isPending) return <AddressSkeleton />;
  if (list.isError)
    return (
      <LoadFailed
        title="Your addresses could not be loaded"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );

  const addresses = list.data;
  const full = addresses.length >= ADDRESSES_MAX;
  const fail = (err: unknown) => toast.error(errorMessage(err));
  const makeDefault = (a: Address) =>
    save.mutate(addressUpdateOf(a, { isDefault: true }), {
      onSuccess: () => toast.success(`${a.recipient}'s address is now your default.`),
      onError: fail,
    });
  const addButton = (
    <button type="button" className="btn-primary h-10 px-5" disabled={full} onClick={() => setEditing(null)}>
      Add address
    </button>
  );

  return (
    <section aria-label="Your addresses" className="space-y-4">
      {addresses.length === 0 ? (
        <div className="card">
          <EmptyState
            icon={<PinIcon size={28} />}
            title="No shipping address yet"
            description="Add the New Zealand address we should deliver your orders to."
            action={addButton}
          />
        </div>
      ) : (
        <>
          <div className="card flex items-center justify-between gap-4 px-6 py-3">
            <p className="text-sm text-muted">
              {addresses.length} of {ADDRESSES_MAX} addresses
              {full ? ' — delete one to add another.' : ''}
            </p>
            {addButton}
          </div>
          <ul className="grid grid-cols-2 gap-4">
            {addresses.map((a) => (
              <AddressCard
                key={a.id}
                address={a}
                busy={save.isPending || remove.isPending}
                onEdit={() => setEditing(a)}
                onDelete={() => setDeleting(a)}
                onMakeDefault={() => makeDefault(a)}
              />
            ))}
          </ul>
        </>
      )}
      <AddressFormDialog
        open={editing !== undefined}
        address={editing ?? null}
        makeDefault={addresses.length === 0}
        onClose={() => setEditing(undefined)}
        onSaved={() => toast.success(ADDRESS_SAVED)}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={DELETE_QUESTION}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target)
            remove.mutate(target.id, { onSuccess: () => toast.success(ADDRESS_DELETED), onError: fail });
        }}
      />
    </section>
  );
}
