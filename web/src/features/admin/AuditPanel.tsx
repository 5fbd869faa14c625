import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPager } from './AdminPager.tsx';
import { adminApi, messageOf, operatorKeys } from './admin-api.ts';

const PAGE_SIZE = 20;
const shown = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** The audit log, newest first, a page at a time (owner). */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const { data, error } = useQuery({
    queryKey: operatorKeys.audit(page, PAGE_SIZE),
    queryFn: () => adminApi.audit(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h1 id="audit-title" className="text-xl font-semibold text-ink">
        Audit log
      </h1>
      <p className="text-sm text-muted">Every change made in the back office. It cannot be edited.</p>
      {error && (
        <p role="alert" className="text-sm text-accent">
          {messageOf(error, 'The audit log could not be loaded.')}
        </p>
      )}
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Back-office changes, newest first</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="py-2">
              Time
            </th>
            <th scope="col">Operator</th>
            <th scope="col">Action</th>
            <th scope="col">Subject</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {data?.records.map((e) => (
            <tr key={e.id} className="border-b border-line align-top" data-audit-action={e.action}>
              <td className="py-2 whitespace-nowrap">{new Date(e.at).toLocaleString('en-NZ')}</td>
              <td>{e.operatorName}</td>
              <td>{e.action}</td>
              <td>{e.subject}</td>
              <td className="max-w-xs break-all font-mono text-xs">{shown(e.before)}</td>
              <td className="max-w-xs break-all font-mono text-xs">{shown(e.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AdminPager label="Audit log pages" page={page} onPage={setPage} canNext={page < pages}>
        Page {page} of {pages}
      </AdminPager>
    </section>
  );
}
