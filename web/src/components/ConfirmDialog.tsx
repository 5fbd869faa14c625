import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import { useDialogClose } from './dialog-context.ts';

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

function ConfirmButtons({
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
}: Pick<ConfirmDialogProps, 'onConfirm' | 'onCancel'> & { confirmLabel: string; cancelLabel: string }) {
  const close = useDialogClose();
  return (
    <>
      <button type="button" className="btn-secondary min-w-24" onClick={() => close(onCancel)}>
        {cancelLabel}
      </button>
      <button type="button" className="btn-primary min-w-24" onClick={() => close(onConfirm)}>
        {confirmLabel}
      </button>
    </>
  );
}

/**
 * The generic confirm dialog (docs/messages.md), a message with confirm and cancel buttons
 * (used for logout). Both answers animate the dialog out before calling back; Escape or a
 * click outside counts as cancel.
 */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title = 'Please confirm',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      width={440}
      height="auto"
      showClose={false}
      bodyClassName="px-6 py-6"
      footer={
        <ConfirmButtons
          onConfirm={onConfirm}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
        />
      }
    />
  );
}
