import { AccountShell } from '../features/account/AccountShell.tsx';
import { OrderList } from '../features/orders/OrderList.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** My Order (/pages/order/index?status=; members only): the member's orders by status. */
export default function OrderListPage() {
  return (
    <AccountShell
      pageName="OrderListPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'My Order' }]}
      title="My Order"
    >
      <OrderList />
    </AccountShell>
  );
}
