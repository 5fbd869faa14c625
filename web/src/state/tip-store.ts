import { create } from 'zustand';

/** The 'Tip' modal (docs/accounts.md: session expiry): a message with a single confirm button. */
interface TipState {
  message: string | null;
  onConfirm: (() => void) | null;
  show(message: string, onConfirm?: () => void): void;
  confirm(): void;
}

export const useTip = create<TipState>()((set, get) => ({
  message: null,
  onConfirm: null,
  show: (message, onConfirm) => set({ message, onConfirm: onConfirm ?? null }),
  confirm: () => {
    const { onConfirm } = get();
    set({ message: null, onConfirm: null });
    onConfirm?.();
  },
}));
