import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Favorite Goods: the page's frame; its body comes with a later release. */
export default function FavoritesPage() {
  return (
    <PageFrame
      pageName="FavoritesPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Favorite Goods' }]}
      title="Favorite Goods"
    >
      <ComingSoon title="Favourites open soon" message="The goods you save for later will be listed here." />
    </PageFrame>
  );
}
