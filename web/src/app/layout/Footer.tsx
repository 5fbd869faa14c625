import { COMPANY } from '@mall/shared/company';
import { SHOWROOM_HOURS } from '@mall/shared/constants';
import type { IntroduceGroup } from '@mall/shared/contract/content';
import { Link } from 'react-router';
import { useIntroduceGroups, useMallSites, useSiteLinks } from '../../api/use-content.ts';
import { ExternalIcon } from '../../components/icons.tsx';
import { KauriMark } from '../../components/KauriLogo.tsx';
import { OnlineServiceLink } from '../../components/OnlineServiceLink.tsx';
import { SimulatedPaymentsNote } from '../../components/SimulatedPaymentsNote.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { AuthLink } from '../../features/account/AuthLink.tsx';
import { appConfig, isStoreMode } from '../../lib/app-config.ts';
import {
  type AuthTarget,
  COUPONS_PATH,
  OPEN_LOCATION_PATH,
  ORDER_LIST_PATH,
  ORDER_UPLOAD_PATH,
  REGISTER_WHOLESALE_PATH,
  SHIPPING_ADDRESS_PATH,
  STANDARD_TERMS_PATH,
  servicePageUrl,
  VIP_PATH,
  WHOLESALE_TERMS_PATH,
} from '../../lib/routes.ts';
import { FollowUsDialog } from './FollowUsDialog.tsx';
import { ServiceHighlights } from './ServiceHighlights.tsx';

const TERMS_LINKS = [
  { name: 'Terms & Conditions', to: STANDARD_TERMS_PATH },
  { name: 'Wholesale Terms', to: WHOLESALE_TERMS_PATH },
];

const footLink =
  'rounded-sm text-[13px] leading-6 text-white/70 transition hover:text-white hover:underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const heading = 'mb-3 text-sm font-semibold tracking-wide text-white';

/** Store mode: the customer-service shortcuts. */
const serviceLinks = (groups: readonly IntroduceGroup[]) => {
  const returnsPage = groups
    .flatMap((g) => g.children)
    .find((c) => c.icon === 'return' || /return/i.test(c.title));
  return [
    { name: 'Track my order', to: ORDER_LIST_PATH },
    {
      name: 'Returns & refunds',
      to: returnsPage ? servicePageUrl(returnsPage.id) : `${STANDARD_TERMS_PATH}#discounts`,
    },
    { name: 'Club membership', to: VIP_PATH },
    { name: 'My coupons', to: COUPONS_PATH },
    { name: 'Shipping addresses', to: SHIPPING_ADDRESS_PATH },
  ];
};

interface FooterLink {
  name: string;
  to: string;
  /** Opens login or register through the agreement dialog (docs/routes.md: agreement dialog) instead of `to`. */
  auth?: AuthTarget;
}

/** A footer column: a heading over a list of in-shop links. */
function LinkColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <div>
      <h2 className={heading}>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            {l.auth ? (
              <AuthLink target={l.auth} className={footLink}>
                {l.name}
              </AuthLink>
            ) : (
              <Link to={l.to} className={footLink}>
                {l.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const TRADE_LINKS: readonly FooterLink[] = [
  { name: 'Open a wholesale account', to: REGISTER_WHOLESALE_PATH, auth: 'register/windex' },
  { name: 'Import an order from a spreadsheet', to: ORDER_UPLOAD_PATH },
  { name: 'My orders and invoices', to: ORDER_LIST_PATH },
  { name: 'Visit our showroom', to: OPEN_LOCATION_PATH },
];

function SkeletonColumn() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <div className="h-3.5 w-24 animate-pulse rounded bg-white/15" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-3 w-32 animate-pulse rounded bg-white/10" />
      ))}
    </div>
  );
}

/** Store mode: the introduction groups as grouped help columns. */
function HelpColumns({ groups, pending }: { groups: readonly IntroduceGroup[]; pending: boolean }) {
  if (pending) {
    return (
      <>
        <SkeletonColumn />
        <SkeletonColumn />
        <SkeletonColumn />
      </>
    );
  }
  if (groups.length === 0) return <LinkColumn title="Help" links={TERMS_LINKS} />;
  return (
    <>
      {groups.slice(0, 6).map((group) => (
        <LinkColumn
          key={group.id}
          title={group.name}
          links={group.children.map((child) => ({ name: child.title, to: servicePageUrl(child.id) }))}
        />
      ))}
    </>
  );
}

