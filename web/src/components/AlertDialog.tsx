import { Dialog } from './Dialog.tsx';
import { useDialogClose } from './dialog-context.ts';

function ConfirmOnly({ onConfirm }: { onConfirm: () => void }) {
  const close = useDialogClose();
  return (
    <button type="button" className="btn-primary min-w-28" onClick={() => close(onConfirm)}>
      Confirm
    </button>
  );
}

/**
 * A message with only a confirm button (docs/accounts.md: session expiry: the 'Tip' modal of an expired session,
 * mini-cart removal failures). An alertdialog named by its title; Escape also confirms, a click
 * outside does nothing.
 */
export function AlertDialog(props: { open: boolean; title: string; message: string; onConfirm: () => void }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onConfirm}
      title={props.title}
      description={props.message}
      role="alertdialog"
      width={420}
      height="auto"
      showClose={false}
      closeOnOutsideClick={false}
      bodyClassName="px-6 py-6"
      footer={<ConfirmOnly onConfirm={props.onConfirm} />}
    />
  );
}
