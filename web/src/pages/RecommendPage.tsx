import { Link } from 'react-router';
import { EmptyState } from '../components/EmptyState.tsx';
import { SparkIcon } from '../components/icons.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { RecommendationBlock, RecommendationSkeleton } from '../features/catalogue/Recommendations.tsx';
import { PLACEMENT, useRecommendations } from '../features/catalogue/use-catalogue.ts';
import { ALL_KEYWORD, keywordSearchUrl } from '../lib/routes.ts';

/** Recommendations (docs/routes.md): the shop's hand-picked blocks of placement 2, each a grid of goods. */
export default function RecommendPage() {
  const { data, isPending, isError } = useRecommendations(PLACEMENT.recommendPage);
  const blocks = (data ?? []).filter((b) => b.goods.length > 0);
  return (
    <PageFrame
      pageName="RecommendPage"
      breadcrumb={[{ name: 'Recommendations' }]}
      title="Recommendations"
      intro="Hand-picked by our team: seasonal favourites, best sellers and new arrivals."
    >
      {isPending ? (
        <RecommendationSkeleton blocks={2} rows={2} />
      ) : blocks.length === 0 ? (
        <div className="card">
          <EmptyState
            icon={<SparkIcon size={28} />}
            title={isError ? 'Recommendations could not be loaded' : 'No recommendations right now'}
            description="Our team is picking the next favourites. Meanwhile, the whole range is in All Goods."
            action={
              <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
                Browse All Goods
              </Link>
            }
          />
        </div>
      ) : (
        <div className="flex flex-col gap-12">
          {blocks.map((block) => (
            <RecommendationBlock key={block.id} block={block} limit={20} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
