import type { ReactNode } from 'react';
import { OnlineServiceLink } from '../../components/OnlineServiceLink.tsx';

export interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

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
          {s.body}
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
