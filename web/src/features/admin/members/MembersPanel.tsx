import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { AdminPager } from '../AdminPager.tsx';
import { messageOf } from '../admin-api.ts';
import { MemberDetailView } from './MemberDetailView.tsx';
import { type MemberSearchForm as MemberSearch, membersApi, membersKeys } from './members-api.ts';
import { buttonClass, primaryClass } from './members-ui.ts';

const PAGE_SIZE = 20;
const EMPTY: MemberSearch = { memberNo: '', email: '', phone: '', name: '', kind: '' };

/** Members: search, a page of results, and one member's detail with disable/enable and resend (owner, support). */
export function MembersPanel() {
  const [form, setForm] = useState<MemberSearch>(EMPTY);
  const [search, setSearch] = useState<MemberSearch>(EMPTY);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: membersKeys.search(search, page, PAGE_SIZE),
    queryFn: ({ signal }) => membersApi.search(search, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  // No results shown under an error: they would be those of another search.
  const data = query.isError ? undefined : query.data;
  const loading = query.isFetching;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch({ ...form });
  };
  const field = (key: keyof MemberSearch) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-6">
      <h1 id="members-title" className="text-xl font-semibold text-ink">
        Members
      </h1>
      <form
        onSubmit={submit}
        aria-label="Search members"
        className="grid grid-cols-2 gap-4 rounded-xl border border-line bg-white p-4 lg:grid-cols-6"
      >
        <TextField label="Member number" placeholder="R000123" {...field('memberNo')} maxLength={11} />
        <TextField label="E-mail starts with" {...field('email')} maxLength={254} />
        <TextField label="Phone starts with" inputMode="numeric" {...field('phone')} maxLength={20} />
        <TextField label="Name starts with" {...field('name')} maxLength={80} />
        <div>
          <label htmlFor="member-kind" className="mb-1.5 block text-sm font-medium text-ink">
            Kind
          </label>
          <select
            id="member-kind"
            className="h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-[15px]"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as MemberSearch['kind'] })}
          >
            <option value="">Any</option>
            <option value="retail">Retail</option>
            <option value="wholesale">Wholesale</option>
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={primaryClass}>
            Search
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setForm(EMPTY);
              setSearch(EMPTY);
              setPage(1);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {query.isError && (
        <p role="alert" className="text-sm text-accent">
          {messageOf(query.error, 'The members could not be loaded.')}
        </p>
      )}
      <div
        aria-busy={loading}
        className="rounded-xl border border-line bg-white p-4"
        hidden={!loading && !data}
      >
        {loading && !data ? (
          <p className="text-muted">Loading members…</p>
        ) : !data ? null : data.records.length === 0 ? (
          <p className="text-muted">No member matches this search.</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Members found</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2">
                  Member number
                </th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.records.map((m) => (
                <tr key={m.id} className="border-b border-line" data-member-id={m.id}>
                  <td className="py-2 font-mono">{m.memberNo}</td>
                  <td>{m.name}</td>
                  <td className="break-all">{m.email}</td>
                  <td>{m.phone || '—'}</td>
                  <td className="capitalize">{m.kind}</td>
                  <td>{m.disabled ? <span className="text-accent">Disabled</span> : 'Active'}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      className={buttonClass}
                      aria-label={`Open ${m.memberNo}`}
                      onClick={() => setOpenId(m.id)}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.total > 0 && (
          <AdminPager
            label="Member pages"
            className="mt-4 text-sm"
            page={page}
            onPage={setPage}
            canNext={page < pages || (data.more && data.records.length === PAGE_SIZE)}
          >
            Page {page} of {data.more ? `${pages}+` : pages} ·{' '}
            {data.more
              ? `more than ${data.total.toLocaleString('en-NZ')} members`
              : `${data.total} member${data.total === 1 ? '' : 's'}`}
          </AdminPager>
        )}
      </div>
      {openId !== null && <MemberDetailView key={openId} id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
