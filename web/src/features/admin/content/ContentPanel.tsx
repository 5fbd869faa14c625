import * as Tabs from '@radix-ui/react-tabs';
import { BannersEditor } from './BannersEditor.tsx';
import { KeywordsEditor } from './KeywordsEditor.tsx';
import { LinksEditor } from './LinksEditor.tsx';
import { PagesEditor } from './PagesEditor.tsx';
import { SectionsEditor } from './SectionsEditor.tsx';
import { TermsEditor } from './TermsEditor.tsx';

const TABS = [
  { value: 'banners', label: 'Banners', body: () => <BannersEditor /> },
  { value: 'sections', label: 'Sections', body: () => <SectionsEditor /> },
  { value: 'keywords', label: 'Hot keywords', body: () => <KeywordsEditor /> },
  { value: 'links', label: 'Links', body: () => <LinksEditor /> },
  { value: 'pages', label: 'Service pages', body: () => <PagesEditor /> },
  { value: 'agreement', label: 'Agreement', body: () => <TermsEditor /> },
];

/** The shop's content: each kind on its own tab; a tab loads its list when opened. */
export function ContentPanel() {
  return (
    <section aria-labelledby="content-title" className="flex flex-col gap-4">
      <h1 id="content-title" className="text-xl font-semibold text-ink">
        Content
      </h1>
      <Tabs.Root defaultValue="banners" className="flex flex-col gap-5">
        <Tabs.List aria-label="Kinds of content" className="flex gap-1 border-b border-line">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-[15px] text-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:font-semibold data-[state=active]:text-ink"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {t.body()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
