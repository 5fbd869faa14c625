import { AccountShell } from '../features/account/AccountShell.tsx';
import { MyComments } from '../features/comments/MyComments.tsx';
import { RatingQueue } from '../features/orders/RatingQueue.tsx';
import { ORDER_LIST_PATH } from '../lib/routes.ts';

/** Order Comments (/pages/order/comment/index; members only): what waits for a rating, then the reviews written. */
export default function OrderCommentsPage() {
  return (
    <AccountShell
      pageName="OrderCommentsPage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Order Comments' }]}
      title="Order Comments"
    >
      <RatingQueue />
      <MyComments />
    </AccountShell>
  );
}
