import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { agreementTitle } from '../features/account/AgreementDialog.tsx';
import { LoadedTerms, TermsArticle } from '../features/terms/TermsDocument.tsx';
import { WholesaleFacts } from '../features/terms/WholesaleFacts.tsx';
import { appConfig, isStoreMode } from '../lib/app-config.ts';
import { HOME_PATH, safeCallbackUrl } from '../lib/routes.ts';

/**
 * The agreement (docs/routes.md: /pages/user/register/agreement?callbackUrl=): the standard
 * terms in store mode, the wholesale terms in supplier mode, in a frame, with 'agree with'
 * (continue to the callback) and 'disagree' (go back).
 */
export default function AgreementPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const title = agreementTitle(isStoreMode);

  const disagree = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  };

  return (
    <PageFrame
      pageName="AgreementPage"
      breadcrumb={[{ name: 'Agreement' }]}
      title={title}
      intro={`Please read the ${isStoreMode ? 'terms and conditions' : 'wholesale terms'} of ${appConfig.brand}. To continue, choose 'agree with'.`}
    >
      <div className="card mx-auto max-w-[880px] overflow-hidden">
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable frame must be focusable to scroll by keyboard
          tabIndex={0}
          aria-label={isStoreMode ? 'Terms and conditions' : 'Wholesale terms'}
          className="focus-ring h-[420px] overflow-y-auto px-10 py-8"
        >
          {isStoreMode ? null : <WholesaleFacts />}
          <LoadedTerms termsKey={isStoreMode ? 'standard' : 'wholesale'}>
            {(sections) => <TermsArticle sections={sections} />}
          </LoadedTerms>
        </section>
        <div className="flex items-center justify-between gap-4 border-t border-line bg-gray-50/70 px-10 py-4">
          <p className="text-sm text-muted">By choosing 'agree with' you accept these terms.</p>
          <div className="flex gap-3">
            <button type="button" className="btn-secondary min-w-28" onClick={disagree}>
              disagree
            </button>
            <button
              type="button"
              className="btn-primary min-w-28"
              onClick={() => navigate(safeCallbackUrl(params.get('callbackUrl')))}
            >
              agree with
            </button>
          </div>
        </div>
      </div>
    </PageFrame>
  );
}
