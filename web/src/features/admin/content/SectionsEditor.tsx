import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import {
  contentApi,
  type FoundGoods,
  SECTION_PLACEMENTS,
  type Section,
  type SectionInput,
} from './content-api.ts';
import {
  buttonClass,
  Field,
  FormButtons,
  formClass,
  OrderAndShown,
  Outcome,
  selectClass,
  useEditableList,
} from './shared-ui.tsx';

const EMPTY: SectionInput & { goods: FoundGoods[] } = {
  placement: 1,
  title: '',
  subtitle: '',
  sort: 0,
  enabled: true,
  goodsIds: [],
  goods: [],
};

/** The sections of goods on the home, recommendations and goods pages; goods picked through the shop's search. */
export function SectionsEditor() {
  const list = useEditableList(contentApi.sections, 'sections');
  const formRef = useRef<HTMLDivElement>(null);
  const showForm = () =>
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<FoundGoods[] | null>(null);
  const [searching, setSearching] = useState(false);

  const edit = (s: Section) => {
    showForm();
    setEditing(s.id);
    setForm({ ...s });
  };
  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
    setFound(null);
  };
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setSearching(true);
    try {
      setFound(await contentApi.findGoods(keyword));
    } catch {
      setFound([]);
    } finally {
      setSearching(false);
    }
  };
  const addGoods = (g: FoundGoods) =>
    setForm((f) => (f.goods.some((x) => x.id === g.id) ? f : { ...f, goods: [...f.goods, g] }));
  const move = (i: number, by: number) =>
    setForm((f) => {
      const goods = [...f.goods];
      const [g] = goods.splice(i, 1);
      goods.splice(i + by, 0, g!);
      return { ...f, goods };
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { goods, ...rest } = form;
    const input: SectionInput = {
      placement: rest.placement,
      title: rest.title,
      subtitle: rest.subtitle,
      sort: rest.sort,
      enabled: rest.enabled,
      goodsIds: goods.map((g) => g.id),
    };
    const saved = await list.save(
      () => (editing === null ? contentApi.addSection(input) : contentApi.changeSection(editing, input)),
      `The section "${form.title}" is ${editing === null ? 'added' : 'saved'}. The shop shows it within a few seconds.`,
    );
    if (saved) reset();
  };

  return (
    <div className="flex flex-col gap-6">
      <Outcome notice={list.notice} error={list.error} />
      {list.data === null && !list.error && <p className="text-muted">Loading the sections…</p>}
      {list.data &&
        SECTION_PLACEMENTS.map((place) => {
          const sections = list.data!.filter((s) => s.placement === place.value);
          return (
            <section key={place.value} aria-labelledby={`sections-${place.value}`}>
              <h2 id={`sections-${place.value}`} className="mb-2 font-semibold text-ink">
                {place.label}
              </h2>
              {sections.length === 0 ? (
                <p className="text-sm text-muted">No sections here yet.</p>
              ) : (
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
                        <button type="button" className={buttonClass} onClick={() => edit(s)}>
                          Edit <span className="sr-only">{s.title}</span>
                        </button>
                        <button
                          type="button"
                          className={buttonClass}
                          onClick={() => {
                            if (window.confirm(`Delete the section "${s.title}"?`))
                              void list.save(
                                () => contentApi.deleteSection(s.id),
                                `"${s.title}" is deleted.`,
                              );
                          }}
                        >
                          Delete <span className="sr-only">{s.title}</span>
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}

      <div className={`${formClass} max-w-2xl`} ref={formRef}>
        <h2 className="text-lg font-semibold text-ink">
          {editing === null ? 'Add a section' : `Change "${form.title}"`}
        </h2>
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Section">
          <Field label="Page">
            <select
              className={selectClass}
              value={form.placement}
              onChange={(e) => setForm((f) => ({ ...f, placement: Number(e.target.value) }))}
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
            onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
            maxLength={60}
            required
          />
          <TextField
            label="Subtitle"
            optional
            value={form.subtitle}
            onChange={(e) => setForm((f) => ({ ...f, subtitle: e.target.value }))}
            maxLength={120}
          />
          <OrderAndShown
            sort={form.sort}
            enabled={form.enabled}
            onChange={(c) => setForm((f) => ({ ...f, ...c }))}
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
                          setForm((f) => ({ ...f, goods: f.goods.filter((x) => x.id !== g.id) }))
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
          <FormButtons editing={editing !== null} noun="section" busy={list.busy} onCancel={reset} />
        </form>
        <form
          onSubmit={search}
          className="flex items-end gap-2 border-t border-line pt-4"
          aria-label="Find goods for the section"
        >
          <TextField
            className="flex-1"
            label="Find goods"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className={`${buttonClass} mb-0.5 h-11`} disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </button>
        </form>
        {found && (
          <ul className="flex flex-col gap-1" aria-label="Goods found">
            {found.length === 0 && <li className="text-sm text-muted">No goods found.</li>}
            {found.map((g) => (
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
