import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

/**
 * The page numbers to show: the first, the last, and two either side of the current one, with
 * 'gap' where numbers are skipped, e.g. 1 … 4 5 [6] 7 8 … 20.
 */
export const pageItems = (current: number, pages: number): (number | 'gap')[] => {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const wanted = new Set<number>([1, pages]);
  for (let p = current - 2; p <= current + 2; p += 1) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) items.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) items.push('gap');
    items.push(p);
  }
  return items;
};

/** Links when the page is in the address (`hrefFor`), buttons when the caller keeps it (`onPage`). */
type PagerTarget =
  | { hrefFor: (pageNum: number) => string; onPage?: never }
  | { onPage: (pageNum: number) => void; hrefFor?: never };

const box =
  'focus-ring inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2.5 text-sm tabular-nums transition disabled:cursor-default disabled:bg-gray-50 disabled:text-gray-400 disabled:hover:border-line';
const idle = `${box} border-line bg-white text-ink hover:border-brand hover:text-brand`;
const off = `${box} cursor-default border-line bg-gray-50 text-gray-400`;
const currentStyle = `${box} border-brand bg-brand font-semibold text-white`;

/** The shop's one pager: Prev, page numbers and Next for `total` records, `pageSize` a page. */
export function Pager({
  pageNum,
  pageSize,
  total,
  label = 'Pagination',
  className = 'mt-6',
  ...target
}: {
  pageNum: number;
  pageSize: number;
  total: number;
  label?: string;
  /** Spacing above the pager. */
  className?: string;
} & PagerTarget) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(pageNum, 1), pages);

  const step = (to: number, rel: 'prev' | 'next', enabled: boolean) => {
    const content =
      rel === 'prev' ? (
        <>
          <ChevronLeftIcon size={15} />
          Prev
        </>
      ) : (
        <>
          Next
          <ChevronRightIcon size={15} />
        </>
      );
    const pad = rel === 'prev' ? 'gap-1 pr-3' : 'gap-1 pl-3';
    if (target.hrefFor)
      return enabled ? (
        <Link to={target.hrefFor(to)} rel={rel} className={`${idle} ${pad}`}>
          {content}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${off} ${pad}`}>
          {content}
        </span>
      );
    return (
      <button
        type="button"
        className={`${idle} ${pad}`}
        disabled={!enabled}
        onClick={() => target.onPage(to)}
      >
        {content}
      </button>
    );
  };

  return (
    <nav aria-label={label} className={`${className} flex items-center justify-center gap-1.5`}>
      {step(current - 1, 'prev', current > 1)}
      {pageItems(current, pages).map((item, i) => {
        if (item === 'gap')
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps are positional
            <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </span>
          );
        const props = {
          'aria-label': `Page ${item}`,
          'aria-current': item === current ? ('page' as const) : undefined,
          className: item === current ? currentStyle : idle,
        };
        return target.hrefFor ? (
          <Link key={item} to={target.hrefFor(item)} {...props}>
            {item}
          </Link>
        ) : (
          <button
            key={item}
            type="button"
            {...props}
            onClick={() => (item === current ? undefined : target.onPage(item))}
          >
            {item}
          </button>
        );
      })}
      {step(current + 1, 'next', current < pages)}
    </nav>
  );
}
