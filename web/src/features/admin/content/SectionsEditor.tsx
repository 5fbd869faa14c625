import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import {
  contentApi,
  contentKeys,
  type FoundGoods,
  type RecommendPlacement,
  SECTION_PLACEMENTS,
  type Section,
  type SectionFields,
} from './content-api.ts';
import { EntryButtons, GroupedList, moved, useContentList, useEntryForm } from './list-editor.tsx';
import { buttonClass, Field, FormButtons, formClass, OrderAndShown, selectClass } from './shared-ui.tsx';

type SectionForm = Omit<SectionFields, 'goodsIds'> & { goods: FoundGoods[] };

const EMPTY: SectionForm = { placement: 1, title: '', subtitle: '', sort: 0, enabled: true, goods: [] };

/** The sections of goods on the home, recommendations and goods pages; goods picked through the shop's search. */
export function SectionsEditor() {
  const list = useContentList(contentKeys.sections, contentApi.sections, 'sections');
  const entry = useEntryForm<SectionForm, HTMLDivElement>(EMPTY);
  const { form } = entry;
  const [keyword, setKeyword] = useState('');
  /** The keyword last searched for: the goods found are read under it. */
  const [sought, setSought] = useState<string | null>(null);
  const found = useQuery({
    queryKey: contentKeys.foundGoods(sought ?? ''),
    queryFn: () => contentApi.findGoods(sought!),
    enabled: sought !== null,
  });
  const foundGoods = sought === null ? null : (found.data ?? (found.isError ? [] : null));

  const edit = ({ id, goodsIds: _ids, placement, ...s }: Section) =>
    entry.edit(id, { ...s, placement: placement as RecommendPlacement });
  const reset = () => {
    entry.reset();
    setSought(null);
  };
  const search = () => {
    if (sought === keyword) void found.refetch();
    else setSought(keyword);
  };
  const addGoods = (g: FoundGoods) =>
    entry.setForm((f) => (f.goods.some((x) => x.id === g.id) ? f : { ...f, goods: [...f.goods, g] }));
  const move = (i: number, by: number) => entry.setForm((f) => ({ ...f, goods: moved(f.goods, i, by) }));

  const submit = async () => {
    const { goods, ...rest } = form;
    const input: SectionFields = { ...rest, goodsIds: goods.map((g) => g.id) };
    const saved = await entry.submit(
      list,
      { add: () => contentApi.addSection(input), change: (id) => contentApi.changeSection(id, input) },
      `The section "${form.title}" is ${entry.editing === null ? 'added' : 'saved'}. The shop shows it within a few seconds.`,
    );
    if (saved) setSought(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <GroupedList
        list={list}
        what="sections"
        idPrefix="sections"
        groups={SECTION_PLACEMENTS}
        groupOf={(s) => s.placement as RecommendPlacement}
        empty="No sections here yet."
      >
        {(sections) => (
          <ul className="flex flex-col gap-2">
            {sections.map((s) => (
              <li
                key={s.id}
                className="flex items-start justify-between gap-4 rounded-lg border border-line bg-white p-3"
                data-section={s.title}
              >
                <div>
                  <p className="font-medium text-ink">
                    {s.title} {!s.enabled && <span className="text-muted">(hidden)</span>}
                  </p>
                  <p className="text-sm text-muted">
                    {s.goods.length} goods:{' '}
                    {s.goods
                      .slice(0, 4)
                      .map((g) => g.name)
                      .join(', ')}
                    {s.goods.length > 4 ? '…' : ''}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <EntryButtons
                    name={s.title}
                    onEdit={() => edit(s)}
                    confirm={`Delete the section "${s.title}"?`}
                    onDelete={() =>
                      void list.save(() => contentApi.deleteSection(s.id), `"${s.title}" is deleted.`)
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </GroupedList>

      <div className={`${formClass} max-w-2xl`} ref={entry.ref}>
        <h2 className="text-lg font-semibold text-ink">
          {entry.editing === null ? 'Add a section' : `Change "${form.title}"`}
        </h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          className="flex flex-col gap-4"
          aria-label="Section"
        >
          <Field label="Page">
            <select
              className={selectClass}
              value={form.placement}
              onChange={(e) =>
                entry.setForm((f) => ({ ...f, placement: Number(e.target.value) as RecommendPlacement }))
              }
            >
              {SECTION_PLACEMENTS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            label="Title"
            value={form.title}
            onChange={(e) => entry.setForm((f) => ({ ...f, title: e.target.value }))}
            maxLength={60}
            required
          />
          <TextField
            label="Subtitle"
            optional
            value={form.subtitle}
            onChange={(e) => entry.setForm((f) => ({ ...f, subtitle: e.target.value }))}
            maxLength={120}
          />
          <OrderAndShown
            sort={form.sort}
            enabled={form.enabled}
            onChange={(c) => entry.setForm((f) => ({ ...f, ...c }))}
          />
          <div>
            <p className="mb-1.5 text-sm font-medium text-ink">Goods, in the order shown</p>
            {form.goods.length === 0 ? (
              <p className="text-sm text-muted">No goods yet: find them below.</p>
            ) : (
              <ol className="flex flex-col gap-1" aria-label="Goods of the section">
                {form.goods.map((g, i) => (
                  <li
                    key={g.id}
                    className="flex items-center justify-between gap-2 rounded border border-line px-2 py-1 text-sm"
                  >
                    <span>
                      {i + 1}. {g.name}
                    </span>
                    <span className="flex gap-1">
                      <button
                        type="button"
                        className={buttonClass}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={`Move ${g.name} up`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className={buttonClass}
                        disabled={i === form.goods.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Move ${g.name} down`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() =>
                          entry.setForm((f) => ({ ...f, goods: f.goods.filter((x) => x.id !== g.id) }))
                        }
                        aria-label={`Remove ${g.name}`}
                      >
                        Remove
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <FormButtons editing={entry.editing !== null} noun="section" busy={list.busy} onCancel={reset} />
        </form>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
          className="flex items-end gap-2 border-t border-line pt-4"
          aria-label="Find goods for the section"
        >
          <TextField
            className="flex-1"
            label="Find goods"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className={`${buttonClass} mb-0.5 h-11`} disabled={found.isFetching}>
            {found.isFetching ? 'Searching…' : 'Search'}
          </button>
        </form>
        {foundGoods && (
          <ul className="flex flex-col gap-1" aria-label="Goods found">
            {foundGoods.length === 0 && <li className="text-sm text-muted">No goods found.</li>}
            {foundGoods.map((g) => (
              <li key={g.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{g.name}</span>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={form.goods.some((x) => x.id === g.id)}
                  onClick={() => addGoods(g)}
                >
                  Add <span className="sr-only">{g.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
