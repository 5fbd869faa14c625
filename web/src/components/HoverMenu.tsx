import {
  cloneElement,
  createContext,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import type { HoverMenuParts } from './hover-menu-parts.ts';
import { onFirstUse, useOnFirstUse } from './on-first-use.ts';

/** The Radix code downloads on first use: a first visit that does not open a menu does not pay for it. */
const hoverMenuPart = onFirstUse<HoverMenuParts>(() =>
  import('./HoverMenuRadix.tsx').then((m) => m.hoverMenuRadixParts),
);

/**
 * Fetches the menus' code ahead of use (the header calls it on its first focus, so that a
 * keyboard user who tabs quickly finds the code there when the focus reaches a menu). It only
 * downloads: a menu puts the code in place when it is itself used.
 */
export const preloadHoverMenus = (): Promise<void> => hoverMenuPart.preload().catch(() => {});

/** How long a panel stays after the pointer leaves its menu, so a slightly wide move does not close it. */
export const HOVER_MENU_CLOSE_DELAY_MS = 150;

// Until the Radix code arrives: the same elements Radix renders (its list sits in a
// position:relative div), so nothing moves when it does.
const plainParts: HoverMenuParts = {
  Root: ({ children }) => <div className="contents">{children}</div>,
  List: (props) => (
    <div style={{ position: 'relative' }}>
      <ul {...props} />
    </div>
  ),
  Item: ({ value, ...props }) => <li {...props} />,
  Trigger: ({ children }) => children,
  Content: null,
};

interface HoverMenuState {
  parts: HoverMenuParts;
  open: (value: string) => void;
  /** Asks for the menu's code (the pointer or the focus has come to it). */
  want: () => void;
  /** Set while Escape hands the focus back to a trigger, which must not reopen its panel. */
  returningFocus: { current: boolean };
}

const HoverMenuContext = createContext<HoverMenuState>({
  parts: plainParts,
  open: () => {},
  want: () => {},
  returningFocus: { current: false },
});

/** The value of the item a trigger sits in. */
const HoverMenuItemValue = createContext('');

const FOCUSABLE = 'a[href], button:not([disabled])';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
/** Marks a trigger (to tell it from the menu's other links). */
const TRIGGER_MARK = 'data-hover-menu-trigger';

/** The first element after `from` that Tab would reach in the page, if any. */
const nextTabbable = (from: Element): HTMLElement | undefined =>
  Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).find(
    (el) =>
      el.tabIndex >= 0 &&
      el.getAttribute('aria-hidden') !== 'true' &&
      from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !from.contains(el) &&
      (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );

/**
 * A navigation list whose items may open a panel: pointing at an item opens its panel at once
 * (it closes 150 ms after the pointer leaves the menu), focusing it opens it too, Tab walks into
 * the panel and Escape closes it back on the item. A followed link closes it. Built on Radix's
 * navigation menu, whose code downloads when the pointer first comes to a trigger or the
 * keyboard's focus to the menu; it goes in place then (never under a press on its way).
 */
export function HoverMenu({
  label,
  className,
  onFirstUse,
  children,
}: {
  /** The navigation landmark's name. */
  label: string;
  className?: string;
  /** Called when the menu is first used (to fetch what its panels show). */
  onFirstUse?: () => void;
  children: ReactNode;
}) {
  const [value, setValue] = useState('');
  const [wanted, setWanted] = useState(false);
  const code = useOnFirstUse(hoverMenuPart, wanted);
  // A press under way holds the code back: putting it in place rebuilds the menu's elements, and
  // a press that went down on an element that is then replaced never becomes a click.
  const [pressing, setPressing] = useState(false);
  const pointerDown = useRef(false);
  const parts = wanted && code && !pressing ? code : plainParts;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returningFocus = useRef(false);
  // A Tab pressed on a trigger before the code arrived: it goes into the panel once it is there.
  const pendingTab = useRef(false);
  const location = useLocation();

  const want = () => {
    if (wanted) return;
    setWanted(true);
    onFirstUse?.();
  };
  const released = () => {
    pointerDown.current = false;
    setPressing(false);
  };
  const open = (next: string) => {
    clearTimeout(closeTimer.current);
    setValue(next);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A followed link closes the panel.
  // (After the commit that shows the new page: Radix's own answer to the click comes before it.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setValue(''), [location.pathname, location.search]);

  // When the code arrives the menu's insides are built anew: the element that had the focus gets it back.
  const box = useRef<HTMLElement>(null);
  const focusedIndex = useRef(-1);
  const focusables = () => Array.from(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parts change
  useLayoutEffect(() => {
    const tab = pendingTab.current;
    pendingTab.current = false;
    // Only when the rebuild dropped the focus (to the body), not when it has gone elsewhere since.
    if (focusedIndex.current < 0 || document.activeElement !== document.body) return;
    const restored = focusables()[focusedIndex.current];
    restored?.focus({ preventScroll: true });
    // The held Tab: Radix's focus proxy after the trigger leads into the open panel (see onFocus).
    if (tab && restored?.getAttribute('aria-expanded') === 'true') {
      (restored.nextElementSibling as HTMLElement | null)?.focus({ preventScroll: true });
    }
  }, [parts]);

  // Radix's focus proxy (the hidden element after an open trigger) hands the focus to the panel's
  // first or last control; a panel with none (the empty mini cart) would keep it on the hidden
  // element, where Escape drops it to the page. Tab goes on past the panel instead, Shift+Tab
  // back to the trigger.
  const leaveEmptyPanel = (e: FocusEvent<HTMLElement>) => {
    const proxy = e.target;
    if (proxy.getAttribute('aria-hidden') !== 'true' || document.activeElement !== proxy) return;
    const trigger = proxy.previousElementSibling as HTMLElement | null;
    if (e.relatedTarget === trigger) {
      const item = proxy.closest('li') ?? proxy;
      (nextTabbable(item) ?? trigger)?.focus();
    } else {
      trigger?.focus();
    }
  };

  const { Root } = parts;
  return (
    <nav
      ref={box}
      aria-label={label}
      className={className}
      onPointerDown={() => {
        pointerDown.current = true;
        if (parts === plainParts) setPressing(true);
      }}
      // After the click that follows the release (in the same task), the code may go in.
      onPointerUp={() => setTimeout(released)}
      onPointerCancel={released}
      onMouseLeave={() => {
        released();
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => setValue(''), HOVER_MENU_CLOSE_DELAY_MS);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
        const onTrigger = e.target instanceof HTMLElement && e.target.hasAttribute(TRIGGER_MARK);
        if (onTrigger && parts === plainParts && wanted) {
          e.preventDefault();
          pendingTab.current = true;
        }
      }}
      onFocus={(e) => {
        // The keyboard's focus fetches the code; a press's focus does not (its click comes first).
        if (!pointerDown.current) want();
        focusedIndex.current = focusables().indexOf(e.target);
        leaveEmptyPanel(e);
      }}
      onBlur={(e) => {
        if (e.relatedTarget && !box.current?.contains(e.relatedTarget)) focusedIndex.current = -1;
      }}
    >
      <Root value={value} onValueChange={open}>
        <HoverMenuContext.Provider value={{ parts, open, want, returningFocus }}>
          {children}
        </HoverMenuContext.Provider>
      </Root>
    </nav>
  );
}

export function HoverMenuList({ className, children }: { className?: string; children: ReactNode }) {
  const { List } = useContext(HoverMenuContext).parts;
  return <List className={className}>{children}</List>;
}

/**
 * One entry of the menu. Pointing at it opens its panel (and closes another's); so does the
 * focus coming to it, unless `openOnFocus` is false (a button, which opens on Enter or a click).
 */
export function HoverMenuItem({
  value,
  className,
  openOnFocus = true,
  children,
  ...data
}: {
  value: string;
  className?: string;
  openOnFocus?: boolean;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  const { parts, open, want, returningFocus } = useContext(HoverMenuContext);
  const { Item } = parts;
  return (
    <Item
      value={value}
      className={className}
      onMouseEnter={(e) => {
        // An item with a panel asks for the menu's code; a plain link does not (see HoverMenuTrigger).
        if (e.currentTarget.querySelector(`[${TRIGGER_MARK}]`)) want();
        open(value);
      }}
      onFocus={() => {
        if (openOnFocus && !returningFocus.current) open(value);
      }}
      {...data}
    >
      <HoverMenuItemValue.Provider value={value}>{children}</HoverMenuItemValue.Provider>
    </Item>
  );
}

/**
 * The element (link or button) that controls its item's panel. The pointer coming to it fetches
 * the menu's code (not the pointer crossing the menu's plain links: they are never rebuilt under
 * a click that is on its way).
 */
export function HoverMenuTrigger({
  children,
}: {
  children: ReactElement<{ onPointerEnter?: () => void; 'data-hover-menu-trigger'?: string }>;
}) {
  const { parts, want, open } = useContext(HoverMenuContext);
  const value = useContext(HoverMenuItemValue);
  const { Trigger } = parts;
  // Opens its panel too: when the code is already there the menu is rebuilt at once, and the
  // pointer's next events go to the new elements.
  const enter = () => {
    want();
    open(value);
  };
  return (
    <Trigger>{cloneElement(children, { onPointerEnter: enter, 'data-hover-menu-trigger': '' })}</Trigger>
  );
}

/** An item's panel: shown while its item is open, once the menu's code has arrived. */
export function HoverMenuContent({ className, children }: { className?: string; children: ReactNode }) {
  const { parts, returningFocus } = useContext(HoverMenuContext);
  const { Content } = parts;
  if (!Content) return null;
  const onEscape = () => {
    returningFocus.current = true;
    setTimeout(() => {
      returningFocus.current = false;
    });
  };
  return (
    <Content onEscape={onEscape} className={className}>
      {children}
    </Content>
  );
}

/** Opens an item's panel from a control inside the menu (a button's press). */
export const useHoverMenuOpen = () => useContext(HoverMenuContext).open;
