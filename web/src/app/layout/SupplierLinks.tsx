import { type ComponentProps, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSuppliers } from '../../api/use-reference.ts';
import {
  HoverMenu,
  HoverMenuContent,
  HoverMenuItem,
  HoverMenuList,
  HoverMenuTrigger,
  useHoverMenuOpen,
} from '../../components/HoverMenu.tsx';
import { ChevronDownIcon, ExternalIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ALL_SUPPLIERS_CODE, supplierReloadUrl } from '../../lib/routes.ts';
import { useSelectedSupplier } from '../../state/selected-supplier.ts';
import { chooseSupplier, type SupplierNavEntry, supplierNavEntries } from '../../state/suppliers.ts';

/** Room kept for the 'More' button when some suppliers do not fit. */
const MORE_WIDTH_PX = 64;
const MORE = 'more';

function SupplierLink({
  entry,
  active,
  className,
}: {
  entry: SupplierNavEntry;
  active: boolean;
  className: string;
}) {
  const location = useLocation();
  if (entry.websiteUrl) {
    return (
      <a
        href={entry.websiteUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`${className} inline-flex items-center gap-1`}
        title={`${entry.name} (opens in a new tab)`}
      >
        {entry.name}
        <ExternalIcon size={11} className="opacity-50" />
      </a>
    );
  }
  const href = supplierReloadUrl(entry.code, location);
  return (
    <a
      href={href}
      aria-current={active ? 'true' : undefined}
      className={`${className} ${active ? 'font-semibold text-brand' : ''}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        chooseSupplier(entry.code, href, entry.supplier);
      }}
    >
      {entry.name}
    </a>
  );
}

/**
 * How many entries fit the width of `container`, measured from an invisible copy of the whole
 * list (`measure`), re-measured when the bar resizes. Everything fits until measured.
 */
const useFittingCount = (names: readonly string[]) => {
  // Elements, not refs: the menu's code rebuilds them when it arrives, and they are measured anew.
  const [box, container] = useState<HTMLDivElement | null>(null);
  const [copy, measure] = useState<HTMLUListElement | null>(null);
  const [fit, setFit] = useState(names.length);
  const signature = names.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the names change (the copy is re-rendered)
  useLayoutEffect(() => {
    if (!box || !copy) return;
    const compute = () => {
      const available = box.clientWidth;
      const widths = Array.from(copy.children, (el) => (el as HTMLElement).offsetWidth);
      const total = widths.reduce((a, b) => a + b, 0);
      if (available === 0 || total <= available) {
        setFit(widths.length);
        return;
      }
      let used = MORE_WIDTH_PX;
      let n = 0;
      for (const w of widths) {
        if (used + w > available) break;
        used += w;
        n += 1;
      }
      setFit(Math.max(1, n));
    };
    // The observer's first report comes with the next frame's layout: measured then, the widths
    // cost no layout of their own (read here, they forced one in the middle of the first render,
    // 50 ms of Lighthouse's longest start-up task). Its re-render lands before that frame paints.
    if (typeof ResizeObserver === 'undefined') {
      compute();
      return;
    }
    const observer = new ResizeObserver(compute);
    observer.observe(box);
    return () => observer.disconnect();
  }, [signature, box, copy]);
  return { container, measure, fit };
};

/** 'More': a press (Enter, Space, a click) opens its list; it never closes it under the pointer that opened it. */
function MoreButton({ current, ...trigger }: { current: boolean } & ComponentProps<'button'>) {
  const open = useHoverMenuOpen();
  return (
    <button
      type="button"
      {...trigger}
      onClick={(e) => {
        e.preventDefault();
        open(MORE);
      }}
      className={`link-quiet inline-flex items-center gap-0.5 ${current ? 'font-semibold text-brand' : 'text-ink/80'}`}
    >
      More
      <ChevronDownIcon size={13} />
    </button>
  );
}

const separator = <span aria-hidden="true" className="mx-2.5 h-3 w-px bg-gray-300" />;

/** docs/routes.md, header: the top bar's supplier links (external sites in store mode, reloads in supplier mode). */
export function SupplierLinks({ storeMode }: { storeMode: boolean }) {
  const { data, isPending } = useSuppliers();
  const current = useSelectedSupplier((s) => s.code) ?? ALL_SUPPLIERS_CODE;
  const entries = supplierNavEntries(data ?? [], storeMode);
  const { container, measure, fit } = useFittingCount(entries.map((e) => e.name));

  if (isPending && !data) {
    return (
      <div className="flex flex-1 items-center gap-4" aria-hidden="true">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-3 w-28" />
      </div>
    );
  }
  if (entries.length === 0) {
    return <span className="flex-1 text-muted">Kia ora! Welcome to New Zealand's online mall.</span>;
  }

  const visible = entries.slice(0, fit);
  const more = entries.slice(fit);
  const linkClass = 'link-quiet whitespace-nowrap text-ink/80';
  return (
    <HoverMenu label="Suppliers" className="flex min-w-0 flex-1 items-center">
      <span className="mr-3 whitespace-nowrap text-muted">{storeMode ? 'Our suppliers:' : 'Suppliers:'}</span>
      <div ref={container} className="relative min-w-0 flex-1">
        <ul
          ref={measure}
          aria-hidden="true"
          className="invisible absolute top-0 left-0 flex whitespace-nowrap"
        >
          {entries.map((entry, i) => (
            <li key={entry.code} className="flex items-center">
              {i > 0 ? separator : null}
              <span className={`${linkClass} ${entry.websiteUrl ? 'inline-flex items-center gap-1' : ''}`}>
                {entry.name}
                {entry.websiteUrl ? <ExternalIcon size={11} /> : null}
              </span>
            </li>
          ))}
        </ul>
        <HoverMenuList className="flex items-center">
          {visible.map((entry, i) => (
            <HoverMenuItem key={entry.code} value={entry.code} className="flex items-center">
              {i > 0 ? separator : null}
              <SupplierLink
                entry={entry}
                active={!storeMode && entry.code === current}
                className={linkClass}
              />
            </HoverMenuItem>
          ))}
          {more.length > 0 ? (
            <HoverMenuItem value={MORE} openOnFocus={false} className="relative ml-3 flex items-center">
              <HoverMenuTrigger>
                <MoreButton current={more.some((e) => !storeMode && e.code === current)} />
              </HoverMenuTrigger>
              <HoverMenuContent className="absolute top-full left-0 z-40">
                <ul className="min-w-52 animate-menu-in rounded-lg border border-line bg-white py-1.5 shadow-lg">
                  {more.map((entry) => (
                    <li key={entry.code}>
                      <SupplierLink
                        entry={entry}
                        active={!storeMode && entry.code === current}
                        className="flex px-4 py-1.5 whitespace-nowrap text-ink/80 hover:bg-brand-soft hover:text-brand focus-visible:bg-brand-soft focus-visible:outline-none"
                      />
                    </li>
                  ))}
                </ul>
              </HoverMenuContent>
            </HoverMenuItem>
          ) : null}
        </HoverMenuList>
      </div>
    </HoverMenu>
  );
}
