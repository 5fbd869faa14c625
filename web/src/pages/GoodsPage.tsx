import { Link, useSearchParams } from 'react-router';
import { isNotFound } from '../api/not-found.ts';
import { Breadcrumb, type BreadcrumbItem } from '../components/Breadcrumb.tsx';
import { LoadFailed } from '../components/EmptyState.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { RenderWhenNear } from '../components/RenderWhenNear.tsx';
import { GoodsDetailSkeleton, GoodsDetailView } from '../features/catalogue/GoodsDetailView.tsx';
import { RecommendationSkeleton, YouMayAlsoLike } from '../features/catalogue/Recommendations.tsx';
import { PLACEMENT, useGoodsDetail } from '../features/catalogue/use-catalogue.ts';
import { GoodsReviews } from '../features/comments/GoodsReviews.tsx';
import { FavouriteHeart } from '../features/favourites/FavouriteHeart.tsx';
import {
  ALL_KEYWORD,
  categorySearchUrl,
  HOME_PATH,
  keywordSearchUrl,
  parseId,
  supplierSearchUrl,
} from '../lib/routes.ts';
import { usePageTitle } from '../lib/use-document-title.ts';

/** Shop-written HTML, with its pictures and tables fitted to the column. */
const DESCRIPTION_CLASS =
  'prose-shop [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_table]:w-full [&_td]:border-b [&_td]:border-line [&_td]:py-2 [&_th]:py-2 [&_th]:text-left';

function GoodsNotFound() {
  return (
    <NotFound
      title="We couldn't find that good"
      description="It may have sold out for good or the link is incomplete. Everything we stock is in All Goods."
      action={
        <>
          <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
            Browse All Goods
          </Link>
          <Link to={HOME_PATH} className="btn-secondary">
            Back to home
          </Link>
        </>
      }
    />
  );
}

/**
 * Goods detail (docs/routes.md, query id): breadcrumb down the category path, gallery, the
 * member's price, SKU choice, stock, limit and quantity, the description and recommendations.
 */
export default function GoodsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const { data, isPending, error, refetch, isFetching } = useGoodsDetail(id);
  const notFound = id === null || isNotFound(error);
  usePageTitle(data?.name ?? (notFound ? 'Goods not found' : undefined));

  const breadcrumb: BreadcrumbItem[] = data
    ? [
        ...data.categoryPath.map((c) => ({ name: c.name, linkUrl: categorySearchUrl(c.id) })),
        { name: data.name },
      ]
    : notFound
      ? [{ name: 'Goods not found' }]
      : [{ name: 'All Goods', linkUrl: keywordSearchUrl(ALL_KEYWORD) }, { name: 'Goods Detail' }];

  return (
    // While the good loads the page keeps a full screen's height, so the footer does not show
    // and then jump down (layout shift) when the description and recommendations arrive.
    <div
      className={`container-page flex flex-col gap-12 pt-5 pb-16 ${notFound ? '' : 'min-h-[820px]'}`}
      data-page="GoodsPage"
    >
      <div>
        <Breadcrumb items={breadcrumb} />
        <div className="mt-6">
          {notFound ? (
            <GoodsNotFound />
          ) : error && !data ? (
            <LoadFailed
              title="This good could not be loaded"
              retrying={isFetching}
              onRetry={() => void refetch()}
            />
          ) : isPending || !data ? (
            <GoodsDetailSkeleton />
          ) : (
            <GoodsDetailView
              key={data.id}
              goods={data}
              supplierHref={supplierSearchUrl(data.supplierCode)}
              favourite={<FavouriteHeart goodsId={data.id} goodsName={data.name} variant="button" />}
            />
          )}
        </div>
      </div>
      {data && data.description.trim() !== '' ? (
        <section aria-labelledby="goods-description" className="card px-10 py-8">
          <h2
            id="goods-description"
            className="mb-5 border-b border-line pb-3 text-lg font-semibold text-navy"
          >
            Description
          </h2>
          {/* The description is written by the shop and sanitised by the server. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised goods description */}
          <div className={DESCRIPTION_CLASS} dangerouslySetInnerHTML={{ __html: data.description }} />
        </section>
      ) : null}
      {data ? <GoodsReviews goodsId={data.id} /> : null}
      {/* After the good itself (nothing above moves), and rendered only when scrolled near. */}
      {data ? (
        <RenderWhenNear placeholder={<RecommendationSkeleton />}>
          <YouMayAlsoLike excludeId={id} placement={PLACEMENT.goodsDetail} />
        </RenderWhenNear>
      ) : null}
    </div>
  );
}
