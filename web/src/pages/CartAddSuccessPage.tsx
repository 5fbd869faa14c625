import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Added to Cart: the page's frame; its body comes with a later release. */
export default function CartAddSuccessPage() {
  return (
    <PageFrame
      pageName="CartAddSuccessPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: '/pages/cart/index' }, { name: 'Added to Cart' }]}
      title="Added to Cart"
    >
      <ComingSoon
        title="Added-to-cart confirmation opens soon"
        message="This page will confirm what you added and suggest what to do next."
      />
    </PageFrame>
  );
}
