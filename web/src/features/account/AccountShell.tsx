import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { BreadcrumbItem } from '../../components/Breadcrumb.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { isStoreMode } from '../../lib/app-config.ts';
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
  USER_CENTER_PATH,
  VIP_PATH,
} from '../../lib/routes.ts';

interface NavItem {
  label: string;
  to: string;
}

/** The member's own pages, grouped; Favorite Goods only in store mode (docs/routes.md). */
export const accountNavGroups = (storeMode: boolean): { title: string; items: NavItem[] }[] => [
  {
    title: 'My account',
    items: [
      { label: 'Personal Center', to: USER_CENTER_PATH },
      { label: 'Profile', to: PROFILE_PATH },
      { label: 'Account security', to: SECURITY_PATH },
      { label: 'Shipping addresses', to: SHIPPING_ADDRESS_PATH },
    ],
  },
  {
    title: 'Shopping',
    items: [
      { label: 'My Order', to: ORDER_LIST_PATH },
      { label: 'Order comments', to: COMMENT_LIST_PATH },
      ...(storeMode ? [{ label: 'Favorite Goods', to: FAVORITES_PATH }] : []),
      { label: 'Club membership', to: VIP_PATH },
    ],
  },
  {
    title: 'Wallet',
    items: [
      { label: 'Points', to: POINTS_PATH },
      { label: 'Coupons', to: COUPONS_PATH },
      { label: 'Cash ticket', to: CASH_TICKET_PATH },
    ],
  },
];

function AccountSideNav({ storeMode }: { storeMode: boolean }) {
  return (
    <nav aria-label="My account" className="card sticky top-4 overflow-hidden py-2">
      {accountNavGroups(storeMode).map((group) => (
        <div key={group.title} className="px-2 py-2">
          <p className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {group.title}
          </p>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `focus-ring block rounded-md px-3 py-2 text-sm transition ${isActive ? 'bg-brand-soft font-semibold text-brand' : 'text-ink hover:bg-gray-50 hover:text-brand'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The frame of the member's own pages: breadcrumb and heading, the account menu, then the page. */
export function AccountShell({
  pageName,
  title,
  intro,
  breadcrumb,
  children,
  storeMode = isStoreMode,
}: {
  pageName: string;
  title: string;
  intro?: ReactNode;
  /** The trail after Home; by default Personal Center > title. */
  breadcrumb?: readonly BreadcrumbItem[];
  children: ReactNode;
  storeMode?: boolean;
}) {
  return (
    <PageFrame
      pageName={pageName}
      title={title}
      intro={intro}
      breadcrumb={breadcrumb ?? [{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: title }]}
    >
      <div className="grid grid-cols-[220px_1fr] items-start gap-6">
        <AccountSideNav storeMode={storeMode} />
        <div className="min-w-0 space-y-6">{children}</div>
      </div>
    </PageFrame>
  );
}
