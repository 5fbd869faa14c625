import {
  createContext,
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

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * A navigation list whose items may open a panel: pointing at an item opens its panel at once
 * (it closes 150 ms after the pointer leaves the menu), focusing it opens it too, Tab walks into
 * the panel and Escape closes it back on the item. A followed link closes it. Built on Radix's
 * navigation menu, whose code downloads when the pointer or the focus first comes to the menu.
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
  /** Called when the pointer or the focus first comes to the menu (to fetch what its panels show). */
  onFirstUse?: () => void;
  children: ReactNode;
}) {
  const [value, setValue] = useState('');
  const [wanted, setWanted] = useState(false);
  const parts = useOnFirstUse(hoverMenuPart, wanted) ?? plainParts;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returningFocus = useRef(false);
  const location = useLocation();

  const want = () => {
    if (wanted) return;
    setWanted(true);
    onFirstUse?.();
  };
  const open = (next: string) => {
    clearTimeout(closeTimer.current);
    setValue(next);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setValue(''), [location.pathname, location.search]);

  // When the code arrives the menu's insides are built anew: the element that had the focus gets it back.
  const box = useRef<HTMLElement>(null);
  const focusedIndex = useRef(-1);
  const focusables = () => Array.from(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parts change
  useLayoutEffect(() => {
    // Only when the rebuild dropped the focus (to the body), not when it has gone elsewhere since.
    if (focusedIndex.current < 0 || document.activeElement !== document.body) return;
    focusables()[focusedIndex.current]?.focus({ preventScroll: true });
  }, [parts]);

  const { Root } = parts;
  return (
    <nav
      ref={box}
      aria-label={label}
      className={className}
      onPointerEnter={want}
      onMouseLeave={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => setValue(''), HOVER_MENU_CLOSE_DELAY_MS);
      }}
      onFocus={(e) => {
        want();
        focusedIndex.current = focusables().indexOf(e.target);
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
      onMouseEnter={() => {
        want();
        open(value);
      }}
      onFocus={() => {
        if (openOnFocus && !returningFocus.current) open(value);
      }}
      {...data}
    >
      {children}
    </Item>
  );
}

/** The element (link or button) that controls its item's panel. */
export function HoverMenuTrigger({ children }: { children: ReactElement }) {
  const { Trigger } = useContext(HoverMenuContext).parts;
  return <Trigger>{children}</Trigger>;
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
