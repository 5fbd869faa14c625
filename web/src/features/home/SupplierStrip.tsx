import type { Supplier } from '@mall/shared/contract/reference';
import { useSuppliers } from '../../api/use-reference.ts';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { isStoreMode } from '../../lib/app-config.ts';
import { supplierSearchUrl } from '../../lib/routes.ts';
import { chooseSupplier } from '../../state/suppliers.ts';
import { SectionHeading } from './BannerSections.tsx';

function Monogram({ supplier }: { supplier: Supplier }) {
  return (
    <span className="flex h-full w-full items-center gap-3 bg-white px-5">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white">
        {supplier.code.slice(0, 4).toUpperCase()}
      </span>
      <span className="line-clamp-2 text-left text-sm font-semibold text-navy">{supplier.name}</span>
    </span>
  );
}

/**
 * 'Shop by supplier' on the home page: each supplier's logo opens the search page for that
 * supplier (in supplier mode as a full reload, like the top bar).
 */
export function SupplierStrip({ storeMode = isStoreMode }: { storeMode?: boolean }) {
  const { data, isPending } = useSuppliers();
  const suppliers = (data ?? []).slice(0, 14);
  if (!isPending && suppliers.length === 0) return null;
  // One row for up to 7 suppliers, else rows of 7.
  const columns = Math.min(Math.max(suppliers.length, 5), 7);
  return (
    <section aria-labelledby="home-suppliers">
      <SectionHeading
        id="home-suppliers"
        title="Shop by supplier"
        note="Straight from the people who make and import them"
      />
      <ul className="grid gap-4" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {isPending && !data
          ? [0, 1, 2, 3, 4].map((i) => (
              <li key={i}>
                <Skeleton className="w-full rounded-xl" style={{ aspectRatio: '240 / 120' }} />
              </li>
            ))
          : suppliers.map((s) => (
              <li key={s.id}>
                <a
                  href={supplierSearchUrl(s.code)}
                  onClick={(e) => {
                    if (storeMode || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    chooseSupplier(s.code, supplierSearchUrl(s.code), { id: s.id, self: s.self });
                  }}
                  aria-label={`Shop ${s.name}`}
                  className="focus-ring block overflow-hidden rounded-xl border border-line bg-white transition hover:-translate-y-0.5 hover:border-brand/40 hover:shadow-md"
                >
                  <SafeImage
                    src={s.logoUrl}
                    alt={s.name}
                    width={240}
                    height={120}
                    background="bg-white"
                    className="object-contain"
                    fallback={<Monogram supplier={s} />}
                  />
                </a>
              </li>
            ))}
      </ul>
    </section>
  );
}
