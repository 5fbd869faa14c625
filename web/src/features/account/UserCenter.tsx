import { ORDER_STATUS } from '@mall/shared/codes';
import type { AccountInfo, Member, OrderBadge } from '@mall/shared/contract/account';
import { formatPrice } from '@mall/shared/money-format';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useOrderBadge } from '../../api/account-queries.ts';
import { useClubStatus } from '../../api/wallet-api.ts';
import {
  BoxIcon,
  CardIcon,
  CoinsIcon,
  CommentIcon,
  CrownIcon,
  HeartIcon,
  TicketIcon,
  WalletIcon,
} from '../../components/account-icons.tsx';
import {
  ChevronRightIcon,
  type IconProps,
  PinIcon,
  ShieldIcon,
  TruckIcon,
  UserIcon,
} from '../../components/icons.tsx';
import { isStoreMode } from '../../lib/app-config.ts';
import { formatDate } from '../../lib/format-date.ts';
import { memberDisplayName } from '../../lib/member-name.ts';
import {
  CASH_TICKET_PATH,
  COMMENT_LIST_PATH,
  COUPONS_PATH,
  FAVORITES_PATH,
  ORDER_LIST_PATH,
  POINTS_PATH,
  PROFILE_PATH,
  SECURITY_PATH,
  SHIPPING_ADDRESS_PATH,
  VIP_PATH,
} from '../../lib/routes.ts';
import { useAccountInfo } from './account-api.ts';
import { MemberAvatar } from './MemberAvatar.tsx';

type Icon = ComponentType<IconProps>;

/**
 * The order badges and where each leads: the order list filtered by the status code of
 * shared/codes ORDER_STATUS; orders waiting for a comment open the order comments page.
 * (The orders work reads `status` from the order list's query.)
 */
export const ORDER_BADGES: { key: keyof OrderBadge; label: string; to: string; icon: Icon }[] = [
  {
    key: 'pendingPayment',
    label: 'Pending payment',
    to: `${ORDER_LIST_PATH}?status=${ORDER_STATUS.pendingPayment}`,
    icon: CardIcon,
  },
  { key: 'toShip', label: 'To ship', to: `${ORDER_LIST_PATH}?status=${ORDER_STATUS.toShip}`, icon: BoxIcon },
  {
    key: 'shipped',
    label: 'Shipped',
    to: `${ORDER_LIST_PATH}?status=${ORDER_STATUS.shipped}`,
    icon: TruckIcon,
  },
  { key: 'toComment', label: 'To comment', to: COMMENT_LIST_PATH, icon: CommentIcon },
];

export const kindLabel = (member: Pick<Member, 'kind'>) =>
  member.kind === 'wholesale' ? 'Wholesale' : 'Retail';

