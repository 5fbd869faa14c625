import type { Address } from '@mall/shared/contract/address';
import { Dialog } from '../../components/Dialog.tsx';
import { useDialogClose } from '../../components/dialog-context.ts';
import { AddressForm } from './AddressForm.tsx';

function DialogBody({
  address,
  makeDefault,
  onSaved,
}: {
  address: Address | null;
  makeDefault: boolean;
  onSaved: (saved: Address) => void;
}) {
  const close = useDialogClose();
  return (
    <AddressForm
      address={address}
      makeDefault={makeDefault}
      onCancel={() => close()}
      onSaved={(saved) => close(() => onSaved(saved))}
    />
  );
}

/** The address form in a dialog: add (address null) or edit. Saving closes it, then calls onSaved. */
export function AddressFormDialog({
  open,
  address,
  makeDefault = false,
  onClose,
  onSaved,
}: {
  open: boolean;
  address: Address | null;
  makeDefault?: boolean;
  onClose: () => void;
  onSaved: (saved: Address) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={address ? 'Edit address' : 'Add a new address'}
      width={640}
      height="auto"
      closeOnOutsideClick={false}
    >
      {open ? (
        <DialogBody
          key={address?.id ?? 'new'}
          address={address}
          makeDefault={makeDefault}
          onSaved={(saved) => {
            onClose();
            onSaved(saved);
          }}
        />
      ) : null}
    </Dialog>
  );
}
