import { TextField } from '../../../components/FormField.tsx';
import { contentApi, contentKeys, type Link, type LinkFields } from './content-api.ts';
import { EntryButtons, EntryForm, GroupedList, useContentList, useEntryForm } from './list-editor.tsx';
import { Field, OrderAndShown, selectClass } from './shared-ui.tsx';

const PLACEMENTS = [
  { value: 'up', label: 'Header (the user menu’s top links)' },
  { value: 'down', label: 'Footer (the row of site links; only top-level links show)' },
] as const;

const EMPTY: LinkFields = {
  placement: 'down',
  parentId: null,
  key: '',
  name: '',
  title: '',
  linkUrl: '',
  sort: 0,
  enabled: true,
};

/** The links of one placement as an indented list, each parent before its children. */
const inTreeOrder = (links: Link[], placement: 'up' | 'down') => {
  const out: { link: Link; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const link of links.filter((l) => l.placement === placement && l.parentId === parentId)) {
      out.push({ link, depth });
      if (depth < 8) walk(link.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
};

/** The header and footer links: a tree per placement, with a form to add or change a link. */
export function LinksEditor() {
  const list = useContentList(contentKeys.links, contentApi.links, 'links');
  const entry = useEntryForm(EMPTY);
  const { form, editing } = entry;
  const parents = (list.data ? inTreeOrder(list.data, form.placement) : []).filter(
    ({ link }) => link.id !== editing,
  );

  return (
    <div className="flex flex-col gap-6">
      <GroupedList
        list={list}
        what="links"
        idPrefix="links"
        groups={PLACEMENTS}
        groupOf={(l) => l.placement}
        empty="No links here yet."
      >
        {(links, p) => (
          <ul className="flex max-w-3xl flex-col">
            {inTreeOrder(links, p.value).map(({ link, depth }) => (
              <li
                key={link.id}
                className="flex items-center justify-between gap-3 border-b border-line py-1.5 text-sm"
                style={{ paddingLeft: depth * 24 }}
                data-link={link.key}
              >
                <span>
                  <span className="font-medium text-ink">{link.name}</span>
                  <span className="ml-2 text-muted">{link.linkUrl || '(a heading)'}</span>
                  {!link.enabled && <span className="ml-2 text-muted">(hidden)</span>}
                </span>
                <span className="flex gap-2">
                  <EntryButtons
                    name={link.name}
                    onEdit={() => {
                      const { id, ...fields } = link;
                      entry.edit(id, fields);
                    }}
                    confirm={`Delete "${link.name}" and every link under it?`}
                    onDelete={() =>
                      void list.save(() => contentApi.deleteLink(link.id), `"${link.name}" is deleted.`)
                    }
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </GroupedList>
      <EntryForm
        id="link-form-title"
        noun="link"
        editing={editing !== null}
        title={editing === null ? 'Add a link' : `Change "${form.name}"`}
        busy={list.busy}
        formRef={entry.ref}
        onCancel={entry.reset}
        onSubmit={() =>
          void entry.submit(
            list,
            { add: () => contentApi.addLink(form), change: (id) => contentApi.changeLink(id, form) },
            `The link "${form.name}" is ${editing === null ? 'added' : 'saved'}.`,
          )
        }
      >
        <Field label="Placement">
          <select
            className={selectClass}
            value={form.placement}
            onChange={(e) =>
              entry.setForm((f) => ({ ...f, placement: e.target.value as 'up' | 'down', parentId: null }))
            }
          >
            {PLACEMENTS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Under">
          <select
            className={selectClass}
            value={form.parentId ?? ''}
            onChange={(e) => entry.set('parentId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Nothing (top level)</option>
            {parents.map(({ link, depth }) => (
              <option key={link.id} value={link.id}>
                {`${'— '.repeat(depth)}${link.name}`}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label="Name"
          value={form.name}
          onChange={(e) => entry.set('name', e.target.value)}
          maxLength={40}
          required
        />
        <TextField
          label="Key"
          value={form.key}
          onChange={(e) => entry.set('key', e.target.value)}
          hint="1 to 40 lower-case letters, digits or dashes; unique."
          required
        />
        <TextField
          label="Link"
          optional
          value={form.linkUrl}
          onChange={(e) => entry.set('linkUrl', e.target.value)}
          hint="A page of the shop (starting with /) or an https:// address; empty for a column heading."
        />
        <TextField
          label="Tooltip"
          optional
          value={form.title}
          onChange={(e) => entry.set('title', e.target.value)}
          maxLength={100}
        />
        <OrderAndShown
          sort={form.sort}
          enabled={form.enabled}
          onChange={(c) => entry.setForm((f) => ({ ...f, ...c }))}
        />
      </EntryForm>
    </div>
  );
}
