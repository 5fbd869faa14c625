import { PageFrame } from '../components/PageFrame.tsx';
import { LoadedTerms, TermsArticle, TermsLayout } from '../features/terms/TermsDocument.tsx';
import { useIsEmbedded } from '../lib/embed.ts';

/** docs/routes.md: the standard terms (prices, privacy, cookies, discounts, competitions). */
export default function StandardTermsPage() {
  // Framed by the agreement dialog: the article alone.
  if (useIsEmbedded()) {
    return (
      <article data-page="StandardTermsPage" className="px-8 py-6">
        <LoadedTerms termsKey="standard">{(sections) => <TermsArticle sections={sections} />}</LoadedTerms>
      </article>
    );
  }
  return (
    <PageFrame
      pageName="StandardTermsPage"
      breadcrumb={[{ name: 'Terms & Conditions' }]}
      title="Terms & Conditions"
      intro="The terms that apply when you shop with us. Prices are in NZD and include GST."
    >
      <LoadedTerms termsKey="standard">{(sections) => <TermsLayout sections={sections} />}</LoadedTerms>
    </PageFrame>
  );
}
