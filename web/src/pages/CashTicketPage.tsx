import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Cash Ticket: the page's frame; its body comes with a later release. */
export default function CashTicketPage() {
  return (
    <PageFrame
      pageName="CashTicketPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Cash Ticket' }]}
      title="Cash Ticket"
    >
      <ComingSoon
        title="Cash tickets open soon"
        message="You will add cash cards and see their balance and history here."
      />
    </PageFrame>
  );
}
