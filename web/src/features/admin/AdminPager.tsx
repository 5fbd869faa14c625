import type { ReactNode } from 'react';

const buttonClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';

/**
 * Previous and next page buttons around what the list says of its pages (`children`); the list
 * decides when each way is open (a capped total may have more pages than it can count).
 */
export function AdminPager({
  label,
  page,
  onPage,
  canPrevious = page > 1,
  canNext,
  className = '',
  children,
}: {
  label: string;
  page: number;
  onPage: (page: number) => void;
  canPrevious?: boolean;
  canNext: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={`flex items-center gap-3 ${className}`}>
      <button type="button" className={buttonClass} disabled={!canPrevious} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>{children}</span>
      <button type="button" className={buttonClass} disabled={!canNext} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
