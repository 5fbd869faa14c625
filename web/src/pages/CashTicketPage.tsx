import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Cash Ticket: the page's frame; its body comes with a later release. */
export default function CashTicketPage() {
  return (
    <PageFrame
      pageName="CashTicketPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Cash Ticket' }]}
      title="Cash Ticket"
    >
      <ComingSoon
        title="Cash tickets open soon"
        message="You will add cash cards and see their balance and history here."
      />
    </PageFrame>
  );
}
