import { useEffect, useState } from 'react';
import { Navigate, NavLink, useLocation } from 'react-router';
import { AdminLogin } from './AdminLogin.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import {
  AdminApiError,
  adminApi,
  adminToken,
  type Me,
  OPERATOR_ROLES,
  type OperatorRole,
  ROLE_LABEL,
} from './admin-api.ts';
import { DashboardPanel } from './DashboardPanel.tsx';
import { OperatorsPanel } from './OperatorsPanel.tsx';
import { TotpPanel } from './TotpPanel.tsx';

/** The parts of the back office built so far, each with the roles that see it (the server checks again). */
const PARTS: { path: string; label: string; roles: readonly OperatorRole[] }[] = [
  { path: 'dashboard', label: 'Dashboard', roles: ['owner', 'orders'] },
  { path: 'operators', label: 'Operators', roles: ['owner'] },
  { path: 'audit', label: 'Audit log', roles: ['owner'] },
  { path: 'two-factor', label: 'Two-factor login', roles: OPERATOR_ROLES },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-[15px] ${isActive ? 'bg-brand-soft font-semibold text-brand-dark' : 'text-ink hover:bg-gray-50'}`;

/** The back office at /admin: the operator's login, then a shell with the parts their role may use. */
export function AdminApp() {
  const { pathname } = useLocation();
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(() => adminToken.get() !== null);

  useEffect(() => {
    document.title = 'Back office - Kauri Mall';
    if (!adminToken.get()) return;
    adminApi.me().then(
      (m) => {
        setMe(m);
        setChecking(false);
      },
      (err: unknown) => {
        if (err instanceof AdminApiError && err.status === 401) adminToken.clear();
        setChecking(false);
      },
    );
  }, []);

  const logout = async () => {
    await adminApi.logout().catch(() => {});
    adminToken.clear();
    setMe(null);
  };

  if (checking) return <p className="p-8 text-muted">Loading the back office…</p>;
  if (!me) return <AdminLogin onSignedIn={setMe} />;

  const parts = PARTS.filter((p) => p.roles.includes(me.role));
  // The part in the address (/admin/<part>), when this operator's role shows it; else the first part.
  // Matched here rather than with <Routes>, which shoppers' bundle does not otherwise carry.
  const part = parts.find((p) => pathname.replace(/\/+$/, '') === `/admin/${p.path}`)?.path;
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
        {part === 'dashboard' ? (
          <DashboardPanel />
        ) : part === 'operators' ? (
          <OperatorsPanel me={me} />
        ) : part === 'audit' ? (
          <AuditPanel />
        ) : part === 'two-factor' ? (
          <TotpPanel me={me} onChanged={setMe} />
        ) : (
          <Navigate to={`/admin/${parts[0]!.path}`} replace />
        )}
      </main>
    </div>
  );
}
