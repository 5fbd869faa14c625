import type { ImportRow } from '@mall/shared/contract/order-import';
import { formatPrice } from '@mall/shared/money-format';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { SafeImage } from '../../components/SafeImage.tsx';

const ROW_HEIGHT = 64;
const COLUMNS =
  'grid grid-cols-[56px_minmax(0,1.1fr)_minmax(0,2fr)_90px_90px_minmax(0,2fr)] items-center gap-3';

/**
 * The checked rows, virtualised (only the rows in view are in the page), so 10,000 rows scroll
 * as smoothly as ten. Each row: its sheet row, code, the SKU matched (picture, name, price for
 * this shopper, stock, limit, supplier), the count, and the reasons of a row with a problem.
 */
export function ImportTable({ rows }: { rows: readonly ImportRow[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // jsdom (tests) measures nothing: show the first screenful there too.
    initialRect: { width: 1000, height: 480 },
  });
  return (
    <section
      className="overflow-x-auto rounded-md border border-line"
      aria-label="Rows of your sheet"
      data-import-table=""
    >
      <div className="min-w-[760px]">
        <div
          className={`${COLUMNS} border-b border-line bg-gray-50 px-4 py-2 text-xs font-semibold text-muted uppercase`}
        >
          <span>Row</span>
          <span>SKU code</span>
          <span>Item</span>
          <span>Price</span>
          <span>Count</span>
          <span>Check</span>
        </div>
        <div ref={scroller} className="max-h-[480px] overflow-y-auto" data-import-rows="">
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              return (
                <div
                  key={row.row}
                  data-status={row.status}
                  className={`${COLUMNS} absolute inset-x-0 border-b border-line px-4 text-sm ${row.status === 'problem' ? 'bg-accent/5' : ''}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
                >
                  <span className="tabular-nums text-muted">{row.row}</span>
                  <span className="truncate font-mono text-xs" title={row.code}>
                    {row.code || '—'}
                  </span>
                  <span className="flex min-w-0 items-center gap-2">
                    {row.sku ? (
                      <>
                        <span className="block size-10 shrink-0 overflow-hidden rounded">
                          <SafeImage
                            src={row.sku.thumbUrl}
                            alt=""
                            width={40}
                            height={40}
                            className="size-10 object-cover"
                          />
                        </span>
                        <span className="min-w-0">
                          <span className="block truncate text-ink">{row.sku.name}</span>
                          <span className="block truncate text-xs text-muted">
                            {[
                              row.sku.skuLabel,
                              row.sku.supplierName,
                              `stock ${row.sku.stock}`,
                              row.sku.maxCount === null ? '' : `limit ${row.sku.maxCount}`,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </span>
                      </>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </span>
                  <span className="tabular-nums">{row.sku ? formatPrice(row.sku.price) : ''}</span>
                  <span className="tabular-nums">
                    {row.count ?? <span className="text-accent">{row.countText || '(empty)'}</span>}
                  </span>
                  <span className="max-h-[56px] min-w-0 overflow-hidden text-xs">
                    {row.status === 'ok' ? <span className="font-medium text-brand">OK</span> : null}
                    {row.status === 'problem' ? (
                      <span className="line-clamp-2 text-accent" title={row.reasons.join(' ')}>
                        {row.reasons.join(' ')}
                      </span>
                    ) : null}
                    {row.notice ? (
                      <span className="line-clamp-1 block text-muted" title={row.notice}>
                        {row.notice}
                      </span>
                    ) : null}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
