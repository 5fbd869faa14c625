import type { ReactNode } from 'react';
import { AlertIcon } from './icons.tsx';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Compact for small boxes (a footer column, a side panel). */
  compact?: boolean;
  className?: string;
}

/** A calm message where a list is empty or could not be loaded, with an optional way forward. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  compact = false,
  className = '',
}: EmptyStateProps) {
  return (
    <div
      className={`flex flex-col items-center justify-center text-center ${compact ? 'gap-1.5 py-6' : 'gap-3 py-14'} ${className}`}
    >
      {icon ? (
        <div
          className={`flex items-center justify-center rounded-full bg-brand-soft text-brand ${compact ? 'size-10' : 'size-16'}`}
        >
          {icon}
        </div>
      ) : null}
      <p className={`font-semibold text-navy ${compact ? 'text-sm' : 'text-lg'}`}>{title}</p>
      {description ? (
        <div className={`max-w-md text-muted ${compact ? 'text-xs' : 'text-sm'}`}>{description}</div>
      ) : null}
      {action ? <div className={compact ? 'mt-1' : 'mt-2 flex gap-3'}>{action}</div> : null}
    </div>
  );
}

/** A card for data that could not be loaded: what failed, and a retry that is off while retrying. */
export function LoadFailed({
  title,
  retrying,
  onRetry,
}: {
  title: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="card">
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={title}
        description="Please check your connection and try again."
        action={
          <button type="button" className="btn-primary" disabled={retrying} onClick={onRetry}>
            Try again
          </button>
        }
      />
    </div>
  );
}
