import { DICT } from '@mall/shared/codes';
import { SHOWROOM_HOURS } from '@mall/shared/constants';
import type { Organisation } from '@mall/shared/contract/reference';
import { codeLabel } from '@mall/shared/dictionary';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDictionaries, useOrganisations } from '../../api/use-reference.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { AlertIcon, ClockIcon, PhoneIcon, PinIcon, StoreIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { WHOLESALE_TERMS_PATH } from '../../lib/routes.ts';

const ISLANDS: Record<string, string> = { north: 'North Island', south: 'South Island' };

/** The showroom's fixed facts (docs/routes.md: the terms pages): open 9:00-17:00 daily, no pickup. */
export function ShowroomCard() {
  const { data } = useOrganisations();
  const showroom = data?.find((org) => /showroom/i.test(org.openHours));
  return (
    <section
      aria-labelledby="showroom-title"
      className="flex items-center gap-6 rounded-xl bg-gradient-to-r from-brand to-[#17563a] px-8 py-6 text-white"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/15">
        <StoreIcon size={28} />
      </span>
      <div className="flex-1">
        <h2 id="showroom-title" className="text-lg font-semibold">
          Our showroom
        </h2>
        <p className="mt-0.5 text-sm text-white/80">
          {showroom ? `${showroom.address}. ` : ''}Open {SHOWROOM_HOURS} daily. Samples on display; there is
          no pickup, every order is delivered.
        </p>
      </div>
      <Link
        to={WHOLESALE_TERMS_PATH}
        className="rounded-md border border-white/40 px-4 py-2 text-sm font-medium transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Wholesale terms
      </Link>
    </section>
  );
}

export interface OrganisationCardProps {
  org: Organisation;
  region: string | null;
  highlighted?: boolean;
  action?: ReactNode;
}

export function OrganisationCard({ org, region, highlighted = false, action }: OrganisationCardProps) {
  return (
    <article
      aria-labelledby={`org-${org.id}`}
      className={`card flex flex-col p-6 transition ${highlighted ? 'border-brand ring-2 ring-brand/20' : 'hover:border-brand/30 hover:shadow-md'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`org-${org.id}`} className="text-base font-semibold text-navy">
          {org.name}
        </h3>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${org.kind === 'store' ? 'bg-brand-soft text-brand' : 'bg-sand text-navy'}`}
        >
          {org.kind === 'store' ? 'Store' : 'Warehouse'}
        </span>
      </div>
      {region ? <p className="mt-0.5 text-xs text-muted">{region}</p> : null}
      <dl className="mt-4 flex flex-1 flex-col gap-2.5 text-sm">
        <div className="flex gap-2.5">
          <dt className="shrink-0 pt-0.5 text-brand">
            <PinIcon size={16} />
            <span className="sr-only">Address</span>
          </dt>
          <dd className="text-ink">{org.address}</dd>
        </div>
        <div className="flex gap-2.5">
          <dt className="shrink-0 pt-0.5 text-brand">
            <PhoneIcon size={16} />
            <span className="sr-only">Phone</span>
          </dt>
          <dd>
            <a href={`tel:${org.phone.replace(/[^\d+]/g, '')}`} className="link">
              {org.phone}
            </a>
          </dd>
        </div>
        <div className="flex gap-2.5">
          <dt className="shrink-0 pt-0.5 text-brand">
            <ClockIcon size={16} />
            <span className="sr-only">Opening hours</span>
          </dt>
          <dd className="text-ink">{org.openHours}</dd>
        </div>
      </dl>
      {action ? <div className="mt-5">{action}</div> : null}
    </article>
  );
}

/** The organisations grouped by island, each card with an optional action. */
export function OrganisationList({
  highlightId,
  action,
}: {
  highlightId?: number | null;
  action?: (org: Organisation) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = useOrganisations();
  const { data: dicts } = useDictionaries();
  const orgs = data ?? [];

  if (isPending && !data) {
    return (
      <div className="grid grid-cols-3 gap-6" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-52 rounded-xl" />
        ))}
      </div>
    );
  }
  if (orgs.length === 0) {
    return (
      <div className="card">
        <EmptyState
          icon={isError ? <AlertIcon size={28} /> : <StoreIcon size={28} />}
          title={isError ? 'Our locations could not be loaded' : 'No locations to show yet'}
          description={
            isError ? 'Please check your connection and try again.' : 'Our stores will be listed here.'
          }
          action={
            isError ? (
              <button type="button" className="btn-primary" onClick={() => void refetch()}>
                Try again
              </button>
            ) : undefined
          }
        />
      </div>
    );
  }

  const regions = dicts?.find((d) => d.code === DICT.nzRegion);
  const regionOf = (org: Organisation) => {
    const item = regions?.children.find((c) => c.code === org.region);
    return {
      name: item ? codeLabel(dicts ?? [], DICT.nzRegion, org.region).label : null,
      island: item?.group ? (ISLANDS[item.group] ?? null) : null,
    };
  };
  const byIsland = new Map<string, Organisation[]>();
  for (const org of orgs) {
    const island = regionOf(org).island ?? '';
    byIsland.set(island, [...(byIsland.get(island) ?? []), org]);
  }
  const order = ['North Island', 'South Island', ''];
  const groups = [...byIsland.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));

  return (
    <div className="flex flex-col gap-8">
      {groups.map(([island, list]) => (
        <section key={island || 'all'} aria-label={island || 'Locations'}>
          {island && groups.length > 1 ? (
            <h2 className="mb-3 text-lg font-semibold text-navy">{island}</h2>
          ) : null}
          <div className="grid grid-cols-3 gap-6">
            {list.map((org) => (
              <OrganisationCard
                key={org.id}
                org={org}
                region={regionOf(org).name}
                highlighted={org.id === highlightId}
                action={action?.(org)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