function Pill({ children, tone }: { children: ReactNode; tone: 'brand' | 'gold' | 'navy' }) {
  const styles = {
    brand: 'bg-brand-soft text-brand ring-brand/20',
    gold: 'bg-amber-50 text-amber-700 ring-amber-300/60',
    navy: 'bg-navy/5 text-navy ring-navy/15',
  }[tone];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${styles}`}
    >
      {children}
    </span>
  );
}

/** The club membership's end date (GET /api/club/member/app), for a club member. */
function VipUntil() {
  const club = useClubStatus();
  const until = club.data?.vipUntil;
  if (!until) return null;
  return (
    <div className="flex gap-1.5">
      <dt>VIP until</dt>
      <dd className="font-medium text-ink" data-vip-until="">
        <time dateTime={until}>{formatDate(until)}</time>
      </dd>
    </div>
  );
}

function MemberCard({ member }: { member: Member }) {
  const wholesale = member.kind === 'wholesale';
  const vip = !wholesale && member.userIsVIP;
  return (
    <section
      aria-label="Member"
      className="card relative overflow-hidden bg-gradient-to-r from-brand-soft via-white to-white px-8 py-7"
    >
      <div className="flex items-center gap-6">
        <MemberAvatar member={member} src={member.avatarUrl} size={88} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2.5">
            <h2 className="truncate text-xl font-semibold text-navy">{memberDisplayName(member)}</h2>
            <Pill tone={wholesale ? 'navy' : 'brand'}>{kindLabel(member)}</Pill>
            {vip ? (
              <Pill tone="gold">
                <CrownIcon size={13} strokeWidth={2.2} />
                VIP
              </Pill>
            ) : null}
          </div>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
            <div className="flex gap-1.5">
              <dt>Member No.</dt>
              <dd className="font-medium text-ink tabular-nums">{member.userNo}</dd>
            </div>
            {wholesale ? (
              <div className="flex gap-1.5">
                <dt>Contact</dt>
                <dd className="font-medium text-ink">{member.userName}</dd>
              </div>
            ) : null}
            <div className="flex gap-1.5">
              <dt>E-mail</dt>
              <dd className="font-medium text-ink">{member.userAccount}</dd>
            </div>
            {vip ? <VipUntil /> : null}
          </dl>
        </div>
        <div className="flex shrink-0 gap-2.5">
          <Link to={PROFILE_PATH} className="btn-secondary">
            Edit profile
          </Link>
          {!wholesale && !vip ? (
            <Link to={VIP_PATH} className="btn-primary gap-1.5">
              <CrownIcon size={16} />
              Join the club
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function Balances({
  info,
  pending,
  failed,
  onRetry,
  storeMode,
}: {
  info: AccountInfo | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  storeMode: boolean;
}) {
  const items: { label: string; value: (i: AccountInfo) => string; to: string; icon: Icon }[] = [
    { label: 'Points', value: (i) => String(i.points), to: POINTS_PATH, icon: CoinsIcon },
    {
      label: 'Cash balance',
      value: (i) => formatPrice(i.cashBalance),
      to: CASH_TICKET_PATH,
      icon: WalletIcon,
    },
    // The Coupons page lists both: the member's usable coupons and discount cards.
    {
      label: 'Coupons',
      value: (i) => String(i.coupons + i.discountCards),
      to: COUPONS_PATH,
      icon: TicketIcon,
    },
    ...(storeMode
      ? [
          {
            label: 'Favourites',
            value: (i: AccountInfo) => String(i.favourites),
            to: FAVORITES_PATH,
            icon: HeartIcon,
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="balances-title" className="card px-8 py-6">
      <div className="flex items-center justify-between">
        <h2 id="balances-title" className="text-base font-semibold text-navy">
          My wallet
        </h2>
        {failed ? (
          <button type="button" className="link text-sm" onClick={onRetry}>
            Could not load your balances. Try again
          </button>
        ) : null}
      </div>
      <ul className={`mt-4 grid gap-4 ${items.length === 4 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {items.map(({ label, value, to, icon: Icon }) => (
          <li key={label}>
            <Link
              to={to}
              className="focus-ring group flex items-center gap-4 rounded-lg border border-line px-5 py-4 transition hover:border-brand/40 hover:bg-brand-soft/40"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Icon size={22} />
              </span>
              <span className="min-w-0">
                <span className="block text-xs text-muted">{label}</span>
                {info ? (
                  <span data-balance={label} className="block text-xl font-semibold text-navy tabular-nums">
                    {value(info)}
                  </span>
                ) : (
                  <span
                    aria-hidden="true"
                    className={`mt-1 block h-6 w-14 rounded ${pending ? 'animate-pulse bg-gray-100' : 'bg-transparent text-muted'}`}
                  >
                    {pending ? null : '–'}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Orders({ badge, pending }: { badge: OrderBadge | undefined; pending: boolean }) {
  return (
    <section aria-labelledby="orders-title" className="card px-8 py-6">
      <div className="flex items-center justify-between">
        <h2 id="orders-title" className="text-base font-semibold text-navy">
          My orders
        </h2>
        <Link to={ORDER_LIST_PATH} className="link inline-flex items-center gap-0.5 text-sm">
          View all orders
          <ChevronRightIcon size={15} />
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-4 gap-4">
        {ORDER_BADGES.map(({ key, label, to, icon: Icon }) => {
          const count = badge?.[key];
          return (
            <li key={key}>
              <Link
                to={to}
                aria-label={count === undefined ? label : `${label}: ${count}`}
                className="focus-ring group flex flex-col items-center gap-2 rounded-lg px-4 py-4 text-sm text-ink transition hover:bg-brand-soft/50 hover:text-brand"
              >
                <span className="relative flex size-12 items-center justify-center rounded-full bg-gray-50 text-navy transition group-hover:bg-white group-hover:text-brand">
                  <Icon size={24} />
                  {count !== undefined && count > 0 ? (
                    <span className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] font-semibold text-white">
                      {count > 99 ? '99+' : count}
                    </span>
                  ) : null}
                </span>
                <span>{label}</span>
                <span data-badge={key} className="text-lg font-semibold text-navy tabular-nums">
                  {count ??
                    (pending ? (
                      <span className="inline-block h-5 w-6 animate-pulse rounded bg-gray-100" />
                    ) : (
                      '–'
                    ))}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const shortcuts = (storeMode: boolean): { label: string; note: string; to: string; icon: Icon }[] => [
  { label: 'Profile', note: 'Name, picture and address', to: PROFILE_PATH, icon: UserIcon },
  { label: 'Account security', note: 'Password, e-mail, phone', to: SECURITY_PATH, icon: ShieldIcon },
  {
    label: 'Shipping addresses',
    note: 'Where we deliver',
    to: SHIPPING_ADDRESS_PATH,
    icon: PinIcon,
  },
  ...(storeMode
    ? [
        {
          label: 'Favorite Goods',
          note: 'Goods you saved',
          to: FAVORITES_PATH,
          icon: HeartIcon,
        },
      ]
    : []),
  { label: 'My Order', note: 'Track, pay and review', to: ORDER_LIST_PATH, icon: BoxIcon },
  { label: 'Club membership', note: 'Member prices and perks', to: VIP_PATH, icon: CrownIcon },
];

function Shortcuts({ storeMode }: { storeMode: boolean }) {
  return (
    <nav aria-label="Shortcuts" className="card px-8 py-6">
      <h2 className="text-base font-semibold text-navy">Shortcuts</h2>
      <ul className="mt-4 grid grid-cols-3 gap-4">
        {shortcuts(storeMode).map(({ label, note, to, icon: Icon }) => (
          <li key={label}>
            <Link
              to={to}
              className="focus-ring group flex items-center gap-3.5 rounded-lg border border-line px-4 py-3.5 transition hover:border-brand/40 hover:bg-brand-soft/40"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-sand text-brand">
                <Icon size={20} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-ink group-hover:text-brand">{label}</span>
                <span className="block truncate text-xs text-muted">{note}</span>
              </span>
              <ChevronRightIcon size={16} className="text-gray-300 group-hover:text-brand" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The personal centre (docs/routes.md): who the member is (picture, name, kind, VIP, member
 * number), their wallet (points, cash, coupons, favourites; zero shows as 0), their orders per
 * status, and shortcuts to the rest of the account.
 */
export function UserCenter({ member, storeMode = isStoreMode }: { member: Member; storeMode?: boolean }) {
  const info = useAccountInfo();
  const badge = useOrderBadge();
  return (
    <>
      <MemberCard member={member} />
      <Balances
        info={info.data}
        pending={info.isPending}
        failed={info.isError}
        onRetry={() => void info.refetch()}
        storeMode={storeMode}
      />
      <Orders badge={badge.data} pending={badge.isPending} />
      <Shortcuts storeMode={storeMode} />
    </>
  );
}
