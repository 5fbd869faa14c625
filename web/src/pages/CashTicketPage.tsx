import { PageFrame } from '../components/PageFrame.tsx';
import { CashCardsView } from '../features/wallet/CashCardsView.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Cash Ticket (/pages/user/cash/index; members only): the member's cash cards, and adding one. */
export default function CashTicketPage() {
  return (
    <PageFrame
      pageName="CashTicketPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Cash Ticket' }]}
      title="Cash Ticket"
    >
      <CashCardsView />
    </PageFrame>
  );
}
