import type { IntroduceIcon } from '@mall/shared/contract/content';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useServiceHighlights } from '../../api/use-content.ts';
import {
  HeadsetIcon,
  ReturnIcon,
  ShieldIcon,
  StoreIcon,
  TagIcon,
  TruckIcon,
} from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { servicePageUrl } from '../../lib/routes.ts';

const ICONS: Record<IntroduceIcon, ComponentType<{ size?: number }>> = {
  truck: TruckIcon,
  shield: ShieldIcon,
  return: ReturnIcon,
  headset: HeadsetIcon,
  tag: TagIcon,
  store: StoreIcon,
};
const iconFor = (key: string) => ICONS[key as IntroduceIcon] ?? ShieldIcon;

/** Promises the shop keeps when the highlights cannot be loaded, so the band is never empty. */
const FALLBACK = [
  { icon: 'truck', title: 'Nationwide delivery', summary: 'From Kaitaia to Bluff' },
  { icon: 'shield', title: 'Secure checkout', summary: 'Your payment is protected' },
  { icon: 'return', title: 'Easy returns', summary: 'Change of mind is fine' },
  { icon: 'headset', title: 'Local support', summary: 'NZ team, NZ hours' },
] as const;

/** The footer's service highlights (docs/routes.md: footer); each goes to its service page. */
export function ServiceHighlights() {
  const { data, isPending } = useServiceHighlights();
  const items = data ?? [];
  const cell = 'flex items-center gap-3.5 rounded-lg px-4 py-3';
  const iconBox =
    'flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand shadow-sm ring-1 ring-brand/10';

  return (
    <section aria-label="Our service" className="border-t border-line bg-brand-soft/60">
      <div className="container-page py-6">
        {isPending && !data ? (
          <ul className="grid grid-cols-4 gap-4" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className={cell}>
                <Skeleton className="size-11 rounded-full bg-white" />
                <div className="flex flex-col gap-2">
                  <Skeleton className="h-3.5 w-28 bg-white" />
                  <Skeleton className="h-3 w-36 bg-white" />
                </div>
              </li>
            ))}
          </ul>
        ) : items.length > 0 ? (
          <ul
            className="grid gap-4"
            style={{ gridTemplateColumns: `repeat(${Math.min(items.length, 6)}, minmax(0, 1fr))` }}
          >
            {items.map((item) => {
              const Icon = iconFor(item.icon);
              return (
                <li key={item.id}>
                  <Link
                    to={servicePageUrl(item.id)}
                    className={`${cell} group focus-ring transition hover:bg-white/70`}
                  >
                    <span className={iconBox}>
                      <Icon size={22} />
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-semibold text-navy group-hover:text-brand">
                        {item.title}
                      </span>
                      <span className="mt-0.5 line-clamp-2 block text-xs leading-[18px] text-muted">
                        {item.summary}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <ul className="grid grid-cols-4 gap-4">
            {FALLBACK.map((item) => {
              const Icon = iconFor(item.icon);
              return (
                <li key={item.title} className={cell}>
                  <span className={iconBox}>
                    <Icon size={22} />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-navy">{item.title}</span>
                    <span className="mt-0.5 block text-xs text-muted">{item.summary}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
