import { DIALOG_CLOSE_ANIMATION_MS, DIALOG_DEFAULT_SIZE } from '@mall/shared/constants';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CloseDialog, DialogCloseContext, type DialogProps } from './dialog-context.ts';
import { CloseIcon } from './icons.tsx';

/**
 * The shop's modal dialog on Radix: focus trap, Escape, scroll lock, labelled by its title.
 * Closing animates out for DIALOG_CLOSE_ANIMATION_MS before `onClose` is emitted.
 */
export default function ModalDialog({
  open,
  onClose,
  title,
  children,
  footer,
  width = DIALOG_DEFAULT_SIZE.width,
  height = DIALOG_DEFAULT_SIZE.height,
  description,
  role = 'dialog',
  showClose = true,
  closeOnOutsideClick = true,
  bodyClassName = 'px-6 py-5',
}: DialogProps) {
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) {
      clearTimeout(timer.current);
      timer.current = undefined;
      setClosing(false);
    }
  }, [open]);

  const close = useCallback<CloseDialog>((then) => {
    if (timer.current !== undefined) return;
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setClosing(false);
      (then ?? onCloseRef.current)();
    }, DIALOG_CLOSE_ANIMATION_MS);
  }, []);

  const state = closing ? 'closing' : 'open';
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-dialog-state={state}
          className="fixed inset-0 z-50 animate-overlay-in bg-navy/45 data-[dialog-state=closing]:animate-overlay-out"
        />
        <RadixDialog.Content
          role={role}
          data-dialog-state={state}
          // Without a description, say so explicitly (Radix otherwise warns about a missing one).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(e) => {
            if (!closeOnOutsideClick) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (!closeOnOutsideClick) e.preventDefault();
          }}
          style={{ width, height: height === 'auto' ? undefined : height }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-32px)] max-w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 animate-dialog-in flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 focus:outline-none data-[dialog-state=closing]:animate-dialog-out"
        >
          <div className="flex shrink-0 items-center justify-between gap-4 border-b border-line px-6 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-navy">{title}</RadixDialog.Title>
            {showClose ? (
              <button
                type="button"
                aria-label="Close"
                onClick={() => close()}
                className="focus-ring -mr-2 rounded-md p-1.5 text-muted transition hover:bg-gray-100 hover:text-ink"
              >
                <CloseIcon size={20} />
              </button>
            ) : null}
          </div>
          <DialogCloseContext.Provider value={close}>
            <div className={`min-h-0 flex-1 overflow-y-auto ${bodyClassName}`}>
              {description ? (
                <RadixDialog.Description className="text-[15px] leading-6 text-ink">
                  {description}
                </RadixDialog.Description>
              ) : null}
              {children}
            </div>
            {footer ? (
              <div className="flex shrink-0 items-center justify-end gap-3 border-t border-line bg-gray-50/70 px-6 py-3.5">
                {footer}
              </div>
            ) : null}
          </DialogCloseContext.Provider>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