/** Supplier mode: the introduction pages as one list of shop-introduction links. */
function IntroductionLinks({ groups, pending }: { groups: readonly IntroduceGroup[]; pending: boolean }) {
  const pages = groups.flatMap((g) => g.children);
  return (
    <div>
      <h2 className={heading}>About {appConfig.brand}</h2>
      {pending ? (
        <div className="grid grid-cols-2 gap-3" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="h-3 w-32 animate-pulse rounded bg-white/10" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-x-8">
          {pages.map((page) => (
            <li key={page.id}>
              <Link to={servicePageUrl(page.id)} className={footLink}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ContactColumn({ storeMode }: { storeMode: boolean }) {
  return (
    <div className="w-[220px] shrink-0">
      <h2 className={heading}>Talk to us</h2>
      <p className="text-[13px] leading-6 text-white/70">
        Freephone{' '}
        <a href={`tel:${COMPANY.phone.replaceAll(' ', '')}`} className={footLink}>
          {COMPANY.phone}
        </a>
        <br />
        Phone and chat {COMPANY.supportHours}
        <br />
        <a href={`mailto:${COMPANY.email}`} className={footLink}>
          {COMPANY.email}
        </a>
        <br />
        Showroom open {SHOWROOM_HOURS} daily
      </p>
      <div className="mt-4 flex flex-col items-stretch gap-2.5">
        <OnlineServiceLink className="inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-navy transition hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white" />
        {storeMode ? <FollowUsDialog /> : null}
      </div>
    </div>
  );
}

function SisterSites() {
  const { data } = useMallSites();
  const sites = data ?? [];
  if (sites.length === 0) return null;
  return (
    <section aria-labelledby="footer-sites" className="border-t border-white/10">
      <div className="container-page flex items-start gap-10 py-6">
        <h2 id="footer-sites" className="w-44 shrink-0 pt-1 text-sm font-semibold text-white">
          The {appConfig.brand} family
        </h2>
        <ul className="grid flex-1 grid-cols-4 gap-x-6 gap-y-3">
          {sites.map((site) => (
            <li key={site.id}>
              <a
                href={site.url}
                target="_blank"
                rel="noopener noreferrer"
                className="group block rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <span className="inline-flex items-center gap-1 text-[13px] font-semibold text-white/90 group-hover:text-white group-hover:underline">
                  {site.name}
                  <ExternalIcon size={11} className="opacity-60" />
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs leading-[18px] text-white/50">
                  {site.description}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SiteLinks() {
  const { data } = useSiteLinks();
  const links = [...(data ?? [])];
  const known = new Set(links.map((l) => l.linkUrl));
  return (
    <nav aria-label="Site links" className="border-t border-white/10">
      <ul className="container-page flex flex-wrap items-center justify-center gap-x-1 gap-y-1 py-4">
        {links.map((link) => (
          <li key={link.key || link.name} className="flex items-center">
            <SmartLink to={link.linkUrl} title={link.title} className={`${footLink} px-2.5`}>
              {link.name}
            </SmartLink>
          </li>
        ))}
        {TERMS_LINKS.filter((l) => !known.has(l.to)).map((l) => (
          <li key={l.to} className="flex items-center">
            <Link to={l.to} className={`${footLink} px-2.5`}>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer (docs/routes.md: footer). Always: service highlights, shop-introduction links, site
 * links, sister sites, the online-service popup and the legal line. Store mode adds the service
 * links, grouped help links and the chat-app QR dialog.
 */
export function Footer({ storeMode = isStoreMode }: { storeMode?: boolean }) {
  const { data, isPending } = useIntroduceGroups();
  const groups = data ?? [];
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto">
      <ServiceHighlights />
      <div className="bg-navy text-white">
        <div className="container-page flex gap-10 py-10">
          <div
            className={
              storeMode
                ? 'flex min-w-0 flex-1 justify-between gap-6 pr-6'
                : 'grid min-w-0 flex-1 auto-cols-fr grid-flow-col gap-6'
            }
          >
            {storeMode ? (
              <>
                <HelpColumns groups={groups} pending={isPending} />
                <LinkColumn title="Customer service" links={serviceLinks(groups)} />
              </>
            ) : (
              <>
                <IntroductionLinks groups={groups} pending={isPending} />
                <LinkColumn title="Trade account" links={TRADE_LINKS} />
              </>
            )}
          </div>
          <ContactColumn storeMode={storeMode} />
        </div>
        <SisterSites />
        <SiteLinks />
        <div className="border-t border-white/10">
          <div className="container-page flex items-center justify-between gap-10 py-6">
            <div className="flex items-center gap-3">
              <KauriMark size={36} />
              <div>
                <p className="text-base font-bold">{appConfig.brand}</p>
                <p className="text-xs text-white/60">
                  {storeMode
                    ? 'Kiwi-owned online mall: everyday goods from trusted NZ suppliers, delivered nationwide.'
                    : 'Wholesale supply for NZ retailers, cafés and businesses, straight from our suppliers.'}
                </p>
              </div>
            </div>
            <p className="shrink-0 text-right text-xs leading-5 text-white/50">
              © {year} {COMPANY.legalName}. All prices are in New Zealand dollars (NZD) and include GST.
              <br />
              GST No. {COMPANY.gstNumber} · NZBN {COMPANY.nzbn} · {COMPANY.address}
            </p>
          </div>
          <SimulatedPaymentsNote className="container-page pb-6 text-center text-xs font-semibold text-amber-200" />
        </div>
      </div>
    </footer>
  );
}
