import { PageFrame } from '../components/PageFrame.tsx';
import { LoadedTerms, TermsArticle, TermsLayout } from '../features/terms/TermsDocument.tsx';
import { WholesaleFacts } from '../features/terms/WholesaleFacts.tsx';
import { useIsEmbedded } from '../lib/embed.ts';

/** docs/routes.md: the wholesale terms (showroom hours, no pickup, minimum orders by island). */
export default function WholesaleTermsPage() {
  // Framed by the agreement dialog: the article alone.
  if (useIsEmbedded()) {
    return (
      <article data-page="WholesaleTermsPage" className="px-8 py-6">
        <WholesaleFacts />
        <LoadedTerms termsKey="wholesale">{(sections) => <TermsArticle sections={sections} />}</LoadedTerms>
      </article>
    );
  }
  return (
    <PageFrame
      pageName="WholesaleTermsPage"
      breadcrumb={[{ name: 'Wholesale Terms' }]}
      title="Wholesale Terms"
      intro="For registered New Zealand businesses buying through a wholesale account."
    >
      <LoadedTerms termsKey="wholesale">
        {(sections) => <TermsLayout sections={sections} lead={<WholesaleFacts />} />}
      </LoadedTerms>
    </PageFrame>
  );
}
