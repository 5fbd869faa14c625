import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

/** 1 … 4 5 6 … 20: the first, the last, and the pages around the current one. */
export const pageItems = (current: number, pages: number): (number | 'gap')[] => {
  const items: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 1) items.push(p);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  return items;
};

/** Prev, page numbers and Next for a list of `total` records, `pageSize` a page. */
export function Pager({
  pageNum,
  pageSize,
  total,
  onPage,
  label = 'Pagination',
}: {
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (pageNum: number) => void;
  label?: string;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(pageNum, 1), pages);
  const box =
    'focus-ring inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2.5 text-sm tabular-nums transition disabled:cursor-default disabled:bg-gray-50 disabled:text-gray-400 disabled:hover:border-line';
  const idle = `${box} border-line bg-white text-ink hover:border-brand hover:text-brand`;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-1.5">
      <button
        type="button"
        className={`${idle} gap-1 pr-3`}
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
      >
        <ChevronLeftIcon size={15} />
        Prev
      </button>
      {pageItems(current, pages).map((item, i) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps are positional
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === current ? 'page' : undefined}
            className={item === current ? `${box} border-brand bg-brand font-semibold text-white` : idle}
            onClick={() => (item === current ? undefined : onPage(item))}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${idle} gap-1 pl-3`}
        disabled={current >= pages}
        onClick={() => onPage(current + 1)}
      >
        Next
        <ChevronRightIcon size={15} />
      </button>
    </nav>
  );
}
