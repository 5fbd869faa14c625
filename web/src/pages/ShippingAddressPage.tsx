import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Shipping Address: the page's frame; its body comes with a later release. */
export default function ShippingAddressPage() {
  return (
    <PageFrame
      pageName="ShippingAddressPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Shipping Address' }]}
      title="Shipping Address"
    >
      <ComingSoon
        title="Shipping addresses open soon"
        message="You will add and edit the New Zealand addresses you deliver to here."
      />
    </PageFrame>
  );
}
