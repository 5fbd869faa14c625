import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { FAVORITES_PATH, ORDER_LIST_PATH, SECURITY_PATH, USER_CENTER_PATH } from '../../lib/routes.ts';
import { LOGOUT_QUESTION, logout } from '../../state/logout.ts';

type MenuItem = { label: string; to: string } | { label: string; action: 'logout' };

/** The user nav menu, in this order; Favorite Goods only in store mode. */
export const userMenuItems = (storeMode: boolean): MenuItem[] => [
  { label: 'Personal Center', to: USER_CENTER_PATH },
  ...(storeMode ? [{ label: 'Favorite Goods', to: FAVORITES_PATH }] : []),
  { label: 'Account security', to: SECURITY_PATH },
  { label: 'Log Out', action: 'logout' as const },
  { label: 'My Order', to: ORDER_LIST_PATH },
];

const HOVER_CLOSE_DELAY_MS = 150;
/** A press this soon after the pointer opened the menu keeps it open (it arrived with the hover). */
const HOVER_PRESS_GRACE_MS = 400;

/**
 * Radix's menu content takes `onOpenAutoFocus` like its other layers, though DropdownMenu's
 * types leave it out: a menu the pointer opened leaves the focus where it was (in the search
 * box, say) instead of taking it.
 */
const keepFocusWhen = (keep: () => boolean) =>
  ({
    onOpenAutoFocus: (e: Event) => {
      if (keep()) e.preventDefault();
    },
  }) as object;

const itemClass =
  'flex w-full cursor-pointer items-center px-4 py-2 text-left text-[13px] text-ink outline-none transition data-[highlighted]:bg-brand-soft data-[highlighted]:text-brand';

/**
 * A member's menu in the top bar (Radix dropdown menu: menu and menuitem roles, arrow keys,
 * Home/End, Escape back to the button). Pointing at it opens it too, without taking the focus,
 * and it closes shortly after the pointer leaves. Log Out asks first.
 */
export function UserMenu({ storeMode, name, label }: { storeMode: boolean; name: string; label: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoverOpenedAt = useRef(0);
  /** How the menu was last opened or closed by the pointer: then the focus stays where it is. */
  const byPointer = useRef(false);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onOpenChange = (next: boolean) => {
    // The press of a click arrives right after its hover opened the menu (the hover's update may
    // not have rendered yet, so decide from the time, not from `open`).
    if (!next && Date.now() - hoverOpenedAt.current < HOVER_PRESS_GRACE_MS) return;
    byPointer.current = false;
    setOpen(next);
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the button opens the menu by keyboard and click */}
      <div
        className="relative"
        onMouseEnter={() => {
          clearTimeout(closeTimer.current);
          if (!open) {
            hoverOpenedAt.current = Date.now();
            byPointer.current = true;
            setOpen(true);
          }
        }}
        onMouseLeave={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => {
            byPointer.current = true;
            setOpen(false);
          }, HOVER_CLOSE_DELAY_MS);
        }}
      >
        <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
          <DropdownMenu.Trigger className="group focus-ring inline-flex max-w-56 items-center gap-1.5 rounded-sm font-medium text-ink hover:text-brand">
            {label}
          </DropdownMenu.Trigger>
          <DropdownMenu.Content
            aria-label={name}
            align="end"
            sideOffset={6}
            {...keepFocusWhen(() => byPointer.current)}
            onCloseAutoFocus={(e) => {
              if (byPointer.current) e.preventDefault();
            }}
            className="z-40 w-48 animate-menu-in rounded-lg border border-line bg-white py-1.5 shadow-xl"
          >
            {userMenuItems(storeMode).map((item) =>
              'to' in item ? (
                <DropdownMenu.Item key={item.label} asChild className={itemClass}>
                  <Link to={item.to}>{item.label}</Link>
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item
                  key={item.label}
                  className={itemClass}
                  onSelect={() => setConfirming(true)}
                >
                  {item.label}
                </DropdownMenu.Item>
              ),
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
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
