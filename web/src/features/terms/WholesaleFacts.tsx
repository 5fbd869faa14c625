import { ClockIcon, StoreIcon, TagIcon, TruckIcon } from '../../components/icons.tsx';
import { WHOLESALE_FACTS } from './wholesale-facts.ts';

const ICONS = [ClockIcon, TruckIcon, TagIcon, StoreIcon];

/** The four wholesale facts as a row of tiles above the wholesale terms. */
export function WholesaleFacts() {
  return (
    <dl className="mb-8 grid grid-cols-4 gap-4">
      {WHOLESALE_FACTS.map((fact, i) => {
        const Icon = ICONS[i] ?? TagIcon;
        return (
          <div key={fact.label} className="rounded-lg border border-brand/15 bg-brand-soft/50 px-4 py-3.5">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
              <Icon size={15} className="text-brand" />
              {fact.label}
            </dt>
            <dd className="mt-1 text-[15px] font-semibold text-navy">{fact.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
