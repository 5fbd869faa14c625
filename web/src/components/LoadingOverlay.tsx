import { Spinner } from './Spinner.tsx';

/** docs/messages.md: loading overlays show "Loading..." or "Processing......". */
export function LoadingOverlay({ text = 'Loading...' }: { text?: 'Loading...' | 'Processing......' }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex animate-overlay-in items-center justify-center bg-white/55 backdrop-blur-[1px]"
    >
      <div className="flex min-w-40 flex-col items-center gap-3 rounded-xl bg-navy/90 px-8 py-6 text-sm font-medium text-white shadow-2xl">
        <Spinner size={30} className="text-white" />
        <span>{text}</span>
      </div>
    </div>
  );
}
