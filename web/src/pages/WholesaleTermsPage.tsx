import { PageFrame } from '../components/PageFrame.tsx';
import { TermsLayout } from '../components/terms/TermsDocument.tsx';
import { WholesaleFacts } from '../components/terms/WholesaleFacts.tsx';
import { WHOLESALE_TERMS } from '../components/terms/WholesaleTerms.tsx';

/** Spec section 1: the wholesale terms (showroom hours, no pickup, minimum orders by island). */
export default function WholesaleTermsPage() {
  return (
    <PageFrame
      pageName="WholesaleTermsPage"
      breadcrumb={[{ name: 'Wholesale Terms' }]}
      title="Wholesale Terms"
      intro="For registered New Zealand businesses buying through a wholesale account."
    >
      <TermsLayout sections={WHOLESALE_TERMS} lead={<WholesaleFacts />} />
    </PageFrame>
  );
}
