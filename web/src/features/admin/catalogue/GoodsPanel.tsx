import { formatPrice } from '@mall/shared/money-format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AdminPager } from '../AdminPager.tsx';
import { messageOf } from '../admin-api.ts';
import {
  catalogueApi,
  catalogueKeys,
  GOODS_PAGE_SIZE,
  type GoodsChoices,
  type GoodsFilter,
} from './catalogue-api.ts';
import { GoodEditor } from './GoodEditor.tsx';
import { buttonClass, primaryClass, selectClass } from './styles.ts';

const START: GoodsFilter = { q: '', categoryId: '', supplierId: '', published: '', pageNum: 1 };
/** What the forms offer when the choices could not be read: nothing to choose. */
const NO_CHOICES: GoodsChoices = { categories: [], suppliers: [], organisations: [] };

/** Goods: search, filters and pages; a good opens in the editor, and "Add a good" opens an empty one. */
export function GoodsPanel() {
  const [filter, setFilter] = useState<GoodsFilter>(START);
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const choicesQuery = useQuery({ queryKey: catalogueKeys.choices, queryFn: catalogueApi.choices });
  const choices = choicesQuery.data ?? (choicesQuery.isError ? NO_CHOICES : null);
  const goods = useQuery({
    queryKey: catalogueKeys.goodsList(filter),
    queryFn: ({ signal }) => catalogueApi.goods(filter, signal),
    placeholderData: keepPreviousData,
    enabled: editing === null,
  });
  const data = goods.data ?? null;
  const loading = goods.isPending || goods.isPlaceholderData;
  const error =
    goods.isError && !goods.isFetching ? messageOf(goods.error, 'The goods could not be loaded.') : null;

  // The search box applies once typing pauses.
  useEffect(() => {
    const t = setTimeout(() => setFilter((f) => (f.q === typed ? f : { ...f, q: typed, pageNum: 1 })), 250);
    return () => clearTimeout(t);
  }, [typed]);

  if (editing !== null && choices)
    return (
      <GoodEditor
        id={editing === 'new' ? null : editing}
        choices={choices}
        onClose={() => setEditing(null)}
        onSaved={(id) => setEditing(id)}
      />
    );

  const set = (change: Partial<GoodsFilter>) => setFilter((f) => ({ ...f, ...change, pageNum: 1 }));
  const pages = data ? Math.max(1, Math.ceil(data.total / GOODS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="goods-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 id="goods-title" className="text-xl font-semibold text-ink">
          Goods
        </h1>
        <button type="button" className={primaryClass} onClick={() => setEditing('new')} disabled={!choices}>
          Add a good
        </button>
      </div>
      <search className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Search goods
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name or SKU code"
            maxLength={100}
            className={`${selectClass} w-72`}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Category
          <select
            className={`${selectClass} max-w-72`}
            value={filter.categoryId}
            onChange={(e) => set({ categoryId: e.target.value })}
          >
            <option value="">Every category</option>
            {choices?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.path}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Supplier
          <select
            className={selectClass}
            value={filter.supplierId}
            onChange={(e) => set({ supplierId: e.target.value })}
          >
            <option value="">Every supplier</option>
            {choices?.suppliers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Shown in the shop
          <select
            className={selectClass}
            value={filter.published}
            onChange={(e) => set({ published: e.target.value as GoodsFilter['published'] })}
          >
            <option value="">Published or not</option>
            <option value="true">Published</option>
            <option value="false">Not published</option>
          </select>
        </label>
      </search>
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}{' '}
          <button type="button" className="underline" onClick={() => void goods.refetch()}>
            Try again
          </button>
        </p>
      )}
      <p aria-live="polite" className="text-sm text-muted">
        {loading
          ? 'Loading goods…'
          : data
            ? `${data.total.toLocaleString('en-NZ')}${data.totalCapped ? '+' : ''} goods`
            : ''}
      </p>
      <table className="w-full border-collapse bg-white text-left text-sm" aria-busy={loading}>
        <caption className="sr-only">Goods, newest first</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="p-2">
              Good
            </th>
            <th scope="col">Category</th>
            <th scope="col">Supplier</th>
            <th scope="col">SKUs</th>
            <th scope="col">From</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.records.map((g) => (
            <tr key={g.id} className="border-b border-line" data-goods-id={g.id}>
              <td className="p-2">
                <div className="flex items-center gap-3">
                  {g.thumbUrl ? (
                    <img
                      src={g.thumbUrl}
                      alt=""
                      className="h-10 w-10 rounded border border-line object-cover"
                    />
                  ) : (
                    <span className="h-10 w-10 rounded border border-dashed border-line" />
                  )}
                  <span>
                    <span className="font-medium text-ink">{g.name}</span>
                    {g.brand && <span className="block text-xs text-muted">{g.brand}</span>}
                  </span>
                </div>
              </td>
              <td>{g.categoryName}</td>
              <td>{g.supplierName}</td>
              <td>{g.skuCount}</td>
              <td>{formatPrice(g.retailCents / 100)}</td>
              <td>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${g.published ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700'}`}
                >
                  {g.published ? 'Published' : 'Not published'}
                </span>
              </td>
              <td className="pr-2 text-right">
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => setEditing(g.id)}
                  aria-label={`Edit ${g.name}`}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && data && data.records.length === 0 && (
        <p className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted">
          No goods match. Try other words or fewer filters.
        </p>
      )}
      <AdminPager
        label="Goods pages"
        page={filter.pageNum}
        onPage={(pageNum) => setFilter((f) => ({ ...f, pageNum }))}
        canPrevious={filter.pageNum > 1 && !loading}
        canNext={
          !loading &&
          data !== null &&
          (filter.pageNum < pages || data.totalCapped) &&
          data.records.length >= GOODS_PAGE_SIZE
        }
      >
        Page {filter.pageNum} of {pages}
        {data?.totalCapped ? '+' : ''}
      </AdminPager>
    </section>
  );
}
