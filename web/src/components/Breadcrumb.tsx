import { Link } from 'react-router';
import { HOME_PATH } from '../lib/routes.ts';

/** A breadcrumb item: its name, and its link when it has one. */
export interface BreadcrumbItem {
  name: string;
  linkUrl?: string;
}

/**
 * docs/routes.md: always begins with Home (linking to the home route); the separator is '>';
 * items with a link are clickable; the last item is the current page.
 */
export function Breadcrumb({
  items,
  className = '',
}: {
  items: readonly BreadcrumbItem[];
  className?: string;
}) {
  const all: BreadcrumbItem[] = [{ name: 'Home', linkUrl: HOME_PATH }, ...items];
  return (
    <nav aria-label="Breadcrumb" className={`text-[13px] text-muted ${className}`}>
      <ol className="flex flex-wrap items-center gap-y-1">
        {all.map((item, i) => {
          const last = i === all.length - 1;
          const current = last ? ('page' as const) : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trail is positional; names may repeat
            <li key={`${i}-${item.name}`} className="flex min-w-0 items-center">
              {i > 0 ? (
                <span aria-hidden="true" data-separator="" className="mx-2 select-none text-gray-400">
                  {'>'}
                </span>
              ) : null}
              {item.linkUrl ? (
                <Link
                  to={item.linkUrl}
                  aria-current={current}
                  className={`link-quiet ${last ? 'font-medium text-ink' : 'text-muted'}`}
                >
                  {item.name}
                </Link>
              ) : (
                <span aria-current={current} className={last ? 'font-medium text-ink' : ''}>
                  {item.name}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
