import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { preloadDialog } from '../../components/Dialog.tsx';
import { isStoreMode } from '../../lib/app-config.ts';
import { type AuthTarget, agreementPageUrl, authTargetUrl, callbackFrom } from '../../lib/routes.ts';

// The dialog downloads on first use (hover, focus or click): the header of every page carries
// only this link.
const loadAgreementDialog = () => import('./AgreementDialog.tsx');
const AgreementDialog = lazy(() => loadAgreementDialog().then((m) => ({ default: m.AgreementDialog })));
const preload = () => {
  void loadAgreementDialog();
  void preloadDialog();
};

interface AuthLinkProps {
  target: AuthTarget;
  children: ReactNode;
  className?: string;
  storeMode?: boolean;
  /** Where to come back to after login; the current route by default. */
  callbackUrl?: string;
}

/**
 * A link to login or register that first shows the agreement dialog (docs/routes.md). Its
 * address is the agreement page leading to the same place, so opening it in a new tab works too.
 */
export function AuthLink({
  target,
  children,
  className,
  storeMode = isStoreMode,
  callbackUrl,
}: AuthLinkProps) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const next = authTargetUrl(target, callbackUrl ?? callbackFrom(location));
  return (
    <>
      <Link
        to={agreementPageUrl(next)}
        className={className}
        onMouseEnter={preload}
        onFocus={preload}
        onClick={(e) => {
          // A new tab or window (modifier keys, middle click) opens the agreement page instead.
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {used ? (
        <Suspense fallback={null}>
          <AgreementDialog open={open} onClose={() => setOpen(false)} next={next} storeMode={storeMode} />
        </Suspense>
      ) : null}
    </>
  );
}
