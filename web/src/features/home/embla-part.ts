import { onFirstUse } from '../../components/on-first-use.ts';

/**
 * Embla, the carousel's slide engine (dragging and swiping, eased scrolling), downloads when the
 * shopper first uses the carousel (pointer or touch on it, focus in it, an arrow or a dot): the first screen shows the
 * first slide without it.
 */
export const emblaPart = onFirstUse(() => import('./embla-track.ts').then((m) => m.attachEmbla));
