import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, NavLink, useLocation } from 'react-router';
import { queryClient } from '../../state/query-client.ts';
import { AdminLogin } from './AdminLogin.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { adminApi, adminToken, type Me, OPERATOR_ROLES, operatorKeys, ROLE_LABEL } from './admin-api.ts';
import type { AdminPart } from './admin-part.ts';
import { catalogueParts } from './catalogue/parts.tsx';
import { chatParts } from './chat/parts.tsx';
import { contentParts } from './content/parts.tsx';
import { DashboardPanel } from './DashboardPanel.tsx';
import { membersParts } from './members/parts.tsx';
import { OperatorsPanel } from './OperatorsPanel.tsx';
import { ordersParts } from './orders/parts.tsx';
import { PasswordPanel } from './PasswordPanel.tsx';
import { TotpPanel } from './TotpPanel.tsx';
import { walletParts } from './wallet/parts.tsx';

/** The back office's menu, in order; each part is shown to the roles it names (the server checks again). */
const PARTS: AdminPart[] = [
  { path: 'dashboard', label: 'Dashboard', roles: ['owner', 'orders'], render: () => <DashboardPanel /> },
  ...catalogueParts,
  ...ordersParts,
  ...membersParts,
  ...chatParts,
  ...walletParts,
  ...contentParts,
  { path: 'operators', label: 'Operators', roles: ['owner'], render: ({ me }) => <OperatorsPanel me={me} /> },
  { path: 'audit', label: 'Audit log', roles: ['owner'], render: () => <AuditPanel /> },
  {
    path: 'two-factor',
    label: 'Two-factor login',
    roles: OPERATOR_ROLES,
    render: ({ me, onMeChanged }) => <TotpPanel me={me} onChanged={onMeChanged} />,
  },
  { path: 'password', label: 'My password', roles: OPERATOR_ROLES, render: () => <PasswordPanel /> },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-[15px] ${isActive ? 'bg-brand-soft font-semibold text-brand-dark' : 'text-ink hover:bg-gray-50'}`;

/** The back office at /admin: the operator's login, then a shell with the parts their role may use. */
export function AdminApp() {
  const { pathname } = useLocation();
  const [signedIn, setSignedIn] = useState(() => adminToken.get() !== null);
  const { data: me, isPending } = useQuery({
    queryKey: operatorKeys.me,
    queryFn: adminApi.me,
    enabled: signedIn,
  });

  useEffect(() => {
    document.title = 'Back office - Kauri Mall';
    // A login ended elsewhere (signed out, disabled, password reset): back to the login form.
    return adminToken.onRefused(() => setSignedIn(false));
  }, []);

  const setMe = (m: Me) => queryClient.setQueryData(operatorKeys.me, m);
  const signIn = ({ id, name, role, totp }: Me) => {
    setMe({ id, name, role, totp });
    setSignedIn(true);
  };
  const logout = async () => {
    await adminApi.logout().catch(() => {});
    adminToken.clear();
    setSignedIn(false);
  };

  if (signedIn && isPending) return <p className="p-8 text-muted">Loading the back office…</p>;
  if (!signedIn || !me) return <AdminLogin onSignedIn={signIn} />;

  const parts = PARTS.filter((p) => p.roles.includes(me.role));
  // The part in the address (/admin/<part>), when this operator's role shows it; else the first part.
  // Matched here rather than with <Routes>, which shoppers' bundle does not otherwise carry.
  const part = parts.find((p) => pathname.replace(/\/+$/, '') === `/admin/${p.path}`);
  return (
    <div className="flex min-h-screen bg-gray-50 text-ink">
      <aside className="w-60 shrink-0 border-r border-line bg-white p-4">
        <p className="mb-1 text-lg font-semibold">Kauri Mall back office</p>
        <p className="mb-6 text-sm text-muted">
          {me.name} · {ROLE_LABEL[me.role]}
        </p>
        <nav aria-label="Back office">
          <ul className="flex flex-col gap-1">
            {parts.map((p) => (
              <li key={p.path}>
                <NavLink to={`/admin/${p.path}`} className={navClass}>
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          onClick={() => void logout()}
          className="mt-8 h-10 w-full rounded-lg border border-gray-300 bg-white text-sm font-medium hover:bg-gray-50"
        >
          Log out
        </button>
      </aside>
      <main className="flex-1 p-8">
        {part ? (
          part.render({ me, onMeChanged: setMe })
        ) : (
          <Navigate to={`/admin/${parts[0]!.path}`} replace />
        )}
      </main>
    </div>
  );
}
