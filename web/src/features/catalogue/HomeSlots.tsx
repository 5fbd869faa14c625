import type { CategoryHeroItem } from '@mall/shared/contract/catalogue';
import { formatCount } from '@mall/shared/money-format';
import { Link } from 'react-router';
import { ChevronRightIcon, StoreIcon } from '../../components/icons.tsx';
import { RenderWhenNear } from '../../components/RenderWhenNear.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import {
  ALL_KEYWORD,
  CATEGORY_SEARCH_PATH,
  categorySearchUrl,
  keywordSearchUrl,
  RECOMMEND_PATH,
} from '../../lib/routes.ts';
import { CategoryPicture } from './CategoryPicture.tsx';
import { BlockHeading, RecommendationBlock, RecommendationSkeleton } from './Recommendations.tsx';
import { PLACEMENT, useCategoryHero, useRecommendations } from './use-catalogue.ts';

/** Featured categories on the home page: two rows of six. */
export const HERO_LIMIT = 12;
/** Goods per recommendation block on the home page: two rows of five. */
const BLOCK_GOODS = 10;
const HERO_TILE_HEIGHT = 'h-[186px]';

function HeroTile({ item }: { item: CategoryHeroItem }) {
  return (
    <Link
      to={categorySearchUrl(item.id)}
      className="group focus-ring flex flex-col items-center gap-3 rounded-xl border border-line bg-white px-3 pt-4 pb-3.5 text-center transition hover:-translate-y-0.5 hover:border-brand/30 hover:shadow-md"
    >
      <CategoryPicture name={item.name} pictureUrl={item.pictureUrl} size="large" />
      <span className="flex flex-col gap-0.5">
        <span className="line-clamp-1 text-sm font-semibold text-navy group-hover:text-brand">
          {item.name}
        </span>
        <span className="text-xs text-muted">{formatCount(item.goodsCount)} goods</span>
      </span>
    </Link>
  );
}

function HeroSkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-6 gap-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={`${HERO_TILE_HEIGHT} w-full rounded-xl`} />
      ))}
    </div>
  );
}

/** The category hero of the home page (/api/good/category/hero): featured categories with pictures and counts. */
export function CategoryHeroSlot() {
  const { data, isPending } = useCategoryHero(HERO_LIMIT);
  const items = (data ?? []).slice(0, HERO_LIMIT);
  if (!isPending && items.length === 0) return null;
  return (
    <section data-slot="category-hero" aria-labelledby="home-categories">
      <BlockHeading
        id="home-categories"
        title="Shop by category"
        subtitle="Everyday goods from New Zealand suppliers"
        action={
          <Link to={CATEGORY_SEARCH_PATH} className="link inline-flex items-center gap-0.5 text-sm">
            All categories
            <ChevronRightIcon size={15} />
          </Link>
        }
      />
      {isPending ? (
        <HeroSkeleton count={HERO_LIMIT} />
      ) : (
        <RenderWhenNear placeholder={<HeroSkeleton count={items.length} />}>
          <ul className="grid grid-cols-6 gap-4">
            {items.map((item) => (
              <li key={item.id}>
                <HeroTile item={item} />
              </li>
            ))}
          </ul>
        </RenderWhenNear>
      )}
    </section>
  );
}

/** When there are no recommendations: an invitation to browse the whole range, with no made-up goods. */
function BrowseInvitation() {
  return (
    <section
      aria-labelledby="home-browse"
      className="flex items-center justify-between gap-8 rounded-xl bg-sand px-10 py-8"
    >
      <div className="flex items-center gap-5">
        <span className="flex size-14 items-center justify-center rounded-full bg-white text-brand shadow-sm">
          <StoreIcon size={28} />
        </span>
        <div>
          <h2 id="home-browse" className="text-xl font-semibold text-navy">
            Everything in store, in one place
          </h2>
          <p className="mt-1 text-sm text-muted">
            Browse the full range from every supplier. Prices are in NZD and include GST.
          </p>
        </div>
      </div>
      <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary shrink-0 px-6 py-2.5">
        Browse All Goods
      </Link>
    </section>
  );
}

/** Hot recommendations (/api/hot/recommend/app/1): each block a row of goods cards, then the way to the full page. */
export function HotRecommendSlot() {
  const { data, isPending } = useRecommendations(PLACEMENT.home);
  const blocks = (data ?? []).filter((b) => b.goods.length > 0);
  if (isPending) {
    return (
      <div data-slot="hot-recommend">
        <RecommendationSkeleton blocks={1} rows={2} />
      </div>
    );
  }
  if (blocks.length === 0) {
    return (
      <div data-slot="hot-recommend">
        <BrowseInvitation />
      </div>
    );
  }
  return (
    <div data-slot="hot-recommend" className="flex flex-col gap-10">
      {blocks.map((block, i) => (
        // Below the fold: each block renders as the shopper scrolls near it (a cheap first paint).
        <RenderWhenNear
          key={block.id}
          placeholder={
            <RecommendationSkeleton rows={Math.ceil(Math.min(block.goods.length, BLOCK_GOODS) / 5)} />
          }
        >
          <RecommendationBlock
            block={block}
            limit={BLOCK_GOODS}
            action={
              i === 0 ? (
                <Link to={RECOMMEND_PATH} className="link inline-flex items-center gap-0.5 text-sm">
                  More recommendations
                  <ChevronRightIcon size={15} />
                </Link>
              ) : undefined
            }
          />
        </RenderWhenNear>
      ))}
    </div>
  );
}
