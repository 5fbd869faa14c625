import type { GoodsSearchResult } from '@mall/shared/contract/catalogue';
import { formatCount, formatPrice } from '@mall/shared/money-format';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckIcon, ChevronLeftIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { parsePrice, type SearchChanges, type SearchState } from './search-params.ts';

/** How many entries a facet shows before 'Show all'. */
const FACET_SHOWN = 8;

export function FacetSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-line px-4 py-4 last:border-b-0">
      <h2 id={id} className="mb-2.5 text-[13px] font-semibold tracking-wide text-navy uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface FacetEntry {
  key: string;
  name: string;
  count?: number;
  href: string;
  selected: boolean;
}

function FacetList({ entries, label }: { entries: FacetEntry[]; label: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, FACET_SHOWN);
  return (
    <>
      <ul aria-label={label} className="-mx-2 flex flex-col">
        {shown.map((e) => (
          <li key={e.key}>
            <Link
              to={e.href}
              aria-current={e.selected ? 'true' : undefined}
              className={`focus-ring flex items-center gap-2 rounded-md px-2 py-1.5 text-sm transition ${e.selected ? 'bg-brand-soft font-semibold text-brand' : 'text-ink/85 hover:bg-gray-50 hover:text-brand'}`}
            >
              <span
                aria-hidden="true"
                className={`flex size-4 shrink-0 items-center justify-center rounded border ${e.selected ? 'border-brand bg-brand text-white' : 'border-gray-300 bg-white'}`}
              >
                {e.selected ? <CheckIcon size={12} strokeWidth={3} /> : null}
              </span>
              <span className="min-w-0 flex-1 truncate">{e.name}</span>
              {e.count !== undefined ? (
                <span className="shrink-0 text-xs font-normal text-muted tabular-nums">
                  {formatCount(e.count)}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {entries.length > FACET_SHOWN ? (
        <button type="button" className="link mt-1.5 text-[13px]" onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${entries.length}`}
        </button>
      ) : null}
    </>
  );
}

/** One end of the price range: a dollar-prefixed amount field, marked invalid with the form's error. */
function PriceInput({
  label,
  placeholder,
  value,
  onChange,
  errorId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
}) {
  return (
    <label className="relative flex-1">
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-muted">
        $
      </span>
      <input
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="h-9 w-full min-w-0 rounded-md border border-line bg-white pr-2 pl-6 text-sm tabular-nums outline-none transition focus:border-brand focus:ring-2 focus:ring-brand/20"
      />
    </label>
  );
}

/** The price range inputs with Apply (amounts with at most two decimals; the bounds may be swapped). */
function PriceFilter({ state, hrefFor }: { state: SearchState; hrefFor: (c: SearchChanges) => string }) {
  const navigate = useNavigate();
  const id = useId();
  const [min, setMin] = useState(state.priceMin?.toString() ?? '');
  const [max, setMax] = useState(state.priceMax?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setMin(state.priceMin?.toString() ?? '');
    setMax(state.priceMax?.toString() ?? '');
    setError(null);
  }, [state.priceMin, state.priceMax]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const lo = min.trim() === '' ? null : parsePrice(min);
    const hi = max.trim() === '' ? null : parsePrice(max);
    if ((min.trim() !== '' && lo === null) || (max.trim() !== '' && hi === null)) {
      setError('Enter amounts like 25 or 19.99.');
      return;
    }
    const [a, b] = lo !== null && hi !== null && lo > hi ? [hi, lo] : [lo, hi];
    setError(null);
    navigate(hrefFor({ priceMin: a, priceMax: b }));
  };

  return (
    <form onSubmit={apply} noValidate aria-label="Price range">
      <div className="flex items-center gap-2">
        <PriceInput
          label="Minimum price"
          placeholder="Min"
          value={min}
          onChange={setMin}
          errorId={error ? `${id}-error` : undefined}
        />
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <PriceInput
          label="Maximum price"
          placeholder="Max"
          value={max}
          onChange={setMax}
          errorId={error ? `${id}-error` : undefined}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-accent">
          {error}
        </p>
      ) : null}
      <div className="mt-2.5 flex items-center gap-3">
        <button type="submit" className="btn-primary h-8 px-4 py-0 text-[13px]">
          Apply
        </button>
        {state.priceMin !== null || state.priceMax !== null ? (
          <Link to={hrefFor({ priceMin: null, priceMax: null })} className="link text-[13px]">
            Clear price
          </Link>
        ) : null}
      </div>
    </form>
  );
}

interface FacetPanelProps {
  state: SearchState;
  result: GoodsSearchResult | undefined;
  hrefFor: (changes: SearchChanges) => string;
  /** Name of the chosen category (for the 'back to all' line); the category page uses its tree instead. */
  categoryName?: string;
  showCategories?: boolean;
}

/** The filters beside the results: categories and suppliers with counts, and the price range. */
export function FacetPanel({ state, result, hrefFor, categoryName, showCategories = true }: FacetPanelProps) {
  const categories = result?.facets.categories ?? [];
  const suppliers = result?.facets.suppliers ?? [];
  const loading = result === undefined;
  return (
    <div className="card overflow-hidden">
      {showCategories ? (
        <FacetSection title="Category">
          {state.categoryId !== null ? (
            <div className="mb-2">
              <Link
                to={hrefFor({ categoryId: null })}
                className="link inline-flex items-center gap-1 text-[13px]"
              >
                <ChevronLeftIcon size={14} />
                All categories
              </Link>
              {categoryName ? (
                <p className="mt-1.5 truncate text-sm font-semibold text-navy">{categoryName}</p>
              ) : null}
            </div>
          ) : null}
          {loading ? (
            <FacetSkeleton rows={3} />
          ) : categories.length > 0 ? (
            <FacetList
              label="Categories"
              entries={categories.map((c) => ({
                key: String(c.id),
                name: c.name,
                count: c.count,
                href: hrefFor({ categoryId: c.id }),
                selected: c.id === state.categoryId,
              }))}
            />
          ) : (
            <p className="text-[13px] text-muted">
              {result.total === 0 ? 'No categories for this search.' : 'No narrower categories.'}
            </p>
          )}
        </FacetSection>
      ) : null}
      <FacetSection title="Supplier">
        {loading ? (
          <FacetSkeleton rows={4} />
        ) : (
          <FacetList
            label="Suppliers"
            entries={[
              {
                key: '*',
                name: 'All suppliers',
                href: hrefFor({ supplier: null }),
                selected: state.supplier === null,
              },
              ...suppliers.map((s) => ({
                key: s.code,
                name: s.name,
                count: s.count,
                href: hrefFor({ supplier: s.code === state.supplier ? null : s.code }),
                selected: s.code === state.supplier,
              })),
            ]}
          />
        )}
      </FacetSection>
      <FacetSection title="Price">
        <PriceFilter state={state} hrefFor={hrefFor} />
      </FacetSection>
    </div>
  );
}

/** Placeholder rows with the height of real facet entries (32 px), so little moves when they arrive. */
function FacetSkeleton({ rows }: { rows: number }) {
  return (
    <div className="flex flex-col" aria-hidden="true">
      {[80, 64, 72, 56, 68].slice(0, rows).map((w) => (
        <div key={w} className="flex h-8 items-center">
          <Skeleton className="h-3.5" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

/** The price range as a chip label: "$10.00 – $50.00", "From $10.00", "Up to $50.00". */
export const priceRangeLabel = (min: number | null, max: number | null) =>
  min !== null && max !== null
    ? `${formatPrice(min)} – ${formatPrice(max)}`
    : min !== null
      ? `From ${formatPrice(min)}`
      : max !== null
        ? `Up to ${formatPrice(max)}`
        : '';
