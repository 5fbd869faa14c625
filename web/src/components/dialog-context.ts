import { createContext, type ReactNode, useContext } from 'react';

/**
 * What Dialog (the lazy shell) and ModalDialog (the Radix modal it loads) share: their props and
 * the close-with-animation context. A module of its own, so the two do not import each other.
 */

/** Closes the surrounding dialog with its exit animation, then runs `then` (or the dialog's onClose). */
export type CloseDialog = (then?: () => void) => void;
export const DialogCloseContext = createContext<CloseDialog | null>(null);

/** For buttons inside a dialog's body or footer: close with the exit animation, then act. */
export const useDialogClose = (): CloseDialog => {
  const close = useContext(DialogCloseContext);
  if (!close) throw new Error('useDialogClose must be used inside a Dialog');
  return close;
};

export interface DialogProps {
  open: boolean;
  /** Emitted about 100 ms after a close was asked for (docs/limits.md: dialog close animation), once the exit animation ran. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Pixels; defaults to the spec's 880x500. `height: 'auto'` fits the content. */
  width?: number;
  height?: number | 'auto';
  /** Accessible description (e.g. the message of a confirm dialog) rendered above the children. */
  description?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Show the × button in the title bar (default true). */
  showClose?: boolean;
  /** Close when the shopper clicks outside the dialog (default true). Escape always asks to close. */
  closeOnOutsideClick?: boolean;
  /** Extra classes for the body (padding, background). */
  bodyClassName?: string;
}
