import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { ORDER_LIST_PATH } from '../lib/routes.ts';

/** Order Import: the page's frame; its body comes with a later release. */
export default function OrderUploadPage() {
  return (
    <PageFrame
      pageName="OrderUploadPage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Order Import' }]}
      title="Order Import"
    >
      <ComingSoon
        title="Order import opens soon"
        message="Wholesale customers will upload a spreadsheet here and turn it straight into a cart."
      />
    </PageFrame>
  );
}
