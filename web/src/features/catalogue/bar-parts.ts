import type { ComponentType, FocusEvent, ReactElement, ReactNode } from 'react';

/**
 * The pieces the bar is built of. Until the mega menu's code has arrived (the first time the
 * pointer or the focus comes to the bar) they are plain elements and no panel opens; then they
 * are Radix's navigation menu (MegaMenuParts.tsx).
 */
export interface BarParts {
  Root: ComponentType<{
    value: string;
    onValueChange: (value: string) => void;
    'aria-label': string;
    className: string;
    onMouseLeave: () => void;
    onPointerEnter: () => void;
    onFocus: (e: FocusEvent<HTMLElement>) => void;
    children: ReactNode;
  }>;
  List: ComponentType<{ className: string; children: ReactNode }>;
  Item: ComponentType<{ value: string; className: string; onMouseEnter: () => void; children: ReactNode }>;
  Trigger: ComponentType<{ children: ReactElement }>;
  /** A category's panel around its contents (`children`). */
  Panel: ComponentType<{ onEscape: () => void; children: ReactNode }> | null;
}
