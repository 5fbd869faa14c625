import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { SkuChoiceDialog } from '../features/catalogue/GoodsDetailView.tsx';
import { FavouritesView, type SkuChoiceSlot } from '../features/favourites/FavouritesView.tsx';
import { pageNumParam, USER_CENTER_PATH } from '../lib/routes.ts';

/** A good with several SKUs: the catalogue's SKU choice, in a dialog. */
const skuChoice: SkuChoiceSlot = (props) => <SkuChoiceDialog {...props} />;

/** Favorite Goods (/pages/user/favorite/index; members only, both modes): the member's favourites, paged. */
export default function FavoritesPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame
      pageName="FavoritesPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Favorite Goods' }]}
      title="Favorite Goods"
    >
      <FavouritesView pageNum={pageNumParam(params.get('pageNum'))} skuChoice={skuChoice} />
    </PageFrame>
  );
}
