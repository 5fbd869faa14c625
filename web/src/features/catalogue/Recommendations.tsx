import type { GoodsCard as GoodsCardData, Recommendation } from '@mall/shared/contract/catalogue';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/Skeleton.tsx';
import { GoodsGrid, GoodsGridSkeleton } from './GoodsCard.tsx';
import { type Placement, useRecommendations } from './use-catalogue.ts';

/** A block's heading: title, subtitle, and an optional link on the right. */
export function BlockHeading({
  id,
  title,
  subtitle,
  action,
}: {
  id: string;
  title: string;
  subtitle?: string | undefined;
  action?: ReactNode;
}) {
  return (
    <div className="mb-4 flex items-end justify-between gap-6">
      <div className="flex items-baseline gap-3">
        <h2 id={id} className="text-xl font-semibold tracking-tight text-navy">
          {title}
        </h2>
        {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** One recommendation block: its heading and goods, five across. */
export function RecommendationBlock({
  block,
  limit = 10,
  action,
}: {
  block: Recommendation;
  limit?: number;
  action?: ReactNode;
}) {
  const headingId = `recommend-${block.id}`;
  if (block.goods.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-recommendation={block.id}>
      <BlockHeading id={headingId} title={block.title} subtitle={block.subtitle} action={action} />
      <GoodsGrid goods={block.goods.slice(0, limit)} columns={5} />
    </section>
  );
}

/** Placeholders for `blocks` recommendation blocks of `rows` rows each. */
export function RecommendationSkeleton({ blocks = 1, rows = 1 }: { blocks?: number; rows?: number }) {
  return (
    <div className="flex flex-col gap-10" aria-hidden="true">
      {Array.from({ length: blocks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i}>
          <Skeleton className="mb-4 h-7 w-56" />
          <GoodsGridSkeleton columns={5} count={5 * rows} />
        </div>
      ))}
    </div>
  );
}

/** The goods of every block of a placement, each once, without `excludeId`. */
export const recommendedGoods = (
  blocks: readonly Recommendation[],
  excludeId?: number | null,
): GoodsCardData[] => {
  const seen = new Set<number>(excludeId ? [excludeId] : []);
  const out: GoodsCardData[] = [];
  for (const block of blocks)
    for (const g of block.goods) {
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      out.push(g);
    }
  return out;
};

/** "You may also like" under a good (placement 3), without the good itself; nothing when there is nothing. */
export function YouMayAlsoLike({ excludeId, placement }: { excludeId: number | null; placement: Placement }) {
  const { data, isPending } = useRecommendations(placement);
  const goods = recommendedGoods(data ?? [], excludeId).slice(0, 10);
  if (isPending) return <RecommendationSkeleton />;
  if (goods.length === 0) return null;
  return (
    <section aria-labelledby="you-may-also-like">
      <BlockHeading id="you-may-also-like" title="You may also like" />
      <GoodsGrid goods={goods} columns={5} />
    </section>
  );
}
