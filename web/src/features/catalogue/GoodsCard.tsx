import type { GoodsCard as GoodsCardData } from '@mall/shared/contract/catalogue';
import { formatCount, formatPrice } from '@mall/shared/money-format';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AfterFirstPaint } from '../../components/AfterFirstPaint.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { goodsUrl } from '../../lib/routes.ts';

/** The own local supplier's badge (Local SPY: docs/cart.md, mixing rule). */
export const SELF_BADGE = 'Local SPY';

export function PromotionBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-sm bg-accent px-1.5 py-0.5 text-[11px] leading-none font-semibold tracking-wide text-white uppercase ${className}`}
    >
      Promotion
    </span>
  );
}

export function SelfBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-sm bg-navy px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white ${className}`}
    >
      {SELF_BADGE}
    </span>
  );
}

const salesLabel = (n: number) => `${formatCount(n)} sold`;

/**
 * A good in a grid (search results, home, recommendations): square thumbnail, name on at most
 * two lines, the price the shopper pays with the struck-through original when it is lower,
 * a Promotion badge, the supplier (Local SPY badged) and sales. Fixed heights: no layout shift.
 */
export function GoodsCard({
  goods,
  eager = false,
  action,
}: {
  goods: GoodsCardData;
  eager?: boolean;
  /** A control over the picture's top right corner, above the card's link (the favourite heart). */
  action?: ReactNode;
}) {
  const soldOut = goods.stock <= 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white transition duration-200 hover:-translate-y-0.5 hover:border-brand/30 hover:shadow-lg">
      <div className="relative overflow-hidden bg-sand">
        <SafeImage
          src={goods.thumbUrl}
          alt=""
          width={240}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          className="transition duration-500 group-hover:scale-[1.03]"
          fallback={<span className="px-4 text-center text-sm font-medium text-navy/60">{goods.name}</span>}
        />
        {goods.onPromotion ? <PromotionBadge className="absolute top-2.5 left-2.5 shadow-sm" /> : null}
        {soldOut ? (
          <span className="absolute right-0 bottom-0 left-0 bg-navy/75 py-1.5 text-center text-xs font-semibold text-white">
            Out of stock
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 px-3.5 pt-3 pb-3.5">
        <h3 className="line-clamp-2 h-10 text-sm leading-5 text-ink">
          <Link
            to={goodsUrl(goods.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:text-brand group-hover:text-brand"
          >
            {goods.name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className={`text-lg font-semibold ${goods.onPromotion ? 'text-accent' : 'text-navy'}`}>
            {formatPrice(goods.price)}
          </span>
          {goods.originalPrice !== null && goods.originalPrice > goods.price ? (
            <s className="text-xs text-muted">
              <span className="sr-only">Was </span>
              {formatPrice(goods.originalPrice)}
            </s>
          ) : null}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted">
          <span className="flex min-w-0 items-center gap-1.5">
            {goods.self ? (
              <SelfBadge />
            ) : (
              <span className="truncate" title={goods.supplierName}>
                {goods.supplierName}
              </span>
            )}
          </span>
          <span className="shrink-0">{salesLabel(goods.sales)}</span>
        </div>
      </div>
      {action ? <div className="absolute top-2.5 right-2.5 z-10">{action}</div> : null}
      {/* Keyboard focus shows on the whole card. */}
      <span className="pointer-events-none absolute inset-0 rounded-xl ring-brand group-focus-within:ring-2" />
    </article>
  );
}

/** A card's placeholder with the card's exact size. */
export function GoodsCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-line bg-white" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 px-3.5 pt-3 pb-3.5">
        <div className="flex h-10 flex-col justify-center gap-1.5">
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-2/3" />
        </div>
        <Skeleton className="h-7 w-20" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}

/** What a page puts on each card of a grid (e.g. the favourite heart). */
export type CardAction = (goods: GoodsCardData) => ReactNode;

/**
 * A grid of goods cards, `columns` across. It draws again only when its own props change: a
 * result page renders again as the suppliers, the category or the title arrive, and twenty cards
 * each time made a task of 20-30 ms. On a visit's first screen the cards from `firstScreen` on
 * (below the fold) render once that screen has painted, in their placeholders' place
 * (AfterFirstPaint.tsx).
 */
export const GoodsGrid = memo(function GoodsGrid({
  goods,
  columns,
  eagerCount = 0,
  firstScreen = goods.length,
  label,
  cardAction,
}: {
  goods: readonly GoodsCardData[];
  columns: 4 | 5;
  eagerCount?: number;
  firstScreen?: number;
  label?: string;
  cardAction?: CardAction | undefined;
}) {
  const card = (g: GoodsCardData, i: number) => (
    <li key={g.id}>
      <GoodsCard goods={g} eager={i < eagerCount} action={cardAction?.(g)} />
    </li>
  );
  const below = goods.slice(firstScreen);
  return (
    <ul aria-label={label} className={`grid gap-4 ${columns === 4 ? 'grid-cols-4' : 'grid-cols-5'}`}>
      {goods.slice(0, firstScreen).map(card)}
      {below.length > 0 ? (
        <AfterFirstPaint
          placeholder={below.map((g) => (
            <li key={g.id}>
              <GoodsCardSkeleton />
            </li>
          ))}
        >
          {below.map((g, i) => card(g, firstScreen + i))}
        </AfterFirstPaint>
      ) : null}
    </ul>
  );
});

export function GoodsGridSkeleton({ columns, count }: { columns: 4 | 5; count: number }) {
  return (
    <ul aria-hidden="true" className={`grid gap-4 ${columns === 4 ? 'grid-cols-4' : 'grid-cols-5'}`}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <GoodsCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
