import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ChevronDownIcon, UserIcon } from '../../components/icons.tsx';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { AuthLink } from '../../features/account/AuthLink.tsx';
import { memberDisplayName } from '../../lib/member-name.ts';
import {
  FAVORITES_PATH,
  ORDER_LIST_PATH,
  registerTarget,
  SECURITY_PATH,
  USER_CENTER_PATH,
} from '../../lib/routes.ts';
import { LOGOUT_QUESTION, logout } from '../../state/logout.ts';
import { useIsLoggedIn, useSession } from '../../state/session-store.ts';

type MenuItem = { label: string; to: string } | { label: string; action: 'logout' };

/** Spec section 2: the user nav menu, in this order; Favorite Goods only in store mode. */
export const userMenuItems = (storeMode: boolean): MenuItem[] => [
  { label: 'Personal Center', to: USER_CENTER_PATH },
  ...(storeMode ? [{ label: 'Favorite Goods', to: FAVORITES_PATH }] : []),
  { label: 'Account security', to: SECURITY_PATH },
  { label: 'Log Out', action: 'logout' as const },
  { label: 'My Order', to: ORDER_LIST_PATH },
];

const HOVER_CLOSE_DELAY_MS = 150;

function UserMenu({ storeMode }: { storeMode: boolean }) {
  const member = useSession((s) => s.member);
  const name = memberDisplayName(member);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoverOpenedAt = useRef(0);
  const menuId = useId();
  const items = userMenuItems(storeMode);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = menuItems();
    if (all.length) all[(index + all.length) % all.length]!.focus();
  };
  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAndFocus(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAndFocus(-1);
    } else if (e.key === 'Escape') setOpen(false);
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(at - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };

  const itemClass =
    'flex w-full items-center px-4 py-2 text-left text-[13px] text-ink transition hover:bg-brand-soft hover:text-brand focus-visible:bg-brand-soft focus-visible:text-brand focus-visible:outline-none';

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the button opens the menu by keyboard and click */}
      <div
        ref={rootRef}
        className="relative"
        onMouseEnter={() => {
          clearTimeout(closeTimer.current);
          if (!open) {
            hoverOpenedAt.current = Date.now();
            setOpen(true);
          }
        }}
        onMouseLeave={() => {
          closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => {
            // A click right after the hover opened the menu keeps it open. (The hover's update may
            // not have rendered yet, so decide from the ref, not from `open`.)
            if (Date.now() - hoverOpenedAt.current < 400) setOpen(true);
            else setOpen((v) => !v);
          }}
          onKeyDown={onButtonKey}
          className="focus-ring inline-flex max-w-56 items-center gap-1.5 rounded-sm font-medium text-ink hover:text-brand"
        >
          <UserIcon size={15} className="shrink-0 text-brand" />
          <span className="truncate">{name}</span>
          <ChevronDownIcon size={13} className={`shrink-0 transition ${open ? 'rotate-180' : ''}`} />
        </button>
        {open ? (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={name}
            tabIndex={-1}
            onKeyDown={onMenuKey}
            className="absolute top-full right-0 z-40 mt-1.5 w-48 animate-menu-in rounded-lg border border-line bg-white py-1.5 shadow-xl"
          >
            {items.map((item) =>
              'to' in item ? (
                <Link
                  key={item.label}
                  role="menuitem"
                  to={item.to}
                  className={itemClass}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  className={itemClass}
                  onClick={() => {
                    setOpen(false);
                    setConfirming(true);
                  }}
                >
                  {item.label}
                </button>
              ),
            )}
          </div>
        ) : null}
      </div>
      {/* Outside the hover area: React events bubble out of portals, and the dialog must not reopen the menu. */}
      <ConfirmDialog
        open={confirming}
        title="Log Out"
        message={LOGOUT_QUESTION}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setLeaving(true);
          void logout();
        }}
      />
      {leaving ? <LoadingOverlay text="Processing......" /> : null}
    </>
  );
}

/**
 * The account corner of the top bar: `Login | Register` for guests (each through the agreement
 * dialog, spec section 2), the user menu for members.
 */
export function AccountNav({ storeMode }: { storeMode: boolean }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <UserMenu storeMode={storeMode} />;
  return (
    <div className="flex items-center">
      <AuthLink target="login/index" storeMode={storeMode} className="link-quiet font-medium text-brand">
        Login
      </AuthLink>
      <span aria-hidden="true" className="mx-2 text-gray-300">
        |
      </span>
      <AuthLink target={registerTarget(storeMode)} storeMode={storeMode} className="link-quiet text-ink/80">
        Register
      </AuthLink>
    </div>
  );
}
