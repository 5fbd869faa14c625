import { PageFrame } from '../components/PageFrame.tsx';
import { OrderImport } from '../features/order-import/OrderImport.tsx';
import { ORDER_LIST_PATH } from '../lib/routes.ts';

/** Order Import (docs/order-import.md): a sheet of SKU codes and counts, checked, then into the cart. */
export default function OrderUploadPage() {
  return (
    <PageFrame
      pageName="OrderUploadPage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Order Import' }]}
      title="Order Import"
    >
      <OrderImport />
    </PageFrame>
  );
}
