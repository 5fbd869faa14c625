import { onFirstUse } from '../on-first-use.ts';

/**
 * Embla, the carousel's slide engine (dragging and swiping, eased scrolling), downloads when the
 * shopper first uses the carousel (pointer, touch or focus on it): the first screen shows the
 * first slide without it.
 */
export const emblaPart = onFirstUse(() => import('embla-carousel').then((m) => m.default));
