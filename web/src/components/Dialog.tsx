import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { DialogProps } from './dialog-context.ts';

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
