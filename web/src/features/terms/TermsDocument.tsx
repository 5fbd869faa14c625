import type { TermsKey, TermsSection } from '@mall/shared/terms';
import type { ReactNode } from 'react';
import { useTerms } from '../../api/use-content.ts';
import { OnlineServiceLink } from '../../components/OnlineServiceLink.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';

/** The sections of a terms text as an article (h2 per section, anchors for the contents list). */
export function TermsArticle({ sections, intro }: { sections: readonly TermsSection[]; intro?: ReactNode }) {
  return (
    <div className="prose-shop">
      {intro}
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-6">
          <h2 id={`${s.id}-title`}>
            <span className="mr-2 text-brand">{i + 1}.</span>
            {s.title}
          </h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned this HTML when it was saved */}
          <div dangerouslySetInnerHTML={{ __html: s.html }} />
        </section>
      ))}
    </div>
  );
}

/** The contents list beside a terms page. */
export function TermsContents({ sections }: { sections: readonly TermsSection[] }) {
  return (
    <nav aria-label="Contents" className="card sticky top-4 overflow-hidden">
      <h2 className="border-b border-line bg-brand-soft/60 px-5 py-3.5 text-sm font-semibold text-navy">
        Contents
      </h2>
      <ol className="py-2">
        {sections.map((s, i) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="focus-ring flex gap-2 px-5 py-1.5 text-sm text-ink hover:bg-gray-50 hover:text-brand"
            >
              <span className="w-4 shrink-0 text-muted">{i + 1}.</span>
              {s.title}
            </a>
          </li>
        ))}
      </ol>
      <div className="border-t border-line px-5 py-3.5 text-xs text-muted">
        <p className="mb-2">Questions about these terms?</p>
        <OnlineServiceLink className="link inline-flex items-center gap-1.5 text-sm font-medium" />
      </div>
    </nav>
  );
}

/** A terms page's body: the contents on the left, the article (after an optional lead) on the right. */
export function TermsLayout({ sections, lead }: { sections: readonly TermsSection[]; lead?: ReactNode }) {
  return (
    <div className="grid grid-cols-[260px_1fr] items-start gap-8">
      <TermsContents sections={sections} />
      <article className="card px-12 py-10">
        {lead}
        <TermsArticle sections={sections} />
      </article>
    </div>
  );
}

/**
 * The terms of `termsKey` once loaded, given to `children`; grey lines while they load, and a
 * message with Try again when they could not be.
 */
export function LoadedTerms({
  termsKey,
  children,
}: {
  termsKey: TermsKey;
  children: (sections: readonly TermsSection[]) => ReactNode;
}) {
  const terms = useTerms(termsKey);
  if (terms.data) return children(terms.data.sections);
  if (terms.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-6">
        <p className="text-ink">The terms could not be loaded. Please check your connection and try again.</p>
        <button type="button" className="btn-secondary" onClick={() => void terms.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <div aria-busy="true" className="flex flex-col gap-3 py-2">
      <p className="sr-only">Loading the terms…</p>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className={i % 3 === 0 ? 'h-6 w-1/3' : 'h-4 w-full'} />
      ))}
    </div>
  );
}
