import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { AdminPager } from '../AdminPager.tsx';
import { messageOf } from '../admin-api.ts';
import {
  catalogueApi,
  catalogueKeys,
  fieldErrorsOf,
  type SkuStock,
  STOCK_HISTORY_PAGE_SIZE,
} from './catalogue-api.ts';
import { primaryClass, selectClass } from './styles.ts';

/** Stock: find a SKU by code, see its units per organisation, set or adjust them with a reason, read its history. */
export function StockPanel() {
  const [code, setCode] = useState('');
  /** The code last looked up: the SKU shown is read (and kept fresh) under it. */
  const [sought, setSought] = useState<string | null>(null);
  const [typingError, setTypingError] = useState<string | null>(null);
  const sku = useQuery({
    queryKey: catalogueKeys.skuStock(sought ?? ''),
    queryFn: () => catalogueApi.stock(sought!),
    enabled: sought !== null,
  });

  const find = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setTypingError('Enter a SKU code, e.g. KM-000123.');
      return;
    }
    setTypingError(null);
    if (sought === code.trim()) void sku.refetch();
    else setSought(code.trim());
  };
  const findError =
    typingError ??
    (sku.isError && !sku.isFetching ? messageOf(sku.error, 'The SKU could not be found.') : null);

  return (
    <section aria-labelledby="stock-title" className="flex max-w-4xl flex-col gap-5">
      <h1 id="stock-title" className="text-xl font-semibold text-ink">
        Stock
      </h1>
      <form onSubmit={find} noValidate className="flex items-end gap-3">
        <TextField
          label="SKU code"
          name="code"
          value={code}
          maxLength={40}
          onChange={(e) => setCode(e.target.value)}
          error={findError ?? undefined}
          placeholder="KM-000123"
          className="w-72"
        />
        <button type="submit" className={`${primaryClass} mb-0.5`} disabled={sku.isFetching}>
          {sku.isFetching ? 'Finding…' : 'Find'}
        </button>
      </form>
      {sku.data && !sku.isError && !typingError && <SkuStockView key={sku.data.skuId} sku={sku.data} />}
    </section>
  );
}

