import type { UploadProgress as Progress } from '../../api/client.ts';

/**
 * The upload's progress: a bar of the bytes sent, then "Checking your sheet..." while the
 * server checks every row (docs/order-import.md: upload).
 */
export function UploadProgress({ progress, checking }: { progress: Progress; checking: boolean }) {
  const percent =
    progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const label = checking ? 'Checking your sheet...' : `Uploading... ${percent}%`;
  return (
    <div className="flex flex-col gap-2" data-upload-progress="">
      <div className="flex justify-between text-sm text-muted">
        <span aria-live="polite">{label}</span>
        <span className="tabular-nums">
          {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={checking ? 100 : percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full bg-brand transition-[width] ${checking ? 'animate-pulse' : ''}`}
          style={{ width: `${checking ? 100 : percent}%` }}
        />
      </div>
    </div>
  );
}

const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(0)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;
