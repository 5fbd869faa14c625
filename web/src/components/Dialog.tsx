import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';

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
  /** Emitted about 100 ms after a close was asked for (spec section 4), once the exit animation ran. */
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

// The modal (Radix, focus trap, scroll lock) downloads the first time a dialog opens: a
// first visit to the shop, where every dialog is closed, does not pay for it. Once loaded it
// renders synchronously.
let loaded: ComponentType<DialogProps> | null = null;
const loadModal = () =>
  import('./ModalDialog.tsx').then((m) => {
    loaded = m.default;
    return m;
  });
const LazyModal = lazy(loadModal);
/** Starts the download ahead of time (e.g. on hover of what opens a dialog). */
export const preloadDialog = () => loadModal().then(() => undefined);

/**
 * The shop's modal dialog: focus trap, Escape, scroll lock, labelled by its title; default
 * size 880x500. Closing animates out for about 100 ms before `onClose` is emitted.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  useEffect(() => {
    if (props.open) setOpened(true);
  }, [props.open]);
  if (!opened && !props.open) return null;
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}
