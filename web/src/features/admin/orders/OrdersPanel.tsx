import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/Pager.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { messageOf } from '../admin-api.ts';
import { OrderDetailPanel } from './OrderDetailPanel.tsx';
import { OrderFilterForm } from './OrderFilterForm.tsx';
import {
  NO_FILTERS,
  ORDER_TABS,
  type OrderFilters,
  type OrderTabKey,
  ordersApi,
  ordersKeys,
  PAY_WORDS,
  STATUS_WORDS,
} from './orders-api.ts';
import { buttonClass, money, when } from './orders-ui.ts';

const PAGE_SIZE = 20;
/** A count, or "1,000+" past what the server counted it up to. */
const countText = (n: number, cap: number) =>
  n > cap ? `${cap.toLocaleString('en-NZ')}+` : n.toLocaleString('en-NZ');

const filtersOf = (params: URLSearchParams): OrderFilters =>
  Object.fromEntries(Object.keys(NO_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as OrderFilters;
const tabOf = (params: URLSearchParams): OrderTabKey =>
  ORDER_TABS.find((t) => t.key === params.get('tab'))?.key ?? 'all';

/** Orders (owner, orders): the list with its tabs and filters, or one order (`?order=`). */
export function OrdersPanel() {
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order');
  if (orderNo) {
    return (
      <OrderDetailPanel
        orderNo={orderNo}
        onBack={() => {
          const next = new URLSearchParams(params);
          next.delete('order');
          setParams(next);
        }}
      />
    );
  }
  return <OrdersList params={params} setParams={setParams} />;
}

function OrdersList({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: (p: URLSearchParams) => void;
}) {
  const tab = tabOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied = filtersOf(params);
  const [form, setForm] = useState<OrderFilters>(applied);
  const suppliers = useQuery({
    queryKey: ordersKeys.suppliers,
    queryFn: ({ signal }) => ordersApi.suppliers(signal),
    staleTime: 5 * 60_000,
  }).data;
  const query = useQuery({
    queryKey: ordersKeys.list(tab, applied, page, PAGE_SIZE),
    queryFn: ({ signal }) => ordersApi.list(tab, applied, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  // No rows shown under an error: they would be those of other filters.
  const data = query.isError ? undefined : query.data;
  const loading = query.isFetching;
  const error = query.isError ? messageOf(query.error, 'The orders could not be loaded.') : null;
  const exporting = useMutation({
    mutationFn: () => ordersApi.exportXlsx(tab, applied),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });

  const go = (nextTab: OrderTabKey, filters: OrderFilters, nextPage = 1) => {
    const next = new URLSearchParams();
    if (nextTab !== 'all') next.set('tab', nextTab);
    for (const [k, v] of Object.entries(filters)) if (v.trim()) next.set(k, v.trim());
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  const [formError, setFormError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = (v: string) => (v.trim() === '' ? null : Number(v));
    const min = amount(form.minAmount);
    const max = amount(form.maxAmount);
    const problem =
      (min !== null && Number.isNaN(min)) || (max !== null && Number.isNaN(max))
        ? 'Totals are amounts in dollars, like 12.50.'
        : min !== null && max !== null && min > max
          ? '"Total from" is more than "Total to".'
          : form.from && form.to && form.from > form.to
            ? '"Placed from" is after "Placed to".'
            : null;
    setFormError(problem);
    if (!problem) go(tab, form);
  };
  const clear = () => {
    setForm(NO_FILTERS);
    go(tab, NO_FILTERS);
  };
  const set = (k: keyof OrderFilters) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 id="orders-title" className="text-xl font-semibold text-ink">
          Orders
        </h1>
        <button
          type="button"
          className={buttonClass}
          onClick={() => exporting.mutate()}
          disabled={exporting.isPending}
        >
          {exporting.isPending ? 'Exporting…' : 'Export to Excel (.xlsx)'}
        </button>
      </div>
      {exporting.isError && (
        <p role="alert" className="text-sm text-accent">
          {messageOf(exporting.error, 'The export could not be made.')}
        </p>
      )}

      <div role="tablist" aria-label="Order status" className="flex flex-wrap gap-1 border-b border-line">
        {ORDER_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            data-tab={t.key}
            className={`-mb-px rounded-t-lg border px-3 py-2 text-sm ${t.key === tab ? 'border-line border-b-white bg-white font-semibold text-brand' : 'border-transparent text-muted hover:text-ink'}`}
            onClick={() => go(t.key, applied)}
          >
            {t.label}
            <span className="ml-1.5 rounded-full bg-gray-100 px-2 py-0.5 text-xs tabular-nums text-ink">
              {data ? countText(data.counts[t.key], data.caps[t.key]) : '…'}
            </span>
          </button>
        ))}
      </div>

      <OrderFilterForm form={form} set={set} suppliers={suppliers} onSubmit={submit} onClear={clear} />

      {(formError || error) && (
        <p role="alert" className="text-sm text-accent">
          {formError ?? error}
        </p>
      )}

      <div aria-busy={loading} className={loading && data ? 'opacity-60' : ''}>
        {loading && !data ? (
          <p className="py-8 text-center text-sm text-muted">Loading orders…</p>
        ) : data && data.records.length === 0 && !error ? (
          <p className="py-8 text-center text-sm text-muted">
            No orders match. Try another tab or fewer filters.
          </p>
        ) : data ? (
          <table className="w-full border-collapse text-left text-sm [&_td]:px-2 [&_th]:px-2">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2">
                  Order number
                </th>
                <th scope="col">Placed</th>
                <th scope="col">Member</th>
                <th scope="col">Suppliers</th>
                <th scope="col" className="text-right">
                  Items
                </th>
                <th scope="col" className="text-right">
                  Total
                </th>
                <th scope="col" className="pl-4">
                  Status
                </th>
                <th scope="col">Shipping</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((o) => (
                <tr key={o.id} className="border-b border-line align-top" data-order-no={o.orderNo}>
                  <td className="py-2">
                    <button
                      type="button"
                      className="font-medium text-brand underline-offset-2 hover:underline"
                      onClick={() => {
                        const next = new URLSearchParams(params);
                        next.set('order', o.orderNo);
                        setParams(next);
                      }}
                    >
                      {o.orderNo}
                    </button>
                  </td>
                  <td className="whitespace-nowrap">{when(o.createdAt)}</td>
                  <td>
                    <div>{o.member.name}</div>
                    <div className="text-xs text-muted">{o.member.email}</div>
                  </td>
                  <td className="max-w-48 truncate" title={o.suppliers}>
                    {o.kind === 'club' ? (o.title ?? 'Club membership') : o.suppliers}
                  </td>
                  <td className="text-right tabular-nums">{o.itemCount}</td>
                  <td className="text-right tabular-nums">{money(o.totalCents)}</td>
                  <td className="pl-4">
                    {STATUS_WORDS[o.status]}
                    <div className="text-xs text-muted">{PAY_WORDS[o.payStatus]}</div>
                  </td>
                  <td className="text-xs">
                    {o.carrier || o.trackingNo ? `${o.carrier ?? ''} ${o.trackingNo ?? ''}`.trim() : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>

      {data && data.total > 0 && (
        <div className="flex flex-col items-center gap-1">
          <Pager
            pageNum={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            label="Orders pages"
            className="mt-2"
            onPage={(p) => go(tab, applied, p)}
          />
          {data.capped && (
            <p className="text-xs text-muted">
              More than {data.caps[tab].toLocaleString('en-NZ')} orders match: the newest are listed. Narrow
              the filters to reach older ones, or export them all.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
