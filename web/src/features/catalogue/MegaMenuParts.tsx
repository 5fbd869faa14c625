import type { CategoryNode } from '@mall/shared/contract/catalogue';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { categorySearchUrl } from '../../lib/search-url.ts';
import type { BarParts } from './BrandBar.tsx';
import {
  MEGA_COLUMN_WIDTH_PX,
  MEGA_ITEMS_PER_COLUMN,
  megaPanelWidth,
  panelSubCategories,
  panelThirdLevel,
} from './mega-menu.ts';

function ThirdLevelTile({ node, tabbable = true }: { node: CategoryNode; tabbable?: boolean }) {
  return (
    <Link
      to={categorySearchUrl(node.id)}
      tabIndex={tabbable ? undefined : -1}
      className="group focus-ring flex flex-col items-center gap-2 rounded-lg p-1.5 text-center"
    >
      <span className="block size-[72px] overflow-hidden rounded-lg bg-sand ring-1 ring-black/5 transition group-hover:ring-brand/40">
        <SafeImage
          src={node.pictureUrl}
          alt=""
          width={72}
          height={72}
          className="transition duration-300 group-hover:scale-105"
          fallback={<span className="text-lg font-semibold text-brand/70">{node.name.slice(0, 1)}</span>}
        />
      </span>
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
function MegaPanel({ top, onEscape }: { top: CategoryNode; onEscape: () => void }) {
  const subs = panelSubCategories(top);
  const [subId, setSubId] = useState<number | null>(null);
  const sub = subs.find((s) => s.id === subId);
  const all = panelThirdLevel(top);
  const third = sub ? panelThirdLevel(top, sub) : all;
  const rows = Math.min(Math.max(subs.length, 1), MEGA_ITEMS_PER_COLUMN);
  const width = megaPanelWidth(subs.length);
  return (
    <NavigationMenu.Content
      data-mega-panel=""
      onEscapeKeyDown={onEscape}
      className="absolute top-full left-0 z-40 flex animate-menu-in overflow-hidden rounded-b-xl border border-t-0 border-line bg-white text-ink shadow-2xl"
    >
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
    </NavigationMenu.Content>
  );
}

/**
 * The brand bar on Radix's navigation menu: each category link controls its mega panel
 * (aria-expanded, aria-controls), Tab goes from the link into its panel, Escape closes the panel
 * back on the link, and focus or a press outside the bar closes it.
 */
export const megaMenuParts: BarParts = {
  Root: ({ children, ...props }) => (
    <NavigationMenu.Root delayDuration={0} {...props}>
      {children}
    </NavigationMenu.Root>
  ),
  List: NavigationMenu.List,
  Item: NavigationMenu.Item,
  Trigger: ({ children }) => <NavigationMenu.Trigger asChild>{children}</NavigationMenu.Trigger>,
  Panel: MegaPanel,
};
