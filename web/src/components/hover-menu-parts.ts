import type { ComponentType, MouseEvent, ReactElement, ReactNode } from 'react';

/**
 * The pieces a hover menu is built of. Until its code has arrived (the first time the pointer
 * or the focus comes to the menu) they are plain elements and no panel opens; then they are
 * Radix's navigation menu (HoverMenuRadix.tsx).
 */
export interface HoverMenuParts {
  /** Holds the open item's value ('' when none); inside the menu's own nav, which stays put when the code arrives. */
  Root: ComponentType<{ value: string; onValueChange: (value: string) => void; children: ReactNode }>;
  List: ComponentType<{ className?: string; children: ReactNode }>;
  Item: ComponentType<{
    value: string;
    className?: string;
    onMouseEnter: (event: MouseEvent<HTMLLIElement>) => void;
    onFocus: () => void;
    children: ReactNode;
    [data: `data-${string}`]: string;
  }>;
  Trigger: ComponentType<{ children: ReactElement }>;
  /** An item's panel around its contents (`children`); null until the code has arrived. */
  Content: ComponentType<{ onEscape: () => void; className?: string; children: ReactNode }> | null;
}
