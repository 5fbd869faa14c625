import type { CategoryNode } from '@mall/shared/contract/catalogue';
import {
  type ComponentType,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons.tsx';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import {
  ALL_KEYWORD,
  CATEGORY_SEARCH_PATH,
  categorySearchUrl,
  keywordSearchUrl,
} from '../../lib/search-url.ts';
import { barLabel, brandBarCategories, topLevelOf } from './mega-menu.ts';
import { megaMenuPart } from './mega-menu-part.ts';
import { useCategoryTree } from './use-catalogue.ts';

/** How long the panel stays after the pointer leaves the bar, so a slightly wide move does not close it. */
export const MEGA_CLOSE_DELAY_MS = 150;

/**
 * The pieces the bar is built of. Until the mega menu's code has arrived (the first time the
 * pointer or the focus comes to the bar) they are plain elements and no panel opens; then they
 * are Radix's navigation menu (MegaMenuParts.tsx).
 */
export interface BarParts {
  Root: ComponentType<{
    value: string;
    onValueChange: (value: string) => void;
    'aria-label': string;
    className: string;
    onMouseLeave: () => void;
    onPointerEnter: () => void;
    onFocus: (e: FocusEvent<HTMLElement>) => void;
    children: ReactNode;
  }>;
  List: ComponentType<{ className: string; children: ReactNode }>;
  Item: ComponentType<{ value: string; className: string; onMouseEnter: () => void; children: ReactNode }>;
  Trigger: ComponentType<{ children: ReactElement }>;
  Panel: ComponentType<{ top: CategoryNode; onEscape: () => void }> | null;
}

const plainParts: BarParts = {
  Root: ({ value, onValueChange, children, ...props }) => <nav {...props}>{children}</nav>,
  List: (props) => <ul {...props} />,
  Item: ({ value, ...props }) => <li {...props} />,
  Trigger: ({ children }) => children,
  Panel: null,
};

const barLink =
  'flex items-center text-[14px] font-medium whitespace-nowrap transition hover:bg-white/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white';

/**
 * The green brand bar (spec section 2): All Categories, at most 10 top-level categories, All
 * Goods. Hovering or focusing a category opens its mega panel (a Radix navigation menu: the
 * category link controls its panel, Tab enters it, Escape closes it back on the category);
 * every entry searches by categoryId.
 */
export function BrandBar() {
  const { data, isPending } = useCategoryTree();
  const tops = brandBarCategories(data ?? []);
  /** The open panel's category id as a string (Radix's item value), '' when none is open. */
  const [openId, setOpenId] = useState('');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set while Escape hands the focus back to the category, which must not reopen its panel. */
  const returningFocus = useRef(false);
  const location = useLocation();
  const shownCategory = Number(new URLSearchParams(location.search).get('categoryId')) || null;
  const activeTop = topLevelOf(tops, shownCategory);

  const openPanel = (id: number) => {
    clearTimeout(closeTimer.current);
    setOpenId(String(id));
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpenId(''), MEGA_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A followed link closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setOpenId(''), [location.pathname, location.search]);
  // The mega menu's code: asked for when the pointer or the focus first comes to the bar.
  const [wanted, setWanted] = useState(false);
  const parts = useOnFirstUse(megaMenuPart, wanted) ?? plainParts;
  const { Root, List, Item, Trigger, Panel } = parts;
  // When the code arrives the bar is built anew: a link that had the focus gets it back.
  const navRef = useRef<HTMLDivElement>(null);
  const focusedKey = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parts change
  useLayoutEffect(() => {
    const key = focusedKey.current;
    if (key && !navRef.current?.contains(document.activeElement))
      navRef.current?.querySelector<HTMLElement>(`[data-bar-key="${key}"]`)?.focus({ preventScroll: true });
  }, [parts]);

  const onEscape = () => {
    returningFocus.current = true;
    setTimeout(() => {
      returningFocus.current = false;
    });
  };

  return (
    <Root
      aria-label="Shop"
      value={openId}
      onValueChange={(value) => {
        clearTimeout(closeTimer.current);
        setOpenId(value);
      }}
      className="relative z-30 bg-brand text-white"
      onMouseLeave={closeSoon}
      onPointerEnter={() => setWanted(true)}
      onFocus={(e) => {
        setWanted(true);
        focusedKey.current = e.target.getAttribute('data-bar-key');
      }}
    >
      {/* The list's own wrapper (Radix) stays out of the way: panels hang from the whole bar. */}
      <div
        ref={navRef}
        className="container-page relative flex h-11 items-stretch [&>div]:flex [&>div]:min-w-0 [&>div]:flex-1 [&>div]:static!"
      >
        <Link
          to={CATEGORY_SEARCH_PATH}
          data-bar-key="all-categories"
          onMouseEnter={closeSoon}
          className={`${barLink} w-[172px] shrink-0 gap-2.5 bg-brand-dark px-5 font-semibold`}
        >
          <MenuIcon size={18} />
          All Categories
        </Link>
        {isPending && tops.length === 0 ? (
          <div className="flex flex-1 items-center gap-6 px-5" aria-hidden="true">
            {[64, 88, 72, 96, 80, 70, 90].map((w) => (
              <span key={w} className="h-3 animate-pulse rounded bg-white/20" style={{ width: w }} />
            ))}
          </div>
        ) : (
          <List className="flex min-w-0 flex-1 items-stretch">
            {tops.map((top) => {
              const open = openId === String(top.id);
              return (
                <Item
                  key={top.id}
                  value={String(top.id)}
                  className="flex min-w-0 grow"
                  onMouseEnter={() => openPanel(top.id)}
                >
                  <Trigger>
                    <Link
                      to={categorySearchUrl(top.id)}
                      title={top.name}
                      aria-label={top.name}
                      data-bar-key={top.id}
                      aria-current={activeTop?.id === top.id ? 'true' : undefined}
                      onFocus={() => {
                        if (!returningFocus.current) openPanel(top.id);
                      }}
                      className={`${barLink} w-full min-w-0 justify-center px-2.5 ${open ? 'bg-white/15' : ''} ${activeTop?.id === top.id ? 'font-semibold shadow-[inset_0_-3px_0_#fff]' : ''}`}
                    >
                      <span className="truncate">{barLabel(top.name)}</span>
                    </Link>
                  </Trigger>
                  {Panel ? <Panel top={top} onEscape={onEscape} /> : null}
                </Item>
              );
            })}
          </List>
        )}
        <Link
          to={keywordSearchUrl(ALL_KEYWORD)}
          data-bar-key="all-goods"
          onMouseEnter={closeSoon}
          className={`${barLink} shrink-0 border-l border-white/15 px-4 font-semibold`}
        >
          All Goods
        </Link>
      </div>
    </Root>
  );
}
