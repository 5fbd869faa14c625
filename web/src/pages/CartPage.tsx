import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Shop Cart: the page's frame; its body comes with a later release. */
export default function CartPage() {
  return (
    <PageFrame pageName="CartPage" breadcrumb={[{ name: 'Shop Cart' }]} title="Shop Cart">
      <ComingSoon
        title="Your cart opens soon"
        message="Soon you will review the goods you picked, change quantities and head to checkout from here."
      />
    </PageFrame>
  );
}
