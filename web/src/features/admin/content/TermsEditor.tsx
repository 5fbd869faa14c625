import type { Terms } from '@mall/shared/contract/content';
import type { TermsKey, TermsSection } from '@mall/shared/terms';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { contentApi, contentKeys } from './content-api.ts';
import { type ContentList, moved, useContentList } from './list-editor.tsx';
import { buttonClass, Field, Outcome, primaryClass, selectClass } from './shared-ui.tsx';

const KINDS: { value: TermsKey; label: string }[] = [
  { value: 'standard', label: 'Standard terms (retail shoppers agree to these)' },
  { value: 'wholesale', label: 'Wholesale terms (wholesale buyers agree to these)' },
];

/**
 * The agreement: the terms shoppers read and agree to before they log in or register. Each
 * section has an anchor, a title and its text in HTML; the shop shows a save at once.
 */
export function TermsEditor() {
  const [kind, setKind] = useState<TermsKey>('standard');
  const list = useContentList(contentKeys.termsOf(kind), () => contentApi.terms(kind), 'terms');
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <Field label="Terms">
        <select className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as TermsKey)}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>
      {!list.data && <Outcome notice={list.notice} error={list.error} />}
      {list.data === null && !list.error && <p className="text-muted">Loading the terms…</p>}
      {list.data && (
        // A save answers the terms as saved: the form starts again from them.
        <TermsForm key={`${kind} ${list.data.updatedAt}`} kind={kind} terms={list.data} list={list} />
      )}
    </div>
  );
}

/** The sections of one kind of terms, edited in place until they are saved. */
function TermsForm({ kind, terms, list }: { kind: TermsKey; terms: Terms; list: ContentList<Terms> }) {
  const [sections, setSections] = useState<TermsSection[]>(terms.sections);
  const change = (i: number, patch: Partial<TermsSection>) =>
    setSections((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const save = (e: FormEvent) => {
    e.preventDefault();
    void list.save(
      () => contentApi.saveTerms(kind, sections),
      'The terms are saved. Shoppers see them from now on; unsafe HTML was removed.',
    );
  };
  const kindLabel = KINDS.find((k) => k.value === kind)!.label;

  return (
    <form onSubmit={save} className="flex flex-col gap-4" aria-label={kindLabel}>
      <p className="text-sm text-muted">
        {terms.updatedAt
          ? `Last saved ${new Date(terms.updatedAt).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'short' })}.`
          : "The shop's own text: nobody has changed it yet."}
      </p>
      <ol className="flex flex-col gap-4">
        {sections.map((s, i) => (
          // Sections are edited in place; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: an id being typed is not a stable key
          <li key={i} className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold text-ink">
                {i + 1}. {s.title || 'New section'}
              </h3>
              <span className="flex gap-1">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={i === 0}
                  onClick={() => setSections((all) => moved(all, i, -1))}
                >
                  Move up <span className="sr-only">{s.title}</span>
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={i === sections.length - 1}
                  onClick={() => setSections((all) => moved(all, i, 1))}
                >
                  Move down <span className="sr-only">{s.title}</span>
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={sections.length === 1}
                  onClick={() => setSections((all) => all.filter((_, j) => j !== i))}
                >
                  Remove <span className="sr-only">{s.title}</span>
                </button>
              </span>
            </div>
            <div className="grid grid-cols-[1fr_220px] gap-3">
              <TextField
                label="Section title"
                value={s.title}
                onChange={(e) => change(i, { title: e.target.value })}
                maxLength={100}
                required
              />
              <TextField
                label="Anchor"
                value={s.id}
                onChange={(e) => change(i, { id: e.target.value })}
                hint="Lower-case letters, digits, dashes."
                required
              />
            </div>
            <Field label="Section text (HTML)">
              <textarea
                className="min-h-40 rounded-lg border border-gray-300 p-3 font-mono text-sm"
                value={s.html}
                onChange={(e) => change(i, { html: e.target.value })}
                maxLength={50_000}
              />
            </Field>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass}
          onClick={() =>
            setSections((all) => [...all, { id: `section-${all.length + 1}`, title: '', html: '' }])
          }
        >
          Add a section
        </button>
        <button type="submit" className={primaryClass} disabled={list.busy}>
          Save terms
        </button>
        {terms.updatedAt && (
          <button
            type="button"
            className={buttonClass}
            disabled={list.busy}
            onClick={() => {
              if (window.confirm("Replace these terms with the shop's own text?"))
                void list.save(() => contentApi.resetTerms(kind), "The shop's own terms apply again.");
            }}
          >
            Use the shop's own text
          </button>
        )}
      </div>
      <Outcome notice={list.notice} error={list.error} />
    </form>
  );
}