function SkuStockView({ sku }: { sku: SkuStock }) {
  const queryClient = useQueryClient();
  const [orgId, setOrgId] = useState(String(sku.stock[0]?.orgId ?? ''));
  const [mode, setMode] = useState<'set' | 'adjust'>('adjust');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [page, setPage] = useState(1);
  const historyQuery = useQuery({
    queryKey: catalogueKeys.stockHistoryPage(sku.skuId, page),
    queryFn: () => catalogueApi.stockHistory(sku.skuId, page),
    placeholderData: keepPreviousData,
  });
  const history = historyQuery.data ?? null;
  const historyError = historyQuery.isError
    ? messageOf(historyQuery.error, 'The history could not be loaded.')
    : null;

  const change = useMutation({
    mutationFn: catalogueApi.changeStock,
    onSuccess: (r) => {
      setMessage({ text: `Stock changed from ${r.before} to ${r.after}.`, ok: true });
      setUnits('');
      setReason('');
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.stock });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.stockHistory });
    },
    onError: (err) => {
      const named = fieldErrorsOf(err);
      if (Object.keys(named).length) setErrors(named);
      setMessage({ text: messageOf(err, 'The stock could not be changed.'), ok: false });
    },
  });

  const save = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const n = Number(units);
    const found: Record<string, string> = {};
    if (!units.trim() || !Number.isInteger(n)) found.units = 'Enter a whole number of units.';
    else if (mode === 'set' && n < 0) found.units = 'Stock cannot be set below 0.';
    if (reason.trim().length < 3) found.reason = 'Say why, in a few words.';
    if (!orgId) found.orgId = 'Choose where the stock is.';
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate({ skuId: sku.skuId, orgId: Number(orgId), mode, units: n, reason: reason.trim() });
  };

  const pages = history ? Math.max(1, Math.ceil(history.total / STOCK_HISTORY_PAGE_SIZE)) : 1;
  return (
    <>
      <div className="rounded-xl border border-line bg-white p-6">
        <h2 className="text-lg font-semibold text-ink">
          {sku.goodsName} {sku.label && <span className="font-normal text-muted">· {sku.label}</span>}
        </h2>
        <p className="text-sm text-muted">SKU {sku.code}</p>
        <table className="mt-4 w-full max-w-md border-collapse text-left text-sm">
          <caption className="sr-only">Units of {sku.code} at each organisation</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2">
                Organisation
              </th>
              <th scope="col" className="text-right">
                Units
              </th>
            </tr>
          </thead>
          <tbody>
            {sku.stock.map((s) => (
              <tr key={s.orgId} className="border-b border-line">
                <td className="py-2">{s.orgName}</td>
                <td className="text-right tabular-nums">{s.units}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form
        onSubmit={save}
        noValidate
        className="flex flex-col gap-4 rounded-xl border border-line bg-white p-6"
      >
        <h2 className="text-lg font-semibold text-ink">Change the stock</h2>
        {message && (
          <p
            role={message.ok ? 'status' : 'alert'}
            className={`text-sm ${message.ok ? 'text-green-800' : 'text-accent'}`}
          >
            {message.text}
          </p>
        )}
        <label className="flex w-fit flex-col gap-1.5 text-sm font-medium text-ink">
          Organisation
          <select className={selectClass} value={orgId} onChange={(e) => setOrgId(e.target.value)}>
            {sku.stock.map((s) => (
              <option key={s.orgId} value={s.orgId}>
                {s.orgName} ({s.units} now)
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex gap-6 text-sm">
          <legend className="mb-1.5 text-sm font-medium text-ink">How</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'adjust'} onChange={() => setMode('adjust')} />
            Add or take away units
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'set'} onChange={() => setMode('set')} />
            Set the units there are
          </label>
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={mode === 'set' ? 'Units there are now' : 'Units to add (negative to take away)'}
            name="units"
            inputMode="numeric"
            value={units}
            onChange={(e) => setUnits(e.target.value)}
            error={errors.units}
          />
          <TextField
            label="Reason"
            name="reason"
            value={reason}
            maxLength={200}
            hint="e.g. stocktake, delivery from supplier, damaged"
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
        </div>
        <button type="submit" className={`${primaryClass} w-fit`} disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save the change'}
        </button>
      </form>

      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-ink">Stock history</h2>
        {historyError && (
          <p role="alert" className="text-sm text-accent">
            {historyError}
          </p>
        )}
        {history && history.records.length === 0 && <p className="text-sm text-muted">No changes yet.</p>}
        {history && history.records.length > 0 && (
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Stock changes of {sku.code}, newest first</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="p-2">
                  Time
                </th>
                <th scope="col">Operator</th>
                <th scope="col">Organisation</th>
                <th scope="col" className="text-right">
                  Before
                </th>
                <th scope="col" className="text-right">
                  After
                </th>
                <th scope="col" className="pl-4">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {history.records.map((h) => (
                <tr key={h.id} className="border-b border-line" data-history-row={h.id}>
                  <td className="p-2 whitespace-nowrap">{new Date(h.at).toLocaleString('en-NZ')}</td>
                  <td>{h.operatorName}</td>
                  <td>{h.orgName}</td>
                  <td className="text-right tabular-nums">{h.before}</td>
                  <td className="text-right tabular-nums">{h.after}</td>
                  <td className="pl-4">{h.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {history && history.total > STOCK_HISTORY_PAGE_SIZE && (
          <AdminPager label="Stock history pages" page={page} onPage={setPage} canNext={page < pages}>
            Page {page} of {pages}
          </AdminPager>
        )}
      </div>
    </>
  );
}
