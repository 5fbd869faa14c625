import { onFirstUse } from '../../components/on-first-use.ts';
import type { BarParts } from './bar-parts.ts';

/**
 * The brand bar's mega menu (Radix navigation menu and the panels) downloads when the pointer or
 * the focus first comes to the bar: a first visit that does not use it does not pay for it.
 */
export const megaMenuPart = onFirstUse<BarParts>(() =>
  import('./MegaMenuParts.tsx').then((m) => m.megaMenuParts),
);
