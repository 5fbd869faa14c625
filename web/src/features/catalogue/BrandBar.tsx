import type { CategoryNode } from '@mall/shared/contract/catalogue';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRightIcon, MenuIcon } from '../../components/icons.tsx';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { ALL_KEYWORD, CATEGORY_SEARCH_PATH, categorySearchUrl, keywordSearchUrl } from '../../lib/routes.ts';
import type { BarParts } from './bar-parts.ts';
import { CategoryPicture } from './CategoryPicture.tsx';
import {
  barLabel,
  brandBarCategories,
  MEGA_COLUMN_WIDTH_PX,
  MEGA_ITEMS_PER_COLUMN,
  megaPanelWidth,
  panelSubCategories,
  panelThirdLevel,
  topLevelOf,
} from './mega-menu.ts';
import { megaMenuPart } from './mega-menu-part.ts';
import { useCategoryTree } from './use-catalogue.ts';

/** How long the panel stays after the pointer leaves the bar, so a slightly wide move does not close it. */
export const MEGA_CLOSE_DELAY_MS = 150;

const plainParts: BarParts = {
  Root: ({ value, onValueChange, children, ...props }) => <nav {...props}>{children}</nav>,
  List: (props) => <ul {...props} />,
  Item: ({ value, ...props }) => <li {...props} />,
  Trigger: ({ children }) => children,
  Panel: null,
};

const barLink =
  'flex items-center text-[14px] font-medium whitespace-nowrap transition hover:bg-white/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white';

function ThirdLevelTile({ node, tabbable = true }: { node: CategoryNode; tabbable?: boolean }) {
  return (
    <Link
      to={categorySearchUrl(node.id)}
      tabIndex={tabbable ? undefined : -1}
      className="group focus-ring flex flex-col items-center gap-2 rounded-lg p-1.5 text-center"
    >
      <CategoryPicture name={node.name} pictureUrl={node.pictureUrl} size="small" />
      <span className="line-clamp-2 h-8 text-xs leading-4 text-ink/80 group-hover:text-brand">
        {node.name}
      </span>
    </Link>
  );
}

function ThirdLevelGrid({
  nodes,
  label,
  hidden = false,
}: {
  nodes: CategoryNode[];
  label?: string;
  hidden?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      aria-hidden={hidden || undefined}
      className={`col-start-1 row-start-1 grid grid-cols-6 content-start gap-x-3 gap-y-2 ${hidden ? 'invisible' : ''}`}
    >
      {nodes.map((node) => (
        <li key={node.id}>
          <ThirdLevelTile node={node} tabbable={!hidden} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A top-level category's mega panel: its sub-categories on the left in columns of 6 (248 px
 * each, at most 3), its third-level categories with pictures on the right. Pointing at or
 * focusing a sub-category shows that sub-category's own third level.
 */
function MegaPanel({ top }: { top: CategoryNode }) {
  const subs = panelSubCategories(top);
  const [subId, setSubId] = useState<number | null>(null);
  const sub = subs.find((s) => s.id === subId);
  const all = panelThirdLevel(top);
  const third = sub ? panelThirdLevel(top, sub) : all;
  const rows = Math.min(Math.max(subs.length, 1), MEGA_ITEMS_PER_COLUMN);
  const width = megaPanelWidth(subs.length);
  return (
    <>
      <div className="shrink-0 border-r border-line bg-gray-50 py-3" style={{ width }} data-sub-area="">
        <ul
          aria-label={`${top.name} sub-categories`}
          className="grid grid-flow-col"
          style={{
            gridTemplateRows: `repeat(${rows}, auto)`,
            gridAutoColumns: `${MEGA_COLUMN_WIDTH_PX}px`,
          }}
        >
          {subs.map((s) => (
            <li key={s.id} onMouseEnter={() => setSubId(s.id)}>
              <Link
                to={categorySearchUrl(s.id)}
                onFocus={() => setSubId(s.id)}
                className={`focus-ring mx-2 flex items-center justify-between gap-2 rounded-md px-3 py-2.5 text-sm transition ${s.id === subId ? 'bg-white font-semibold text-brand shadow-sm' : 'text-ink hover:text-brand'}`}
              >
                <span className="truncate">{s.name}</span>
                <ChevronRightIcon size={14} className="shrink-0 opacity-50" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="w-[676px] px-5 pt-4 pb-5">
        <div className="mb-3 flex items-baseline justify-between gap-4 border-b border-line pb-2.5">
          <p className="text-sm font-semibold text-navy">{sub ? sub.name : `Popular in ${top.name}`}</p>
          <Link to={categorySearchUrl(sub?.id ?? top.id)} className="link shrink-0 text-[13px]">
            See all {sub ? sub.name : top.name}
          </Link>
        </div>
        {third.length > 0 ? (
          // The whole category's grid stays underneath, unseen, while a sub-category's own grid
          // shows: the panel keeps its height as the pointer moves down the list.
          <div className="grid">
            {sub ? <ThirdLevelGrid nodes={all} hidden /> : null}
            <ThirdLevelGrid nodes={third} label={`${sub ? sub.name : top.name} categories`} />
          </div>
        ) : (
          <p className="py-6 text-sm text-muted">
            Everything in {sub ? sub.name : top.name} is one click away.
          </p>
        )}
      </div>
    </>
  );
}

/**
 * The green brand bar (docs/routes.md: brand bar): All Categories, at most 10 top-level categories, All
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
  // (After the commit that shows the new page: Radix's own answer to the click comes before it.)
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
                      aria-expanded={open}
                      aria-current={activeTop?.id === top.id ? 'true' : undefined}
                      onFocus={() => {
                        if (!returningFocus.current) openPanel(top.id);
                      }}
                      className={`${barLink} w-full min-w-0 justify-center px-2.5 ${open ? 'bg-white/15' : ''} ${activeTop?.id === top.id ? 'font-semibold shadow-[inset_0_-3px_0_#fff]' : ''}`}
                    >
                      <span className="truncate">{barLabel(top.name)}</span>
                    </Link>
                  </Trigger>
                  {Panel ? (
                    <Panel onEscape={onEscape}>
                      <MegaPanel top={top} />
                    </Panel>
                  ) : null}
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
