import type { CartMergeResult } from '@mall/shared/contract/cart';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ROWS_MAX,
  type ImportCheck,
  type ImportRow,
  UPLOAD_FAILED,
} from '@mall/shared/contract/order-import';
import { formatCount } from '@mall/shared/money-format';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UploadProgress as Progress } from '../../api/client.ts';
import { errorMessage } from '../../api/server-errors.ts';
import { CART_PATH } from '../../lib/routes.ts';
import { useCart } from '../../state/cart/use-cart.ts';
import { ImportTable } from './ImportTable.tsx';
import { downloadProblemRows, downloadTemplate, uploadSheet } from './import-api.ts';
import { UploadProgress } from './UploadProgress.tsx';

type Phase =
  | { kind: 'choose'; error: string | null }
  | { kind: 'uploading'; fileName: string; progress: Progress; checking: boolean }
  | { kind: 'preview'; check: ImportCheck };

interface Added {
  added: number;
  problems: CartMergeResult['problems'];
}

/**
 * Order import (docs/order-import.md): download the template, upload a filled sheet with a
 * progress bar, see every row checked, download the problem rows, add the matched rows to the
 * cart in one click.
 */
export function OrderImport() {
  const [phase, setPhase] = useState<Phase>({ kind: 'choose', error: null });
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    setPhase({
      kind: 'uploading',
      fileName: file.name,
      progress: { loaded: 0, total: file.size },
      checking: false,
    });
    try {
      const check = await uploadSheet(
        file,
        (progress) => setPhase((p) => (p.kind === 'uploading' ? { ...p, progress } : p)),
        () => setPhase((p) => (p.kind === 'uploading' ? { ...p, checking: true } : p)),
      );
      setPhase({ kind: 'preview', check });
    } catch (err) {
      setPhase({ kind: 'choose', error: errorMessage(err) || UPLOAD_FAILED });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <section className="card flex flex-col gap-4 px-6 py-5" aria-labelledby="import-steps">
        <h2 id="import-steps" className="text-base font-semibold text-navy">
          Reorder from a spreadsheet
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
          <li>
            Download the template and list one SKU code and count per row (the code is on each goods page and
            in your cart).
          </li>
          <li>
            Upload it as .xlsx or .csv: at most {formatCount(IMPORT_ROWS_MAX)} rows and{' '}
            {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Every row is checked with your prices and stock.
          </li>
          <li>
            Add the matched rows to your cart in one click; download the rows with problems to fix them.
          </li>
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void downloadTemplate().catch(() => {})}
          >
            Download template
          </button>
          <label
            className={`btn-primary cursor-pointer ${phase.kind === 'uploading' ? 'pointer-events-none opacity-60' : ''}`}
          >
            Upload sheet
            <input
              ref={input}
              type="file"
              className="sr-only"
              aria-label="Upload sheet"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              disabled={phase.kind === 'uploading'}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
        </div>
        {phase.kind === 'uploading' ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm text-ink">{phase.fileName}</p>
            <UploadProgress progress={phase.progress} checking={phase.checking} />
          </div>
        ) : null}
        {phase.kind === 'choose' && phase.error ? (
          <p
            role="alert"
            className="rounded-md border border-accent/30 bg-accent/5 px-4 py-3 text-sm text-accent"
          >
            {phase.error}
          </p>
        ) : null}
      </section>
      {phase.kind === 'preview' ? (
        <ImportPreview key={phase.check.fileName + phase.check.rows.length} check={phase.check} />
      ) : null}
    </div>
  );
}

function ImportPreview({ check }: { check: ImportCheck }) {
  const cart = useCart();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const problemRows = useMemo(() => check.rows.filter((r) => r.status === 'problem'), [check]);
  const matched = useMemo(
    () => check.rows.filter((r) => r.status === 'ok' && r.sku && r.count !== null),
    [check],
  );
  const shown = onlyProblems ? problemRows : check.rows;
  const { summary } = check;

  const addToCart = async () => {
    setAdding(true);
    setFailure(null);
    try {
      setAdded(
        await cart.addMany(
          matched.map((r: ImportRow) => {
            const sku = r.sku!;
            const { code, ...line } = sku;
            return { line: { ...line, skuCode: code }, count: r.count! };
          }),
        ),
      );
    } catch (err) {
      setFailure(errorMessage(err) || 'The items could not be added to your cart. Please try again.');
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="card flex flex-col gap-4 px-6 py-5" aria-labelledby="import-preview">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="import-preview" className="text-base font-semibold text-navy">
          {check.fileName}
        </h2>
        <p className="text-sm text-muted" data-import-summary="">
          <span className="font-semibold text-ink">{formatCount(summary.rows)}</span> rows ·{' '}
          <span className="font-semibold text-brand">{formatCount(summary.matched)} matched</span> ·{' '}
          <span className="font-semibold text-accent">{formatCount(summary.problems)} with problems</span>
          {summary.merged > 0 ? ` · ${formatCount(summary.merged)} merged into an earlier row` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={onlyProblems}
            onChange={(e) => setOnlyProblems(e.target.checked)}
            disabled={problemRows.length === 0}
          />
          Show only rows with problems
        </label>
        <button
          type="button"
          className="btn-secondary h-9"
          disabled={problemRows.length === 0}
          onClick={() => void downloadProblemRows(problemRows).catch(() => {})}
        >
          Download problem rows
        </button>
        <button
          type="button"
          className="btn-primary ml-auto h-9"
          disabled={matched.length === 0 || adding || added !== null}
          onClick={() => void addToCart()}
        >
          {adding ? 'Adding...' : `Add ${formatCount(matched.length)} matched rows to cart`}
        </button>
      </div>
      {added ? <AddedReport added={added} /> : null}
      {failure ? (
        <p role="alert" className="text-sm text-accent">
          {failure}
        </p>
      ) : null}
      <ImportTable rows={shown} />
    </section>
  );
}

function AddedReport({ added }: { added: Added }) {
  return (
    <div role="status" className="rounded-md border border-brand/30 bg-brand-soft/30 px-4 py-3 text-sm">
      <p className="font-medium text-ink">
        {formatCount(added.added)} {added.added === 1 ? 'line' : 'lines'} added to your cart.{' '}
        <Link to={CART_PATH} className="link text-brand">
          Go to the shopping cart
        </Link>
      </p>
      {added.problems.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-accent">
          {added.problems.map((p) => (
            <li key={p.skuId}>
              {p.name || `SKU ${p.skuId}`}:{' '}
              {p.added > 0 ? `${p.added} of ${p.requested} added. ` : 'not added. '}
              {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
