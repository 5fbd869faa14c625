import { AccountShell } from '../features/account/AccountShell.tsx';
import { OrderList } from '../features/orders/OrderList.tsx';

/** My Order (/pages/order/index?status=; members only): the member's orders by status. */
export default function OrderListPage() {
  return (
    <AccountShell
      pageName="OrderListPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'My Order' }]}
      title="My Order"
    >
      <OrderList />
    </AccountShell>
  );
}
